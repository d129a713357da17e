import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { grantRole } from './support/workspace';

/*
 * The blockchain track's Solidity questions and projects (issue 25) on the content published at start: the
 * index counts them, a learner writes a contract in the Solidity editor and Run Tests judges it on the
 * server (solc, then an EVM in the sandbox): the starter fails with each scenario's reason, the reference
 * passes, a project marks its milestones.
 */
const blockchainDir = path.resolve(__dirname, '..', '..', 'content', 'blockchain');
const source = (kind: string, slug: string, file: string) =>
  readFileSync(path.join(blockchainDir, kind, slug, file), 'utf8');

/** Replaces the editor's text with `text` as one paste (no automatic closing of brackets). */
async function pasteContract(page: Page, text: string) {
  await page.locator('.solidity-workspace__editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('blockchain: a Solidity question is judged in the EVM on the server, failing scenarios explained', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/blockchain/index');
  const index = page.getByRole('list', { name: 'BlockchainExpert content' });
  await expect(index.getByRole('link', { name: /Solidity questions/ })).toContainText(
    'Questions · 10 questions',
  );
  await expect(index.getByRole('link', { name: /Projects/ })).toContainText('Projects · 3 projects');

  await index.getByRole('link', { name: /Solidity questions/ }).click();
  await expect(page).toHaveURL(/\/blockchain\/coding-questions$/);
  await page.getByRole('link', { name: 'Owned Counter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Owned Counter' })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('[data-editor-ready="true"]')).toHaveAttribute('data-language', 'solidity');

  // A visitor is asked to log in before anything runs.
  await page.getByRole('button', { name: 'Run Tests' }).click();
  await expect(page.getByRole('dialog')).toContainText('Log in to run your contract');
  await page.keyboard.press('Escape');
  await signInAsDeveloper(page, uniquePerson('solidity-learner'));

  // The starter compiles and fails: each visible scenario says why.
  await page.getByRole('button', { name: 'Run Tests' }).click();
  const results = page.locator('.solidity-results');
  await expect(results.locator('.solidity-results__status')).toContainText('tests passed', {
    timeout: 60_000,
  });
  await expect(results.locator('.solidity-result[data-passed="false"]').first()).toBeVisible();
  await expect(results.locator('.solidity-result__reason').first()).not.toBeEmpty();

  // A syntax error answers solc's message.
  await pasteContract(
    page,
    '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract Counter { uint x = ; }',
  );
  await page.keyboard.press('ControlOrMeta+Quote');
  await expect(results).toContainText('Compilation failed', { timeout: 60_000 });
  await expect(results.locator('pre')).toContainText('Solution.sol');

  // The reference passes every scenario, the hidden ones included.
  await pasteContract(page, source('questions', 'owned-counter', 'solution.sol'));
  await page.getByRole('button', { name: 'Run Tests' }).click();
  await expect(results.locator('.solidity-results__status')).toHaveText('All tests passed', {
    timeout: 60_000,
  });
  await expect(results.getByText(/^Hidden test \d+/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/solidity-question-1280.png', fullPage: true });

  // The code is kept: a reload shows the learner's contract, not the starter.
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.locator('.solidity-workspace__editor .view-lines')).toContainText('NotOwner', {
    timeout: 20_000,
  });

  // The list shows the question solved; at 390 px the workspace stacks and stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Run Tests' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/solidity-question-390.png', fullPage: true });
});

test('blockchain: projects list their milestones; an owner builds one and sees which milestones pass', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/blockchain/projects');
  const projects = page.getByRole('list', { name: 'Projects' });
  await expect(projects.getByRole('listitem')).toHaveCount(3);
  await expect(projects.locator('[data-project="capped-nft"]')).toContainText('Locked');

  await signInAsDeveloper(page, uniquePerson('solidity-builder'));
  await grantRole(page, page.request, 'blockchainexpertv1');
  await page.goto('/blockchain/projects/constant-product-pool');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  await page.getByRole('tab', { name: /Milestones/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('visible');

  await pasteContract(page, source('projects', 'constant-product-pool', 'solution.sol'));
  await page.getByRole('button', { name: 'Run Tests' }).click();
  const results = page.locator('.solidity-results');
  await expect(results.locator('.solidity-results__status')).toHaveText('All tests passed', {
    timeout: 90_000,
  });
  const milestones = results.getByRole('list', { name: 'Milestones' }).getByRole('listitem');
  await expect(milestones.first()).toHaveAttribute('data-passed', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('✓ passed');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/solidity-project-1280.png', fullPage: true });

  await page.goto('/blockchain/projects');
  await expect(page.locator('[data-project="constant-product-pool"]')).toContainText('Completed');
});
