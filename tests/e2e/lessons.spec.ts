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

/** The systems glossary the platform published at start (content/systems/glossary). */
const glossaryDir = path.resolve(__dirname, '..', '..', 'content', 'systems', 'glossary');
const glossary = readdirSync(glossaryDir).map((file) =>
  JSON.parse(readFileSync(path.join(glossaryDir, file), 'utf8')),
) as { slug: string; term: string; seeAlso: string[]; lesson?: string }[];

test('a visitor finds a term in the systems glossary, follows a related term, then its lesson', async ({
  page,
}) => {
  const term = glossary.find((t) => t.seeAlso.length > 0 && t.lesson)!;
  const related = glossary.find((t) => t.slug === term.seeAlso[0])!;
  await page.goto('/systems/index');
  const section = page.getByRole('region', { name: 'Glossary' });
  await expect(section.getByRole('status')).toHaveText(`${glossary.length} terms`);
  await expect(section.locator('dt')).toHaveCount(glossary.length);
  // A to Z.
  const shown = await section.locator('dt').allTextContents();
  expect(shown).toEqual([...shown].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));

  await section.getByRole('searchbox', { name: 'Find a term' }).fill(term.term);
  await expect(section.getByRole('status')).toContainText(`of ${glossary.length} terms match`);
  const entry = section.locator(`#glossary-${term.slug}`);
  await expect(entry.locator('dt')).toHaveText(term.term);
  // The related term may be filtered out: following it clears the filter and lands on it.
  await entry.getByRole('link', { name: related.term, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#glossary-${related.slug}$`));
  await expect(section.locator(`#glossary-${related.slug}`)).toBeInViewport();
  await expect(section.getByRole('status')).toHaveText(`${glossary.length} terms`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/systems-index-glossary-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/test-results/systems-index-glossary-390.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the glossary fits the screen width').toBeLessThanOrEqual(0);
  await section.getByRole('searchbox', { name: 'Find a term' }).fill('no such term at all');
  await expect(section).toContainText('No term matches “no such term at all”.');
  await section.getByRole('searchbox', { name: 'Find a term' }).fill(term.term);
  await entry.getByRole('link', { name: /^Lesson: / }).click();
  await expect(page).toHaveURL(`/systems/fundamentals/${term.lesson}`);
});

test("the algorithms glossary sits under the data-structures course and leads to the algorithms' lessons", async ({
  page,
}) => {
  const dir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'glossary');
  const terms = readdirSync(dir).map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) as {
    slug: string;
    term: string;
    lesson?: string;
  }[];
  const term = terms.find((t) => t.lesson === 'hash-tables')!;
  await page.goto('/data-structures');
  const section = page.getByRole('region', { name: 'Glossary' });
  await expect(section.getByRole('status')).toHaveText(`${terms.length} terms`);
  await section.getByRole('searchbox', { name: 'Find a term' }).fill(term.term);
  const entry = section.locator(`#glossary-${term.slug}`);
  await expect(entry.locator('dt')).toHaveText(term.term);
  expect(await seriousViolations(page)).toEqual([]);
  await entry.getByRole('link', { name: /^Lesson: / }).click();
  await expect(page).toHaveURL('/data-structures/hash-tables');
  // A lesson's own page shows the lesson, not the glossary.
  await expect(page.getByRole('region', { name: 'Glossary' })).toHaveCount(0);
});

/** The clip of the first data-structures lesson (its storyboard: content/…/complexity-analysis/video.json). */
const clipBoard = JSON.parse(
  readFileSync(path.join(lessonsDir, 'complexity-analysis', 'video.json'), 'utf8'),
) as { title: string; scenes: { seconds: number }[] };
const clipSeconds = clipBoard.scenes.reduce((sum, scene) => sum + scene.seconds, 0);

test("a learner's place in a lesson clip is kept across a reload, and the clip counts as watched near its end", async ({
  page,
}) => {
  await page.goto('/data-structures/complexity-analysis');
  await signInAsDeveloper(page, uniquePerson('clip-watcher'));
  const figure = page.getByRole('figure').filter({ hasText: clipBoard.title });
  const clip = figure.locator('video');
  await expect(figure).toBeVisible();
  await expect(clip.locator('track[kind="captions"]')).toHaveAttribute('srclang', 'en');
  await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);

  // Watch from 0:12 for a moment, then pause: the pause saves the place.
  const saved = page.waitForResponse((r) => r.url().includes('/user-data/set') && r.ok());
  await clip.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 12;
    await v.play();
    await new Promise<void>((done) => {
      const check = () => (v.currentTime >= 12.5 ? done() : requestAnimationFrame(check));
      check();
    });
    v.pause();
  });
  await saved;

  await page.reload();
  await expect(figure).toContainText(/Resumes at 0:1[2-3]/);
  await expect
    .poll(() => clip.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime)))
    .toBeGreaterThanOrEqual(12);
  const outline = page.getByRole('navigation', { name: `${course}: lessons` });
  await expect(outline.getByRole('link', { name: /Complexity/ })).toContainText('Clip');
  await expect(outline.getByRole('link', { name: /Complexity/ })).not.toContainText('Clip watched');

  // Near the end it counts as watched (videosWatched), which the outline and the caption show after a reload.
  const watched = page.waitForResponse(
    (r) => r.url().includes('/user-data/set') && (r.request().postData() ?? '').includes('videosWatched'),
  );
  await clip.evaluate(async (v: HTMLVideoElement, seconds: number) => {
    v.currentTime = seconds * 0.95;
    await v.play();
  }, clipSeconds);
  expect((await watched).ok()).toBe(true);
  await page.reload();
  await expect(outline.getByRole('link', { name: /Complexity/ })).toContainText('Clip watched');
  await expect(figure).toContainText('Watched');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/lessons-clip-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(figure).toBeVisible();
  expect(await figure.evaluate((f) => f.scrollWidth <= f.clientWidth + 1)).toBe(true);
  await figure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'tests/test-results/lessons-clip-390.png' });
});
