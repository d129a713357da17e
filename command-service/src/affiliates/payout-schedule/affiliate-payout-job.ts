import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { CONFIG, LOGGER, PG_POOL } from '@app/server-kit';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { allAffiliates } from '../affiliates.repository';
import { monthEarnings } from '../month-earnings';
import {
  type PayoutResult,
  SendAffiliatePayoutCommand,
} from '../send-affiliate-payout/send-affiliate-payout.command';
import { previousMonth } from './previous-month';

/** The clock the payout job reads (a provider, so a test can set the date). */
export const AFFILIATE_CLOCK = Symbol('AFFILIATE_CLOCK');
export type Clock = () => Date;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Payouts are sent at the start of each month for the previous one (spec 9): at start and then once
 * a day, every affiliate with earnings in the previous month is paid for it. A month paid already
 * appends nothing (SendAffiliatePayout is idempotent), so a run on the 2nd, a restart or two
 * replicas running at once pay each month once. AFFILIATE_PAYOUTS=false turns the job off.
 */
@Injectable()
export class AffiliatePayoutJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(AFFILIATE_CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env.AFFILIATE_PAYOUTS === 'false') return;
    const run = () => {
      this.running = this.runOnce().catch((error: unknown) =>
        this.logger.error({ err: error }, 'the affiliate payout run failed'),
      );
    };
    run();
    this.timer = setInterval(run, DAY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Pays the month before `now` to every affiliate with earnings in it; answers what it appended. */
  async runOnce(
    now: Date = this.clock(),
  ): Promise<{ month: string; paid: { affiliateId: string; amount: number }[] }> {
    const month = previousMonth(now);
    const paid: { affiliateId: string; amount: number }[] = [];
    for (const affiliate of await allAffiliates(this.pool)) {
      if ((await monthEarnings(this.pool, affiliate, month, now)) <= 0) continue;
      const result = await this.commandBus.execute<SendAffiliatePayoutCommand, PayoutResult>(
        new SendAffiliatePayoutCommand(
          affiliate.affiliateId,
          month,
          { actor: { kind: 'system', id: 'affiliate-payouts' }, correlationId: `affiliate-payouts-${month}` },
          now,
        ),
      );
      if (!result.alreadySent) paid.push({ affiliateId: affiliate.affiliateId, amount: result.amount });
    }
    if (paid.length > 0) this.logger.info({ month, paid: paid.length }, 'affiliate payouts sent');
    return { month, paid };
  }
}
