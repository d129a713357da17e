import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Actor } from '@app/contracts';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { CONFIG, LOGGER, PG_POOL } from '@app/server-kit';
import { type PublishReport, publishContent } from '../publish';

/**
 * Publishes the content folder the deployment ships when the service starts (PUBLISH_CONTENT=false
 * turns it off), and on staff request. Runs are serialised within the process, and across the processes
 * of the service by an advisory lock: several instances starting together publish once, the others then
 * find everything unchanged (the streams' expected versions would keep each version single anyway, but
 * the losers of those races would log a failed publish).
 */
@Injectable()
export class ContentPublisher implements OnApplicationBootstrap {
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.env.PUBLISH_CONTENT === 'false') return;
    try {
      const report = await this.publish({ kind: 'system', id: 'content-publisher' });
      this.logger.info(
        { published: report.published, items: report.items.length },
        report.published ? 'content published' : 'content unchanged',
      );
    } catch (error) {
      // Bad content must not stop the service: the catalogue keeps its published versions.
      this.logger.error({ err: error }, 'publishing the content folder failed; the catalogue is unchanged');
    }
  }

  publish(actor: Actor): Promise<PublishReport> {
    const run = this.running.then(() =>
      this.acrossProcesses(() =>
        publishContent({ pool: this.pool, dir: this.config.env.CONTENT_DIR, actor }),
      ),
    );
    this.running = run.catch(() => undefined);
    return run;
  }

  /** Runs `work` while holding the publishers' advisory lock (waiting for another process's run to end). */
  private async acrossProcesses<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(hashtext('content-publisher'))`);
      try {
        return await work();
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('content-publisher'))`);
      }
    } finally {
      client.release();
    }
  }
}
