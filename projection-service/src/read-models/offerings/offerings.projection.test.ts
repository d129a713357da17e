import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRICE_LIST_STREAM, priceListSchema, promoCodeStreamId, userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { offeringsProjection as projection } from './offerings.projection';

const shipped = priceListSchema.parse(
  JSON.parse(readFileSync(join(__dirname, '../../../../content/commerce/price-list.json'), 'utf8')),
);
const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const published = (version: number, at: string): GivenEvent => ({
  type: 'PriceListPublished',
  streamId: PRICE_LIST_STREAM,
  occurredAt: at,
  data: { version, list: { ...shipped, version } },
});
const created = (code: string, over: { useLimit?: number; ownerUserId?: string } = {}): GivenEvent => ({
  type: 'PromoCodeCreated',
  streamId: promoCodeStreamId(code),
  data: {
    code,
    percentOff: 20,
    amountOff: null,
    region: 'US',
    expiresAt: '2030-01-01T00:00:00.000Z',
    useLimit: over.useLimit ?? null,
    ownerUserId: over.ownerUserId ?? null,
  },
});
const expired = (code: string): GivenEvent => ({
  type: 'PromoCodeExpired',
  streamId: promoCodeStreamId(code),
  data: { code },
});
const redeemed = (code: string, userId: string, purchaseId: string): GivenEvent => ({
  type: 'PromoCodeRedeemed',
  streamId: promoCodeStreamId(code),
  data: { code, userId, purchaseId },
});
const registered = (userId: string, at: string): GivenEvent => ({
  type: 'UserRegistered',
  streamId: userStreamId(userId),
  occurredAt: at,
  data: { userId, provider: 'fake' },
});
const codeRow = (
  code: string,
  over: Partial<{ expired: boolean; uses: number; use_limit: number | null }> = {},
) => ({
  code,
  percent_off: 20,
  amount_off: null,
  region: 'US',
  expires_at: new Date('2030-01-01T00:00:00.000Z'),
  use_limit: over.use_limit ?? null,
  owner_user_id: null,
  expired: over.expired ?? false,
  uses: over.uses ?? 0,
});

describe('offerings read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given two price list versions, when projected, then both versions are kept with their lists', async () => {
    const rows = await scenario.given(projection, [
      published(1, '2026-11-20T10:00:00.000Z'),
      published(2, '2026-11-21T10:00:00.000Z'),
    ]);
    expect(rows.offerings_price_lists).toEqual([
      { version: 1, list: { ...shipped, version: 1 }, published_at: new Date('2026-11-20T10:00:00.000Z') },
      { version: 2, list: { ...shipped, version: 2 }, published_at: new Date('2026-11-21T10:00:00.000Z') },
    ]);
  });

  it('given promo codes created, redeemed and expired, when projected in one batch or one by one, then each row has its uses and state', async () => {
    const events = [
      created('SPRING', { useLimit: 2 }),
      created('FALL'),
      redeemed('SPRING', ana, 'cs_1'),
      redeemed('SPRING', bo, 'cs_2'),
      expired('FALL'),
      // A redemption or an expiry of a code never created changes nothing.
      redeemed('NOPE', ana, 'cs_3'),
      expired('NOPE'),
    ];
    for (const batchSize of [1, 3, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows.offerings_promo_codes).toEqual([
        codeRow('FALL', { expired: true }),
        codeRow('SPRING', { uses: 2, use_limit: 2 }),
      ]);
    }
  });

  it('given registrations and a wipe, when projected, then each remaining account keeps its first registration time', async () => {
    const rows = await scenario.given(projection, [
      registered(ana, '2026-11-20T10:00:00.000Z'),
      registered(bo, '2026-11-21T10:00:00.000Z'),
      accountWiped(bo),
    ]);
    expect(rows.offerings_buyers).toEqual([
      { user_id: ana, first_seen_at: new Date('2026-11-20T10:00:00.000Z') },
    ]);
  });

  it('rebuild equals live', async () => {
    const rows = await scenario.rebuildEqualsLive(projection, [
      published(1, '2026-11-20T10:00:00.000Z'),
      registered(ana, '2026-11-20T10:00:00.000Z'),
      created('SPRING', { useLimit: 1 }),
      redeemed('SPRING', ana, 'cs_1'),
      registered(bo, '2026-11-21T10:00:00.000Z'),
      published(2, '2026-11-22T10:00:00.000Z'),
      expired('SPRING'),
      accountWiped(ana),
    ]);
    expect(rows.offerings_promo_codes).toEqual([codeRow('SPRING', { uses: 1, use_limit: 1, expired: true })]);
    expect(rows.offerings_buyers).toEqual([
      { user_id: bo, first_seen_at: new Date('2026-11-21T10:00:00.000Z') },
    ]);
    expect(rows.offerings_price_lists).toHaveLength(2);
  });
});
