import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError, type PriceList, priceListSchema } from '@app/contracts';
import { type Checkouts, checkoutsAggregate } from '../checkouts.aggregate';
import { decidePurchaseLicences } from './decide-purchase-licences';

const priceList: PriceList = priceListSchema.parse(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../content/commerce/price-list.json'), 'utf8')),
);
const userId = randomUUID();
const now = new Date('2026-11-20T12:00:00Z');
const nothing: Checkouts = checkoutsAggregate.initialState();
const request = (overrides: Partial<Parameters<typeof decidePurchaseLicences>[0]> = {}) => ({
  userId,
  region: null,
  products: ['algoexpert' as const],
  seats: 3,
  isEnterprise: false,
  promocode: undefined,
  now,
  ...overrides,
});
const state = (checkouts = nothing, promo: Parameters<typeof decidePurchaseLicences>[1]['promo'] = null) => ({
  checkouts,
  priceList,
  region: 'US',
  promo,
});

describe('decidePurchaseLicences (given the price list, when buying seats)', () => {
  const seat = priceList.regions.US!.products.algoexpert!;
  const perSeat = seat - Math.floor((seat * priceList.licences!.seatPercentOff + 50) / 100);

  it('prices every seat at the base price less the licence discount, marked as a licence checkout', () => {
    const decision = decidePurchaseLicences(request(), state());
    if (decision instanceof DomainError || decision.kind !== 'start') throw new Error('not started');
    expect(decision.checkout).toMatchObject({
      offering: 'licences:algoexpert',
      products: ['algoexpert'],
      amount: 3 * perSeat,
      currency: 'usd',
      licence: { seats: 3, isEnterprise: false },
      pricing: { listPrice: 3 * seat, discounts: { licence: 3 * (seat - perSeat) } },
      expiresAt: '2026-11-20T12:35:00.000Z',
    });
  });

  it('takes a promo code off the whole purchase and answers an open identical checkout again', () => {
    const promo = { code: 'TENOFF', percentOff: 10, amountOff: null, region: null };
    const decision = decidePurchaseLicences(request(), state(nothing, promo));
    if (decision instanceof DomainError || decision.kind !== 'start') throw new Error('not started');
    expect(decision.checkout.amount).toBe(3 * perSeat - Math.floor((3 * perSeat * 10 + 50) / 100));
    const open: Checkouts = {
      ...nothing,
      sessions: new Map([
        [
          'cs_1',
          {
            ...decision.checkout,
            sessionId: 'cs_1',
            checkoutUrl: 'u',
            successUrl: 's',
            cancelUrl: 'c',
            status: 'open' as const,
          },
        ],
      ]),
    };
    expect(decidePurchaseLicences(request(), state(open, promo))).toMatchObject({ kind: 'open' });
    // Other seats are another checkout.
    expect(decidePurchaseLicences(request({ seats: 4 }), state(open, promo))).toMatchObject({
      kind: 'start',
    });
  });

  it('prices all access seats from the plan', () => {
    const decision = decidePurchaseLicences(request({ products: ['allaccess'], seats: 1 }), state());
    if (decision instanceof DomainError || decision.kind !== 'start') throw new Error('not started');
    expect(decision.checkout.pricing?.listPrice).toBe(priceList.plans.allAccess.prices.US);
  });
});
