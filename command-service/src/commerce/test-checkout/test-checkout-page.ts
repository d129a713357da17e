import type { StartedCheckout } from '../checkouts.aggregate';

/*
 * The HTML of the test payment page: plain and small, one heading, what is being bought, and two
 * buttons in forms (so it works without script). It says plainly that it is not Stripe.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Cents as an amount with two decimals and the currency code, e.g. "49.00 USD". */
export function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

export const TEST_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; line-height: 1.5; }
  .notice { border: 2px solid #8a5a00; background: #fff6e0; padding: 0.75rem 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  form { display: inline-block; margin-right: 1rem; }
  button { font-size: 1.1rem; padding: 0.6rem 1.4rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .pay { background: #0b57d0; color: #fff; border: 1px solid #0b57d0; }
  .cancel { background: #fff; color: #1a1a1a; border: 1px solid #555; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

/** The page for a started checkout: open ones can be paid or cancelled. */
export function testCheckoutPage(
  checkout: StartedCheckout,
  actions: { pay: string; cancel: string },
): string {
  const summary = `<dl>
  <dt>Plan</dt><dd>${escapeHtml(checkout.offering)}</dd>
  <dt>Products</dt><dd>${escapeHtml(checkout.products.join(', '))}</dd>
  <dt>Amount</dt><dd>${escapeHtml(formatAmount(checkout.amount, checkout.currency))}</dd>
  ${checkout.promoCode ? `<dt>Promo code</dt><dd>${escapeHtml(checkout.promoCode)}</dd>` : ''}
  <dt>Checkout</dt><dd>${escapeHtml(checkout.sessionId)}</dd>
</dl>`;
  const state =
    checkout.status === 'open'
      ? `<form method="post" action="${escapeHtml(actions.pay)}"><button type="submit" class="pay">Pay ${escapeHtml(
          formatAmount(checkout.amount, checkout.currency),
        )}</button></form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button type="submit" class="cancel">Cancel</button></form>`
      : `<p role="status">This checkout is ${checkout.status === 'paid' ? 'paid already' : 'no longer open (expired or cancelled)'}.</p>`;
  return layout(
    'Test payment',
    `<h1>Test payment</h1>
<p class="notice"><strong>This is not Stripe.</strong> This page stands in for Stripe's hosted checkout page on
development and test machines. No card is asked for and no money moves: Pay sends the platform the
signed payment notification Stripe would send, then returns to the site.</p>
<h2>Order</h2>
${summary}
${state}`,
  );
}

/** A page for a checkout that cannot be shown or paid. */
export function testCheckoutProblemPage(message: string): string {
  return layout(
    'Test payment: problem',
    `<h1>Test payment</h1>
<p class="notice"><strong>This is not Stripe.</strong> This page stands in for Stripe's hosted checkout page.</p>
<p role="alert">${escapeHtml(message)}</p>`,
  );
}
