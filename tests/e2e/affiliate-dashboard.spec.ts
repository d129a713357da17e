import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { E2E_STAFF_TOKEN, E2E_STRIPE_WEBHOOK_SECRET } from './support/environment';

/*
 * Issue 18, the affiliate dashboard in a browser: staff enrol an affiliate, buyers check out with the
 * affiliate's link code and Stripe's signed webhooks pay the sessions back-dated to the two months
 * before this one, staff pay the older month; the affiliate then sees the link, the chart and the
 * months with their statuses. A visitor sees how to become an affiliate.
 */

const staff = { authorization: `Bearer ${E2E_STAFF_TOKEN}` };

/** The chart's drawing (recharts' main surface, not its legend icons). */
const chart = (page: Page) =>
  page.getByTestId('affiliate-chart').locator('svg.recharts-surface[role="application"]');

/** A month `back` months before this one, as YYYY-MM, and an instant in its middle. */
function monthBack(back: number) {
  const now = new Date();
  const instant = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
  return { month: instant.toISOString().slice(0, 7), instant };
}

/** A new buyer's token from the developer sign-in's success page, as the popup would read it. */
async function buyerToken(request: APIRequestContext): Promise<string> {
  const email = `buyer.${randomUUID()}@example.test`;
  const page = await request.get(`/api/auth/v1/oauth2/fake?${new URLSearchParams({ email, redirect: '/' })}`);
  const token = /"token":"(aes1_[A-Za-z0-9_-]+)"/.exec(await page.text());
  expect(token).not.toBeNull();
  return token![1];
}

/** A buyer checks out algoexpert with the affiliate's code; Stripe's webhook pays it as created at `createdAt`. */
async function backDatedSale(request: APIRequestContext, affiliateCode: string, createdAt: Date) {
  const token = await buyerToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const offerings = await request.post('/api/subscriptions/v3/offerings/get', { headers: auth, data: {} });
  const { paymentToken } = (await offerings.json()) as { paymentToken: string };
  const purchase = await request.post('/api/subscriptions/v2/offerings/purchase', {
    headers: auth,
    data: { offering: 'algoexpert', affiliateCode, paymentToken },
  });
  expect(purchase.status()).toBe(200);
  const { checkoutUrl } = (await purchase.json()) as { checkoutUrl: string };
  const [userId, sessionId] = new URL(checkoutUrl).pathname.split('/').slice(-2);
  const paymentPage = await (await request.get(checkoutUrl)).text();
  const amount = Math.round(Number(/Pay (\d+\.\d\d) USD/.exec(paymentPage)![1]) * 100);
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: userId,
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        payment_intent: `pi_${randomUUID().replaceAll('-', '')}`,
        created: Math.floor(createdAt.getTime() / 1000),
        metadata: {
          products: 'algoexpert',
          priceVersion: paymentToken.split('.')[1],
          offering: 'algoexpert',
          affiliateCode,
          promocode: '',
        },
      },
    },
  });
  const delivered = await request.post('/api/subscriptions/v1/stripe/webhook', {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: E2E_STRIPE_WEBHOOK_SECRET,
      }),
    },
    data: payload,
  });
  expect(delivered.status()).toBe(200);
  expect(((await delivered.json()) as { outcome: string }).outcome).toBe('fulfilled');
}

test('an affiliate sees the link, the daily chart and the months with their payout status', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().replaceAll('-', '').slice(0, 8);
  const alias = `e2e-${suffix}`;
  const person = uniquePerson('affiliate');
  const enrolled = await request.post('/api/staff/v1/affiliates', {
    headers: staff,
    data: { alias, email: person.email, cutPerc: 20, promocode: `E2E${suffix.toUpperCase()}` },
  });
  expect(enrolled.status()).toBe(200);
  const { affiliateId } = (await enrolled.json()) as { affiliateId: string };
  const older = monthBack(2);
  const previous = monthBack(1);
  await backDatedSale(request, alias, older.instant);
  await backDatedSale(request, alias, previous.instant);
  const payout = await request.post(`/api/staff/v1/affiliates/${affiliateId}/payouts`, {
    headers: staff,
    data: { month: older.month },
  });
  expect(payout.status()).toBe(200);

  // A visitor learns how to become one.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/affiliate-dashboard');
  await expect(page.getByRole('heading', { name: 'Become an affiliate' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await signInAsDeveloper(page, person);
  await expect(page.getByRole('textbox', { name: 'Your link' })).toHaveValue(new RegExp(`/\\?r=${alias}$`));
  await expect(page.getByText(`E2E${suffix.toUpperCase()}`, { exact: true })).toBeVisible();
  await expect(chart(page)).toBeVisible();
  // Clicks and promo codes as lines, sales as bars, named in the legend.
  await expect(page.getByTestId('affiliate-chart').locator('.recharts-line')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Sales legend icon' })).toBeVisible();
  const months = page.getByTestId('affiliate-months');
  await expect(months.locator(`tr[data-month="${older.month}"] td`).last()).toHaveText('Sent');
  await expect(months.locator(`tr[data-month="${previous.month}"] td`).last()).toHaveText('In Progress');
  await expect(
    months.locator(`tr[data-month="${new Date().toISOString().slice(0, 7)}"] td`).last(),
  ).toHaveText('—');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('affiliate-dashboard-1280.png'), fullPage: true });

  // A longer lookback asks again and still draws the chart.
  await page.getByLabel('Period').selectOption('90');
  await expect(page.getByRole('table', { name: 'Sales per product, last 90 days' })).toBeVisible();
  await expect(chart(page)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('affiliate-earnings.csv');

  // Usable on a phone: nothing wider than the screen, the table scrolls inside its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart(page)).toBeVisible();
  // The chart follows its box once resized (ResponsiveContainer observes it).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The copy button fits the phone's width (the page is scrolled down to the table by now).
  const copy = await page.getByRole('button', { name: 'Copy link' }).boundingBox();
  expect(copy!.x + copy!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('affiliate-dashboard-390.png'), fullPage: true });
});
