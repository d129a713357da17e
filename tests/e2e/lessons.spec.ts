import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';

/*
 * Lesson pages (issue 22) on the algorithms lessons the platform published when it started: the course
 * outline, the free sample open to visitors and the locked view of the rest, and a signed-in learner
 * marking a lesson completed (user data: completedDs), which a reload keeps.
 */
const lessonsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'data-structures');
const lessons = readdirSync(lessonsDir)
  .map((slug) => JSON.parse(readFileSync(path.join(lessonsDir, slug, 'meta.json'), 'utf8')))
  .sort((a, b) => a.order - b.order) as { slug: string; title: string; summary: string; free: boolean }[];
const [first] = lessons;
const lockedIndex = lessons.findIndex((lesson) => !lesson.free);
const locked = lessons[lockedIndex];
const beforeLocked = lessons[lockedIndex - 1];
const course = 'Data structures crash course';

test('a visitor reads the free data-structures lesson and finds the first locked one with the way to buy it', async ({
  page,
}) => {
  await page.goto('/data-structures');
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
  const outline = page.getByRole('navigation', { name: `${course}: lessons` });
  await expect(outline.getByRole('link')).toHaveCount(lessons.length);
  await expect(
    page.getByRole('article', { name: first.title }).locator('.markdown h2').first(),
  ).toBeVisible();

  await outline.getByRole('link', { name: locked.title }).click();
  await expect(page).toHaveURL(`/data-structures/${locked.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: locked.title })).toBeVisible();
  const lockedView = page.getByRole('region', { name: 'Locked lesson' });
  await expect(lockedView).toContainText('This lesson is part of AlgoExpert');
  await expect(lockedView.getByRole('link', { name: 'Get AlgoExpert' })).toHaveAttribute('href', '/purchase');
  await expect(page.getByRole('link', { name: `← ${beforeLocked.title}` })).toHaveAttribute(
    'href',
    `/data-structures/${beforeLocked.slug}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lockedView).toBeVisible();
  await page.screenshot({ path: 'tests/test-results/lessons-locked-390.png', fullPage: true });
});

test('a learner marks a lesson completed; the outline counts it and a reload keeps it', async ({ page }) => {
  await page.goto(`/data-structures/${first.slug}`);
  await signInAsDeveloper(page, uniquePerson('lesson-reader'));
  const outline = page.getByRole('navigation', { name: `${course}: lessons` });
  await expect(outline).toContainText(`0 of ${lessons.length} completed`);
  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByRole('button', { name: /^Completed/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(outline).toContainText(`1 of ${lessons.length} completed`);

  await page.reload();
  await expect(outline).toContainText(`1 of ${lessons.length} completed`);
  await expect(outline.getByRole('listitem').first()).toHaveAttribute('data-completed', 'true');
  await page.getByRole('button', { name: /^Completed/ }).click();
  await expect(page.getByRole('button', { name: 'Mark as completed' })).toBeVisible();
  await expect(outline).toContainText(`0 of ${lessons.length} completed`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/lessons-completed-1280.png', fullPage: true });
});
