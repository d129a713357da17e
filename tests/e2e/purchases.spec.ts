import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../src/services/pdf-text';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { payCheckout } from './support/billing';
import { seriousViolations } from './support/axe';

/*
 * Spec 7, Startup: a signed-in page loads its subscriptions and charges; when there are charges the
 * user is flagged as a customer (spec 9). Purchases arrive as Stripe reports them, through the webhook.
 */

const CUSTOMER_FLAG = 'ae_is_customer';
const customerFlag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CUSTOMER_FLAG);
const isStartupCall = (path: string) => (url: string) => new URL(url).pathname === path;

test('a purchase paid through Stripe reaches the account pages through the startup calls', async ({
  page,
  request,
}) => {
  await page.goto('/account/transactions');
  await signInAsDeveloper(page, uniquePerson('buyer'));
  await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
  expect(await customerFlag(page)).toBeNull();

  const checkout = await payCheckout(request, (await loginTokenOf(page.context()))!, 'tech-interview');

  // A new page load: both startup calls go out, and the charge shows.
  const subscriptionsCall = page.waitForResponse((r) =>
    isStartupCall('/api/subscriptions/v2/subscriptions/get')(r.url()),
  );
  const chargesCall = page.waitForResponse((r) =>
    isStartupCall('/api/subscriptions/v1/charges/get')(r.url()),
  );
  await page.reload();
  expect((await subscriptionsCall).status()).toBe(200);
  expect((await chargesCall).status()).toBe(200);
  const row = page.locator(`tr[data-charge="${checkout.paymentIntent}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
      checkout.createdAt,
    ),
    'AlgoExpert, SystemsExpert',
    `$${(checkout.amount / 100).toFixed(2)}`,
    'Paid',
    checkout.paymentIntent,
    'Download receipt',
  ]);
  await expect.poll(() => customerFlag(page)).toBe('true');
  expect(await seriousViolations(page)).toEqual([]);

  // The products page: two bought, the rest offered.
  await page.goto('/account/products');
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.locator('[data-product="algoexpert"]')).toContainText('Purchased');
  await expect(products.locator('[data-product="systemsexpert"]')).toContainText('Purchased');
  await expect(products.locator('[data-product="mlexpert"]')).toContainText('Not owned');
  await expect(
    products.locator('[data-product="algoexpert"]').getByRole('link', { name: 'Open AlgoExpert' }),
  ).toHaveAttribute('href', '/questions');
  expect(await seriousViolations(page)).toEqual([]);
});

test('buying the all-access bundle hides the sale banner, as owning every product does', async ({
  page,
  request,
}) => {
  await page.clock.install({ time: new Date('2026-02-11T12:00:00Z') });
  await page.goto('/team');
  const saleBanner = page.getByRole('region', { name: 'Sale' });
  await expect(saleBanner).toBeVisible();
  await signInAsDeveloper(page, uniquePerson('bundle-buyer'));
  await expect(saleBanner).toBeVisible();

  await payCheckout(request, (await loginTokenOf(page.context()))!, 'allaccess');
  await page.reload();
  await expect(page.getByTestId('account-name')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(saleBanner).toHaveCount(0);
  await page.goto('/account/products');
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.locator('[data-product="mlexpert"]')).toContainText('All-access bundle');
  await expect(products.locator('[data-product="iosexpert"]')).toContainText('Not owned');
});

test('an anonymous visitor asks for no billing data and sees the sign-in prompt', async ({ page }) => {
  const billingCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/subscriptions/')) billingCalls.push(r.url());
  });
  await page.goto('/account/transactions');
  await expect(page.getByText('Log in to see your transactions.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(billingCalls).toEqual([]);
});

test('a buyer downloads the receipt of a charge from the transactions page, and the PDF says what was paid', async ({
  page,
  request,
}) => {
  await page.goto('/account/transactions');
  await signInAsDeveloper(page, uniquePerson('receipt-reader'));
  await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
  const checkout = await payCheckout(request, (await loginTokenOf(page.context()))!, 'tech-interview');
  await page.reload();
  const row = page.locator(`tr[data-charge="${checkout.paymentIntent}"]`);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download receipt/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{8}-[0-9A-F]{8}\.pdf$/);
  const text = await pdfText(readFileSync((await download.path())!));
  expect(text).toContain(checkout.paymentIntent);
  const total = (checkout.amount / 100).toFixed(2).replace('.', '\\.');
  expect(text).toMatch(/AlgoExpert \+ SystemsExpert\s+\d+\.\d\d USD/);
  expect(text).toMatch(/Tax\s+0\.00 USD/);
  expect(text).toMatch(new RegExp(`Total\\s+${total} USD`));
  await expect(page).toHaveURL(/\/account\/transactions$/);
  expect(await seriousViolations(page)).toEqual([]);
});
