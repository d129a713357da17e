import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_ACCESS_OFFERING, DomainError, type PriceList, priceListSchema } from '@app/contracts';
import { type Checkouts, type StartedCheckout, checkoutsAggregate } from '../checkouts.aggregate';
import { type PurchaseDecision, decidePurchaseOffering } from './decide-purchase-offering';

/** The repository's price list (content/commerce), as the service publishes it. */
const priceList: PriceList = priceListSchema.parse(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../content/commerce/price-list.json'), 'utf8')),
);
const userId = randomUUID();
/** Outside every holiday window of the list; the account is older than the exploding offer. */
const now = new Date('2026-11-20T12:00:00Z');
const token = (version: number, region = 'US') => `pt1.${version}.${region}.${'a'.repeat(22)}`;
const request = (overrides: Partial<Parameters<typeof decidePurchaseOffering>[0]> = {}) => ({
  userId,
  roles: [] as string[],
  region: null,
  offering: 'algoexpert',
  paymentToken: token(priceList.version),
  promocode: undefined,
  affiliateCode: undefined,
  now,
  ...overrides,
});
const nothing: Checkouts = {
  ...checkoutsAggregate.initialState(),
  registeredAt: new Date('2026-01-01T00:00:00Z'),
};
const state = (
  checkouts: Checkouts = nothing,
  promo: Parameters<typeof decidePurchaseOffering>[1]['promo'] = null,
) => ({
  checkouts,
  priceList,
  region: 'US',
  promo,
});
const started = (decision: PurchaseDecision | DomainError) => {
  if (decision instanceof DomainError || decision.kind !== 'start')
    throw new Error(`not started: ${String(decision)}`);
  return decision.checkout;
};
const withOpen = (checkout: Partial<StartedCheckout>, base: Checkouts = nothing): Checkouts => {
  const full: StartedCheckout = {
    ...started(decidePurchaseOffering(request(), state())),
    sessionId: 'cs_open',
    checkoutUrl: 'http://localhost/pay',
    successUrl: 'http://localhost/confirmation?purchase=cs_open',
    cancelUrl: 'http://localhost/purchase',
    status: 'open',
    ...checkout,
  };
  return { ...base, sessions: new Map(base.sessions).set(full.sessionId, full) };
};
const refusal = (decision: PurchaseDecision | DomainError) =>
  decision instanceof DomainError ? decision.code : decision.kind;

describe('decidePurchaseOffering (given the buyer’s checkouts and the price list, when buying)', () => {
  it('starts a checkout at the current price of the region, for 35 minutes', () => {
    expect(started(decidePurchaseOffering(request(), state()))).toEqual({
      userId,
      offering: 'algoexpert',
      products: ['algoexpert'],
      amount: 9900,
      currency: 'usd',
      priceVersion: priceList.version,
      region: 'US',
      affiliateCode: null,
      promoCode: null,
      expiresAt: '2026-11-20T12:35:00.000Z',
      pricing: { listPrice: 9900, discounts: {} },
    });
  });

  it('sells all access as the allaccess subscription, and keeps the affiliate code', () => {
    const checkout = started(
      decidePurchaseOffering(request({ offering: ALL_ACCESS_OFFERING, affiliateCode: 'clem' }), state()),
    );
    expect([checkout.products, checkout.affiliateCode]).toEqual([['allaccess'], 'clem']);
  });

  it('takes a promo code’s terms off the price, and the student discount for students', () => {
    const promo = { code: 'TENOFF', percentOff: 10, amountOff: null, region: null };
    const withCode = started(decidePurchaseOffering(request(), state(nothing, promo)));
    expect([withCode.amount, withCode.promoCode]).toEqual([8910, 'TENOFF']);
    expect(started(decidePurchaseOffering(request({ roles: ['student'] }), state())).amount).toBe(7920);
  });

  it('refuses prices shown from another price version, or a token that is not one', () => {
    expect(
      refusal(decidePurchaseOffering(request({ paymentToken: token(priceList.version + 1) }), state())),
    ).toBe('CHECKOUT_STALE_PRICES');
    expect(refusal(decidePurchaseOffering(request({ paymentToken: 'forged' }), state()))).toBe(
      'CHECKOUT_STALE_PRICES',
    );
    // Without a token the purchase prices at the current version.
    expect(refusal(decidePurchaseOffering(request({ paymentToken: undefined }), state()))).toBe('start');
  });

  it("refuses a token naming another region than the buyer's (a cheaper region is never priced in)", () => {
    const inOtherRegion = request({ paymentToken: token(priceList.version, 'IN') });
    expect(refusal(decidePurchaseOffering(inOtherRegion, state()))).toBe('CHECKOUT_STALE_PRICES');
  });

  it('refuses an unknown offering and one the buyer owns entirely', () => {
    expect(refusal(decidePurchaseOffering(request({ offering: 'goldexpert' }), state()))).toBe(
      'CHECKOUT_UNKNOWN_OFFERING',
    );
    const owner: Checkouts = { ...nothing, subscriptions: new Set(['allaccess']) };
    expect(refusal(decidePurchaseOffering(request(), state(owner)))).toBe('CHECKOUT_ALREADY_OWNED');
    expect(refusal(decidePurchaseOffering(request({ roles: ['premiumv1'] }), state()))).toBe(
      'CHECKOUT_ALREADY_OWNED',
    );
  });

  it('answers the open checkout of the same offering and price again instead of a second one', () => {
    const decision = decidePurchaseOffering(request(), state(withOpen({})));
    expect(decision).toMatchObject({ kind: 'open', checkout: { sessionId: 'cs_open' } });
  });

  it('refuses another offering with a product of an open checkout, until it is paid, expired or ends', () => {
    const open = withOpen({ offering: ALL_ACCESS_OFFERING, products: ['allaccess'], amount: 1 });
    expect(refusal(decidePurchaseOffering(request(), state(open)))).toBe('CHECKOUT_IN_PROGRESS');
    const ended = (status: StartedCheckout['status']) =>
      withOpen({ offering: ALL_ACCESS_OFFERING, products: ['allaccess'], amount: 1, status });
    expect(refusal(decidePurchaseOffering(request(), state(ended('expired'))))).toBe('start');
    expect(refusal(decidePurchaseOffering(request(), state(ended('paid'))))).toBe('start');
    const late = new Date(now.getTime() + 36 * 60_000);
    expect(refusal(decidePurchaseOffering(request({ now: late }), state(open)))).toBe('start');
    // An open licence checkout of the product buys seats for others: it holds nothing up.
    const licence = withOpen({ licence: { seats: 3, isEnterprise: false }, offering: 'licences:algoexpert' });
    expect(refusal(decidePurchaseOffering(request(), state(licence)))).toBe('start');
    // Another product entirely is not held up.
    expect(refusal(decidePurchaseOffering(request({ offering: 'mlexpert' }), state(withOpen({}))))).toBe(
      'start',
    );
  });
});
