import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../src/services/pdf-text';
import { header, signInAsDeveloper, signInDialog, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { E2E_STAFF_TOKEN } from './support/environment';
import { fileOf } from './support/workspace';

/*
 * Issue 17, the whole purchase path in a browser: a visitor arrives with a promo code (`?a=`, spec 5),
 * picks the Tech Interview Bundle on /purchase, signs in when buying and finds the same choice, pays on
 * the local test payment page (which sends Stripe's signed webhook), waits on /confirmation until the
 * products are owned, and then downloads the charge's receipt from the transactions page.
 */

test('a visitor with a promo code buys the Tech Interview Bundle, pays, owns it, and reads the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = `E2E${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
  const created = await request.post('/api/staff/v1/promo-codes', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { code, percentOff: 10 },
  });
  expect(created.status()).toBe(200);
  // The offerings read model knows the code before the visitor arrives.
  await expect
    .poll(async () => {
      const answer = await request.post('/api/subscriptions/v3/offerings/get', { data: { promocode: code } });
      return ((await answer.json()) as { promoCodeError?: unknown }).promoCodeError ?? null;
    })
    .toBeNull();

  await page.goto(`/purchase?a=${code}`);
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveValue(code);
  await expect(page.getByText(`Promo code ${code} applied.`)).toBeVisible();
  const bundle = page.locator('.offering-grid [data-offering="tech-interview"]');
  await expect(bundle.getByRole('heading', { name: 'Tech Interview Bundle' })).toBeVisible();
  await expect(bundle.locator('[data-discount="promo"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Buying needs an account: the dialog asks, and the choice is still there afterwards.
  await bundle.getByRole('button', { name: 'Buy the Tech Interview Bundle' }).click();
  const dialog = signInDialog(page);
  await expect(dialog).toContainText('Log in to buy the Tech Interview Bundle.');
  const person = uniquePerson('bundle-buyer');
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Developer sign-in' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(person.email);
  await popup.getByLabel('Name', { exact: true }).fill(person.name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await expect(header(page).getByTestId('account-name')).toHaveText(person.name);
  await expect(page).toHaveURL(/[?&]offering=tech-interview/);
  const choice = page.getByRole('region', { name: 'Your choice' });
  await expect(choice.getByRole('heading', { name: 'Tech Interview Bundle' })).toBeVisible();
  await expect(choice.locator('[data-discount="promo"]')).toBeVisible();
  const total = (await choice.getByTestId('price-total').textContent())!;

  // Buy goes to the checkout page: here the local test payment page standing in for Stripe's.
  await choice.getByRole('button', { name: 'Buy the Tech Interview Bundle' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/confirmation\?purchase=cs_/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products bought' }).getByRole('listitem')).toHaveText([
    'AlgoExpert',
    'SystemsExpert',
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  // Owner now: the systems design product opens from the confirmation, and the account says so.
  await page.getByRole('link', { name: 'Open SystemsExpert' }).click();
  await expect(page).toHaveURL(/\/systems\/product$/);
  await page.goto('/account/products');
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.locator('[data-product="systemsexpert"]')).toContainText('Purchased');
  await expect(products.locator('[data-product="algoexpert"]')).toContainText('Purchased');
  // Questions locked to visitors open for the owner: a systems-design question in the design workspace,
  // and a coding question of the bundle's algorithms in the coding workspace.
  await page.goto('/systems/workspace/pastebin');
  await expect(page.getByRole('heading', { level: 1, name: 'Design a Pastebin' })).toBeVisible();
  await expect(page.getByTestId('whiteboard')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('This design question is part of SystemsExpert')).toHaveCount(0);
  const locked = 'add-digit-lists';
  expect(fileOf(locked).free).not.toBe(true);
  await page.goto(`/questions/${locked}`);
  await expect(page.getByRole('heading', { level: 1, name: fileOf(locked).name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Code' })).toBeVisible();
  await expect(page.getByText('This question is part of AlgoExpert')).toHaveCount(0);

  // The receipt of the charge, downloaded from the transactions page.
  await page.goto('/account/transactions');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download receipt/ }).click();
  const download = await downloading;
  const text = await pdfText(readFileSync((await download.path())!));
  expect(text).toContain('RECEIPT');
  expect(text).toContain(person.name);
  expect(text).toMatch(/Tax\s+0\.00 USD/);
  expect(text).toContain(`Promo code applied: ${code}`);
  const paid = total.replace(/[^0-9.]/g, '');
  expect(text).toMatch(new RegExp(`Total\\s+${paid.replace('.', '\\.')} USD`));
});

test('a new account sees its offer counting down, bundles as the catalogue shows them, and prices in the region it chooses', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/purchase');
  // Signed out: the default region's prices, and how to see one's own.
  await expect(page.getByTestId('price-region')).toHaveText(
    'Prices for United States (US Dollar). Log in to see the prices of your own region.',
  );
  // The bundles keep their catalogue card (spec 1) beside their price: label, colours, features, products.
  const bundle = page.locator('.offering-grid [data-offering="tech-interview"]');
  await expect(bundle.locator('.bundle-card__label')).toHaveText('POPULAR');
  await expect(bundle).toHaveAttribute('data-theme', /^[a-z]+$/);
  expect(await bundle.locator('.bundle-card__features li').count()).toBeGreaterThan(0);
  await expect(bundle.getByRole('list', { name: 'Products in the Tech Interview Bundle' })).toContainText(
    'SystemsExpert',
  );
  const backend = page.locator('.offering-grid [data-offering="backend-interview"]');
  await expect(backend).toContainText('BackendExpert (coming soon)');
  await expect(page.locator('.offering-grid [data-offering="allaccess"] .bundle-card__label')).toHaveText(
    'BEST VALUE',
  );

  await signInAsDeveloper(page, uniquePerson('region-chooser'));
  // A new account: the new-account offer is in the prices, with the time left counting down.
  const promotion = page.getByTestId('promotion-notice');
  await expect(promotion).toContainText('New account offer');
  const countdown = promotion.getByTestId('promotion-countdown');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  await expect(page.locator('[data-offering="tech-interview"] [data-discount="exploding"]')).toBeVisible();
  const usd = await page.locator('[data-offering="tech-interview"]').getByTestId('price-total').textContent();
  expect(usd).toMatch(/^\$/);

  // The account's region: India, in rupees, at once.
  await page.getByLabel('Prices for').selectOption('IN');
  await page.getByRole('button', { name: 'Change region' }).click();
  await expect(page.getByText('Prices are now for India.')).toBeVisible();
  await expect(page.locator('[data-offering="tech-interview"]').getByTestId('price-total')).toHaveText(/^₹/);
  expect(await seriousViolations(page)).toEqual([]);

  // The account overview says the same, and changes it back.
  await page.goto('/account/overview');
  const setting = page.getByRole('region', { name: 'Pricing region' });
  await expect(setting.getByLabel('Prices for')).toHaveValue('IN');
  await setting.getByLabel('Prices for').selectOption('US');
  await setting.getByRole('button', { name: 'Change region' }).click();
  await expect(setting.getByText('Prices are now for United States.')).toBeVisible();
  const username = `region${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Public username').fill(username);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByTestId('profile-username')).toHaveText(username);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
