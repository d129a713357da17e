import { affiliateAccountStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { affiliateEarningsProjection as projection } from './affiliate-earnings.projection';

const clem = '11111111-1111-4111-8111-111111111111';
const dana = '22222222-2222-4222-8222-222222222222';

const enrolled = (
  affiliateId: string,
  cut: { cutFlat: number | null; cutPerc: number | null },
): GivenEvent => ({
  type: 'AffiliateEnrolled',
  streamId: affiliateAccountStreamId(affiliateId),
  occurredAt: '2024-01-01T00:00:00.000Z',
  data: {
    affiliateId,
    alias: `alias-${affiliateId.slice(0, 4)}`,
    email: `${affiliateId.slice(0, 4)}@example.com`,
    promocode: `P${affiliateId.slice(0, 4)}`,
    ...cut,
  },
});
const sold = (affiliateId: string, purchaseId: string, amount: number, soldAt: string): GivenEvent => ({
  type: 'AffiliateSaleRecorded',
  streamId: affiliateAccountStreamId(affiliateId),
  data: {
    affiliateId,
    purchaseId,
    amount,
    currency: 'usd',
    usdAmount: amount,
    products: ['algoexpert'],
    soldAt,
    via: 'link',
  },
});
const refunded = (
  affiliateId: string,
  purchaseId: string,
  amountRefunded: number,
  full: boolean,
): GivenEvent => ({
  type: 'AffiliateSaleRefunded',
  streamId: affiliateAccountStreamId(affiliateId),
  data: { affiliateId, purchaseId, amountRefunded, full },
});
const paid = (affiliateId: string, month: string, amount: number): GivenEvent => ({
  type: 'AffiliatePayoutSent',
  streamId: affiliateAccountStreamId(affiliateId),
  data: { affiliateId, month, amount, sentAt: '2024-04-01T00:00:00.000Z' },
});

const months = (rows: Record<string, unknown>[]) =>
  rows.map((r) => [r.affiliate_id, r.month, r.sales, Number(r.gross_cents), Number(r.earnings_cents)]);

describe('affiliate earnings read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  const history: GivenEvent[] = [
    enrolled(clem, { cutFlat: null, cutPerc: 20 }),
    enrolled(dana, { cutFlat: 1000, cutPerc: null }),
    sold(clem, 'cs_1', 10_000, '2024-01-15T10:00:00.000Z'),
    sold(clem, 'cs_2', 10_000, '2024-03-10T10:00:00.000Z'),
    sold(dana, 'cs_3', 5000, '2019-01-24T23:59:59.000Z'),
    sold(dana, 'cs_4', 5000, '2019-01-25T00:00:00.000Z'),
    refunded(clem, 'cs_2', 2500, false),
    paid(clem, '2024-01', 1897),
    refunded(clem, 'cs_2', 10_000, true),
    { type: 'AffiliateExpired', streamId: affiliateAccountStreamId(dana), data: { affiliateId: dana } },
  ];

  it('given sales, refunds, a payout and an expiry, when projected one by one or in batches, then the months follow the rule to the cent', async () => {
    for (const batchSize of [1, 4, history.length]) {
      const rows = await scenario.given(projection, history, { batchSize });
      expect(months(rows.rm_affiliate_months)).toEqual([
        // 1936 − 2 % (38.72) = 1897.28 → 1897.
        [clem, '2024-01', 1, 1936, 1897],
        [clem, '2024-02', 0, 0, 0],
        // Fully refunded at last: nothing.
        [clem, '2024-03', 1, 0, 0],
        // The sale a second before 2019-01-25 is not counted; 1000 − 100 = 900 in month 0.
        [dana, '2019-01', 1, 1000, 900],
      ]);
      expect(rows.rm_affiliates.map((r) => [r.affiliate_id, r.expired])).toEqual([
        [clem, false],
        [dana, true],
      ]);
      expect(rows.rm_affiliate_payouts.map((r) => [r.month, Number(r.amount)])).toEqual([['2024-01', 1897]]);
      expect(
        rows.rm_affiliate_sales.map((r) => [r.purchase_id, Number(r.amount_refunded), r.fully_refunded]),
      ).toEqual([
        ['cs_1', 0, false],
        ['cs_2', 10_000, true],
        ['cs_3', 0, false],
        ['cs_4', 0, false],
      ]);
    }
  });

  it("given the same history, the analysts' affiliate_months view shows each month's status as the dashboard rule gives it", async () => {
    await scenario.given(projection, history, { batchSize: history.length });
    const rows = await scenario.asAnalyst<{ affiliate_id: string; month: string; status: string }>(
      `SELECT affiliate_id, month, earnings_cents, status, payout_cents FROM analytics.affiliate_months
        ORDER BY affiliate_id, month`,
    );
    expect(
      rows.map((r) =>
        Object.values(r).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
      ),
    ).toEqual([
      // The month paid is Sent, with its payout; months without earnings show '—'.
      [clem, '2024-01', 1897, 'Sent', 1897],
      [clem, '2024-02', 0, '—', null],
      [clem, '2024-03', 0, '—', null],
      // Earnings after the last month paid (none for dana) are In Progress.
      [dana, '2019-01', 900, 'In Progress', null],
    ]);
  });

  it('given a partial refund only, then the sale earns (a − r) / a of its cut', async () => {
    const rows = await scenario.given(projection, [
      enrolled(clem, { cutFlat: null, cutPerc: 20 }),
      sold(clem, 'cs_2', 10_000, '2024-03-10T10:00:00.000Z'),
      refunded(clem, 'cs_2', 2500, false),
    ]);
    // 1936 × 0.75 = 1452; − 29.04 = 1422.96 → 1423.
    expect(months(rows.rm_affiliate_months)).toEqual([[clem, '2024-03', 1, 1452, 1423]]);
  });

  it('given a sale in rupees, then it earns on its dollar value and its refund scales in rupees', async () => {
    const rows = await scenario.given(projection, [
      enrolled(clem, { cutFlat: null, cutPerc: 20 }),
      {
        type: 'AffiliateSaleRecorded',
        streamId: affiliateAccountStreamId(clem),
        data: {
          affiliateId: clem,
          purchaseId: 'cs_inr',
          amount: 399_900,
          currency: 'inr',
          usdAmount: 4519,
          products: ['algoexpert'],
          soldAt: '2024-03-10T10:00:00.000Z',
          via: 'link',
        },
      },
      refunded(clem, 'cs_inr', 99_975, false),
    ]);
    // (4519 − 161.051) × 20 % × 3/4 = 653.69 → 654; less 2 % → 641 (the rule's own test).
    expect(months(rows.rm_affiliate_months)).toEqual([[clem, '2024-03', 1, 654, 641]]);
  });

  it('given the same batch delivered twice, then the rows are those of one delivery', async () => {
    const batch = scenario.events(history);
    const once = await scenario.given(projection, batch, { batchSize: 3 });
    await scenario.applyBatch(projection, batch.slice(2, 8));
    expect(await scenario.rows(projection)).toEqual(once);
  });

  it('given partner groups assigned twice for one email, then the latest group is kept', async () => {
    const group = (partnerId: string, affiliateIds: string[]): GivenEvent => ({
      type: 'PartnerGroupAssigned',
      streamId: `affiliatePartner-${partnerId}`,
      data: { partnerId, email: 'partner@example.com', affiliateIds },
    });
    const first = '44444444-4444-4444-8444-444444444444';
    const second = '55555555-5555-4555-8555-555555555555';
    for (const batchSize of [1, 2]) {
      const rows = await scenario.given(projection, [group(first, [clem]), group(second, [clem, dana])], {
        batchSize,
      });
      expect(rows.rm_affiliate_partners).toEqual([
        { email: 'partner@example.com', partner_id: second, affiliate_ids: [clem, dana] },
      ]);
    }
  });

  it('a rebuild gives the same rows as the live run', async () => {
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, history, liveBatchSize);
      expect(rows.rm_affiliate_months).toHaveLength(4);
    }
  });
});
