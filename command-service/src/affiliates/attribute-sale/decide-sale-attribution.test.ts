import type { AffiliateRecord } from '../affiliates.repository';
import { decideSaleAttribution, decideSaleReversal } from './decide-sale-attribution';

const affiliate = (affiliateId: string, expired = false): AffiliateRecord => ({
  affiliateId,
  alias: `alias-${affiliateId}`,
  promocode: `CODE-${affiliateId}`,
  cutFlat: null,
  cutPerc: 20,
  expired,
});
const linked = '11111111-1111-4111-8111-111111111111';
const promo = '22222222-2222-4222-8222-222222222222';
const sale = {
  purchaseId: 'cs_1',
  amount: 10_000,
  currency: 'usd',
  usdAmount: 10_000,
  products: ['algoexpert' as const],
  soldAt: '2024-03-10T12:00:00.000Z',
};

describe('sale attribution: given the affiliates a checkout names, when it is paid, then', () => {
  it('the saved link code wins over the promo code', () => {
    expect(
      decideSaleAttribution({ byLinkCode: affiliate(linked), byPromocode: affiliate(promo) }, sale),
    ).toEqual({
      affiliateId: linked,
      events: [{ type: 'AffiliateSaleRecorded', data: { affiliateId: linked, ...sale, via: 'link' } }],
    });
  });

  it('an affiliate’s own promo code attributes the sale when there is no link code', () => {
    expect(
      decideSaleAttribution({ byLinkCode: null, byPromocode: affiliate(promo) }, sale)?.events[0].data,
    ).toMatchObject({
      affiliateId: promo,
      via: 'promocode',
    });
  });

  it('an expired affiliate earns nothing new: the other candidate, or nobody', () => {
    expect(
      decideSaleAttribution({ byLinkCode: affiliate(linked, true), byPromocode: affiliate(promo) }, sale)
        ?.affiliateId,
    ).toBe(promo);
    expect(
      decideSaleAttribution({ byLinkCode: affiliate(linked, true), byPromocode: null }, sale),
    ).toBeNull();
    expect(decideSaleAttribution({ byLinkCode: null, byPromocode: null }, sale)).toBeNull();
  });
});

describe('sale reversal: given the recorded sale, when a refund arrives, then', () => {
  const recorded = { affiliateId: linked, amountRefunded: 0, fullyRefunded: false };

  it('a partial refund, then a full one, are reversed with the running total', () => {
    expect(decideSaleReversal(recorded, { purchaseId: 'cs_1', amountRefunded: 2500, full: false })).toEqual([
      {
        type: 'AffiliateSaleRefunded',
        data: { affiliateId: linked, purchaseId: 'cs_1', amountRefunded: 2500, full: false },
      },
    ]);
    expect(
      decideSaleReversal(
        { ...recorded, amountRefunded: 2500 },
        { purchaseId: 'cs_1', amountRefunded: 10_000, full: true },
      ),
    ).toHaveLength(1);
  });

  it('a redelivered or older total, a refund after a full one, or an unattributed sale append nothing', () => {
    const partial = { ...recorded, amountRefunded: 2500 };
    expect(decideSaleReversal(partial, { purchaseId: 'cs_1', amountRefunded: 2500, full: false })).toEqual(
      [],
    );
    expect(decideSaleReversal(partial, { purchaseId: 'cs_1', amountRefunded: 1000, full: false })).toEqual(
      [],
    );
    expect(
      decideSaleReversal(
        { ...recorded, fullyRefunded: true },
        { purchaseId: 'cs_1', amountRefunded: 1, full: true },
      ),
    ).toEqual([]);
    expect(decideSaleReversal(null, { purchaseId: 'cs_1', amountRefunded: 2500, full: false })).toEqual([]);
  });
});
