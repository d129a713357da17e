import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { openWorkspace } from './support/workspace';

/*
 * The workspace's animated walkthrough (issue 16): the video pane plays the question's reference
 * solution step by step on an example, from the trace published with the content. A learner opens it,
 * steps forward and back with the buttons and the keyboard, plays and pauses, reaches the answer; the
 * pane passes axe and stays usable on a 390 px phone. Its code loads only when the pane opens.
 */

// Free, with a linked list to draw.
const SLUG = 'flip-linked-list';
const trace = JSON.parse(
  readFileSync(
    path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions', SLUG, 'trace.json'),
    'utf8',
  ),
) as { steps: { event: string; line: number }[]; input: { head: number[] } };

const stepCounter = (page: Page) => page.getByTestId('walkthrough-step');
const stepNumber = async (page: Page) =>
  Number((await stepCounter(page).innerText()).match(/Step (\d+)/)![1]);

// Signing in, the workspace, Monaco and two axe scans: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

async function openPlayer(page: Page) {
  const player = page.getByRole('region', { name: 'Animated walkthrough' });
  await page
    .getByRole('group', { name: 'Panes' })
    .getByRole('button', { name: 'Animated Walkthrough' })
    .click();
  await page.getByRole('button', { name: 'Show Animated Walkthrough' }).click();
  await expect(player).toBeVisible();
  return player;
}

test('the animated walkthrough steps, plays and pauses through the reference solution, by mouse and keyboard', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('walkthrough'));
  await openWorkspace(page, SLUG);
  // The player's code is not part of the workspace's load.
  const beforeOpening = scripts.length;
  expect(scripts.some((url) => /walkthrough-player/.test(url))).toBe(false);

  const player = await openPlayer(page);
  expect(scripts.slice(beforeOpening).some((url) => /walkthrough-player/.test(url))).toBe(true);
  const total = trace.steps.length;
  await expect(stepCounter(page)).toHaveText(`Step 1 of ${total}`);
  const code = player.getByRole('list', { name: 'Reference solution' });
  await expect(code.locator('[aria-current="step"]')).toContainText('def flipList');
  const stack = player.getByRole('list', { name: 'Call stack, innermost call first' });
  await expect(stack.getByRole('listitem').first()).toContainText('flipList');
  // The input list is drawn, node by node.
  await expect(
    player.getByRole('img', { name: `linked list: ${trace.input.head.join(' → ')} → None` }),
  ).toBeVisible();

  // Step forward with the button, then the keyboard; back with the keyboard.
  await player.getByRole('button', { name: 'Next step' }).click();
  await expect(stepCounter(page)).toHaveText(`Step 2 of ${total}`);
  await expect(code.locator('[aria-current="step"] .wt-code__number')).toHaveText(
    String(trace.steps[1].line),
  );
  await page.keyboard.press('ArrowRight');
  await expect(stepCounter(page)).toHaveText(`Step 3 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(stepCounter(page)).toHaveText(`Step 2 of ${total}`);
  await player.getByRole('button', { name: 'Previous step' }).click();
  await expect(stepCounter(page)).toHaveText(`Step 1 of ${total}`);

  // Play at the fastest speed: the steps advance by themselves; Pause stops them.
  await player.getByLabel('Speed').selectOption('4×');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => stepNumber(page)).toBeGreaterThan(4);
  await player.getByRole('button', { name: 'Pause' }).click();
  const paused = await stepNumber(page);
  // Two ticks of the fastest speed later, it has not moved.
  await page.waitForTimeout(500);
  expect(await stepNumber(page)).toBe(paused);
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // The last step is the solution returning the reversed list.
  await page.keyboard.press('End');
  await expect(stepCounter(page)).toHaveText(`Step ${total} of ${total}`);
  await expect(player.locator('.wt-caption')).toContainText('flipList returns');
  await expect(
    player
      .getByRole('img', { name: `linked list: ${[...trace.input.head].reverse().join(' → ')} → None` })
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Home');
  await expect(stepCounter(page)).toHaveText(`Step 1 of ${total}`);

  // The pane itself (the editor beside it is checked with the route in accessibility.spec.ts).
  expect(await seriousViolations(page, '.walkthrough-player')).toEqual([]);
});

test('the animated walkthrough is usable on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('walkthrough-phone'));
  await openWorkspace(page, SLUG);
  const player = await openPlayer(page);
  await player.scrollIntoViewIfNeeded();
  const next = player.getByRole('button', { name: 'Next step' });
  await next.click();
  await expect(stepCounter(page)).toHaveText(/^Step 2 of/);
  // The controls and the panels fit the phone's width: nothing to scroll sideways to reach them.
  for (const part of [
    player.getByRole('group', { name: 'Walkthrough controls' }),
    player.getByRole('button', { name: 'Play' }),
    player.getByRole('list', { name: 'Reference solution' }),
    player.getByRole('list', { name: 'Call stack, innermost call first' }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await seriousViolations(page, '.walkthrough-player')).toEqual([]);
});
