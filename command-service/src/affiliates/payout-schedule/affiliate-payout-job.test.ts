import type { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { type TestDatabase, createPool, createTestDatabase, migrate } from '@app/server-kit';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { commandServiceMigrations } from '../../infrastructure/migrations';
import { insertAffiliate, recordAffiliateSale } from '../affiliates.repository';
import type { SendAffiliatePayoutCommand } from '../send-affiliate-payout/send-affiliate-payout.command';
import { AffiliatePayoutJob } from './affiliate-payout-job';

/*
 * The payout job against real PostgreSQL (the affiliates' tables): which affiliates it pays for which
 * month, by the clock it is given. The command it sends is idempotent per month
 * (decide-send-affiliate-payout.test.ts, and affiliates.test.ts through HTTP); here a bus stands in
 * for it and remembers the months paid, as the affiliate's stream would.
 */

const withSales = '11111111-1111-4111-8111-111111111111';
const withoutMarchSales = '22222222-2222-4222-8222-222222222222';

let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase((url) => migrate(url, commandServiceMigrations).then(() => undefined));
  pool = createPool(db.url, { max: 2 });
  await insertAffiliate(pool, {
    affiliateId: withSales,
    alias: 'a',
    promocode: 'A',
    cutFlat: null,
    cutPerc: 20,
  });
  await insertAffiliate(pool, {
    affiliateId: withoutMarchSales,
    alias: 'b',
    promocode: 'B',
    cutFlat: 500,
    cutPerc: null,
  });
  await recordAffiliateSale(pool, {
    purchaseId: 'cs_1',
    affiliateId: withSales,
    amount: 10_000,
    usdAmount: 10_000,
    soldAt: '2024-03-10T00:00:00.000Z',
  });
  await recordAffiliateSale(pool, {
    purchaseId: 'cs_2',
    affiliateId: withoutMarchSales,
    amount: 10_000,
    usdAmount: 10_000,
    soldAt: '2024-02-10T00:00:00.000Z',
  });
}, 60_000);
afterAll(async () => {
  await pool.end();
  await db.drop();
});

/** A bus that pays each affiliate and month once, as SendAffiliatePayout does. */
function payingBus() {
  const paid = new Map<string, number>();
  const sent: SendAffiliatePayoutCommand[] = [];
  const bus = {
    execute: async (command: SendAffiliatePayoutCommand) => {
      sent.push(command);
      const key = `${command.affiliateId}/${command.month}`;
      const alreadySent = paid.has(key);
      paid.set(key, 1897);
      return { appended: { position: '0.1', idempotent: alreadySent }, amount: 1897, alreadySent };
    },
  };
  return { bus: bus as unknown as CommandBus, sent };
}

const logger = { info: () => undefined, error: () => undefined } as unknown as Logger;
const config = (env: Record<string, string> = {}) => ({ env }) as unknown as CommandServiceConfig;

describe('affiliate payout job', () => {
  it('on the 1st pays the previous month to every affiliate with earnings in it, and a second run pays nothing', async () => {
    const { bus, sent } = payingBus();
    const job = new AffiliatePayoutJob(bus, pool, () => new Date('2024-04-01T00:05:00Z'), config(), logger);
    const first = await job.runOnce();
    expect(first).toEqual({ month: '2024-03', paid: [{ affiliateId: withSales, amount: 1897 }] });
    expect(sent.map((c) => [c.affiliateId, c.month, c.now.toISOString(), c.context.actor])).toEqual([
      [withSales, '2024-03', '2024-04-01T00:05:00.000Z', { kind: 'system', id: 'affiliate-payouts' }],
    ]);
    expect(await job.runOnce(new Date('2024-04-02T00:05:00Z'))).toEqual({ month: '2024-03', paid: [] });
  });

  it('runs at start by the injected clock (a month earlier pays February), and not at all when turned off', async () => {
    const { bus, sent } = payingBus();
    const job = new AffiliatePayoutJob(bus, pool, () => new Date('2024-03-01T06:00:00Z'), config(), logger);
    job.onApplicationBootstrap();
    await job.onApplicationShutdown();
    expect(sent.map((c) => [c.affiliateId, c.month])).toEqual([[withoutMarchSales, '2024-02']]);

    const off = payingBus();
    const idle = new AffiliatePayoutJob(
      off.bus,
      pool,
      () => new Date('2024-03-01T06:00:00Z'),
      config({ AFFILIATE_PAYOUTS: 'false' }),
      logger,
    );
    idle.onApplicationBootstrap();
    await idle.onApplicationShutdown();
    expect(off.sent).toEqual([]);
  });
});
