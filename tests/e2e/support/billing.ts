import { expect, type APIRequestContext } from '@playwright/test';

export type PaidCheckout = { sessionId: string; paymentIntent: string; createdAt: Date; amount: number };

/**
 * Buys an offering the way the site does: the purchase call opens the checkout, then the local test
 * payment page's Pay sends the platform Stripe's signed `checkout.session.completed`, as Stripe's
 * servers would. Answers the charge once the read model shows it.
 */
export async function payCheckout(
  request: APIRequestContext,
  token: string,
  offering: string,
): Promise<PaidCheckout> {
  const auth = { authorization: `Bearer ${token}` };
  const purchase = await request.post('/api/subscriptions/v2/offerings/purchase', {
    headers: auth,
    data: { offering },
  });
  expect(purchase.status()).toBe(200);
  const { checkoutUrl } = (await purchase.json()) as { checkoutUrl: string };
  const page = await request.get(checkoutUrl);
  expect(page.status()).toBe(200);
  const action = /<form method="post" action="([^"]+)"><button type="submit" class="pay">/.exec(
    await page.text(),
  );
  expect(action).not.toBeNull();
  const paid = await request.post(new URL(action![1].replaceAll('&amp;', '&'), checkoutUrl).toString(), {
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const sessionId = new URL(paid.headers().location).searchParams.get('purchase')!;
  let charge: { id: string; purchaseId: string; amount: number; createdAt: string } | undefined;
  await expect
    .poll(async () => {
      const charges = await request.post('/api/subscriptions/v1/charges/get', { headers: auth, data: {} });
      const body = (await charges.json()) as { charges: NonNullable<typeof charge>[] };
      charge = body.charges.find((c) => c.purchaseId === sessionId);
      return Boolean(charge);
    })
    .toBe(true);
  return {
    sessionId,
    paymentIntent: charge!.id,
    createdAt: new Date(charge!.createdAt),
    amount: charge!.amount,
  };
}

/** The signed-in user's id, asked with their token as the page would. */
export async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(info.status()).toBe(200);
  return ((await info.json()) as { subject: string }).subject;
}
