import { affiliateAccountStreamId, promoCodeStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { affiliateTrackingProjection as projection } from './affiliate-tracking.projection';

const clem = '11111111-1111-4111-8111-111111111111';
const buyer = '33333333-3333-4333-8333-333333333333';

const clicked = (code: string, at: string): GivenEvent => ({
  type: 'AffiliateLinkClicked',
  streamId: `affiliate-${code}`,
  occurredAt: at,
  data: { affiliateCode: code, landingPath: '/' },
});
const redeemed = (code: string, purchaseId: string, at: string): GivenEvent => ({
  type: 'PromoCodeRedeemed',
  streamId: promoCodeStreamId(code),
  occurredAt: at,
  data: { code, userId: buyer, purchaseId },
});
const sold = (
  purchaseId: string,
  products: ('algoexpert' | 'systemsexpert')[],
  soldAt: string,
): GivenEvent => ({
  type: 'AffiliateSaleRecorded',
  streamId: affiliateAccountStreamId(clem),
  data: {
    affiliateId: clem,
    purchaseId,
    amount: 10_000,
    currency: 'usd',
    usdAmount: 10_000,
    products,
    soldAt,
    via: 'link',
  },
});

const history: GivenEvent[] = [
  // A click before the enrolment still counts for the code.
  clicked('Clem', '2024-03-09T08:00:00.000Z'),
  {
    type: 'AffiliateEnrolled',
    streamId: affiliateAccountStreamId(clem),
    data: {
      affiliateId: clem,
      alias: 'clem',
      email: 'clem@example.com',
      cutFlat: null,
      cutPerc: 20,
      promocode: 'CLEM10',
    },
  },
  clicked('clem', '2024-03-10T08:00:00.000Z'),
  clicked('clem', '2024-03-10T09:00:00.000Z'),
  redeemed('CLEM10', 'cs_1', '2024-03-10T09:30:00.000Z'),
  sold('cs_1', ['algoexpert'], '2024-03-10T09:00:00.000Z'),
  sold('cs_2', ['algoexpert', 'systemsexpert'], '2024-03-10T23:59:59.000Z'),
  {
    type: 'AffiliateSaleRefunded',
    streamId: affiliateAccountStreamId(clem),
    data: { affiliateId: clem, purchaseId: 'cs_2', amountRefunded: 5000, full: false },
  },
];

describe('affiliate tracking read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given clicks, a promo-code use and sales, when projected one by one or in batches, then each code has its day counts and each sale its day and refund', async () => {
    for (const batchSize of [1, 3, history.length]) {
      const rows = await scenario.given(projection, history, { batchSize });
      expect(
        rows.rm_affiliate_tracking_codes.map((r) => [
          r.code,
          (r.day as Date).toISOString().slice(0, 10),
          r.clicks,
          r.promocode_applications,
        ]),
      ).toEqual([
        ['clem', '2024-03-09', 1, 0],
        ['clem', '2024-03-10', 2, 0],
        ['clem10', '2024-03-10', 0, 1],
      ]);
      expect(
        rows.rm_affiliate_tracking_sales.map((r) => [r.purchase_id, r.products, Number(r.amount_refunded)]),
      ).toEqual([
        ['cs_1', ['algoexpert'], 0],
        ['cs_2', ['algoexpert', 'systemsexpert'], 5000],
      ]);
      expect(rows.rm_affiliate_tracking_accounts).toHaveLength(1);
    }
  });

  it('a rebuild gives the same rows as the live run', async () => {
    for (const liveBatchSize of [1, 2]) {
      const rows = await scenario.rebuildEqualsLive(projection, history, liveBatchSize);
      expect(rows.rm_affiliate_tracking_sales).toHaveLength(2);
    }
  });
});
