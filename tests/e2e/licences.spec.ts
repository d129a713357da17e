import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';

/*
 * Issue 19 in a browser: a team lead buys 3 seats of AlgoExpert on /licenses/purchase and pays on the
 * local test payment page, creates a key with 2 uses on /licenses/manage, two learners redeem it on
 * /license-key and open a locked question, a third is refused with the licence's message, and the
 * manage page shows 1 unused seat. Checked with axe, and usable at 390 px.
 */

const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions');
const questionOf = (slug: string) =>
  JSON.parse(readFileSync(path.join(questionsDir, slug, 'question.json'), 'utf8')) as {
    name: string;
    free?: boolean;
  };
const lockedSlug = readdirSync(questionsDir).find((slug) => questionOf(slug).free !== true)!;

async function learnerRedeems(browser: Browser, label: string, code: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/license-key');
  await signInAsDeveloper(page, uniquePerson(label));
  await page.getByRole('textbox', { name: 'Licence key' }).fill(code);
  await page.getByRole('button', { name: 'Apply key' }).click();
  return page;
}

test('a team lead buys 3 seats, hands out a 2-use key, two learners unlock a question, the third is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/licenses/purchase');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy licences for your team' })).toBeVisible();
  await signInAsDeveloper(page, uniquePerson('team-lead'));
  await page.getByLabel('Product').selectOption('algoexpert');
  await page.getByLabel('Seats').fill('3');
  await expect(page.locator('.licence-total')).toContainText('3 ×');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/licenses\/manage\?purchase=cs_/);
  await expect(page.getByTestId('unused-algoexpert')).toHaveText('3', { timeout: 20_000 });
  await page.getByLabel('Name').fill('Backend team');
  await page.getByLabel('Uses').fill('2');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = page.getByRole('listitem', { name: 'Key Backend team' });
  await expect(key).toContainText('0 of 2 uses redeemed');
  await expect(page.getByTestId('unused-algoexpert')).toHaveText('1');
  const code = (await key.locator('.licence-key__code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  expect(await seriousViolations(page)).toEqual([]);

  for (const label of ['learner-one', 'learner-two']) {
    const learner = await learnerRedeems(browser, label, code);
    await expect(learner.getByText('Your key is applied. It unlocked:')).toBeVisible();
    await expect(learner.getByRole('link', { name: 'AlgoExpert' })).toBeVisible();
    expect(await seriousViolations(learner)).toEqual([]);
    await learner.goto(`/questions/${lockedSlug}`);
    await expect(learner.getByRole('heading', { level: 1, name: questionOf(lockedSlug).name })).toBeVisible();
    // The prompt is the locked content itself (the catalogue refuses it to non-owners).
    await expect(
      learner
        .getByRole('tabpanel', { name: 'Prompt' })
        .getByRole('heading', { level: 2, name: questionOf(lockedSlug).name }),
    ).toBeVisible();
    await learner.context().close();
  }

  const third = await learnerRedeems(browser, 'learner-three', code);
  await expect(
    third.getByText('This licence key has already been used the maximum number of times (2).'),
  ).toBeVisible();
  await third.context().close();

  await page.reload();
  await expect(page.getByTestId('unused-algoexpert')).toHaveText('1');
  await expect(key).toContainText('2 of 2 uses redeemed');
  await key.getByRole('button', { name: 'Report' }).click();
  await expect(key.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('licences-manage-1280.png'), fullPage: true });

  // Usable on a phone: nothing wider than the screen, the key's actions still reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(key.getByRole('button', { name: 'Copy key' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('licences-manage-390.png'), fullPage: true });
});
