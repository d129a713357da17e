import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { Histogram, type Registry } from 'prom-client';
import { formatPosition } from '@app/contracts';
import { type AppendOptions, type NewEvent, PgEventStore } from '../event-store';
import { METRICS_REGISTRY, PG_POOL } from './tokens';

export type Appended = { position: string; idempotent: boolean };

/** The one way use cases append: timed, and answering the consistency token. */
@Injectable()
export class EventAppender {
  private readonly store: PgEventStore;
  private readonly latency: Histogram<'outcome'>;

  constructor(@Inject(PG_POOL) pool: Pool, @Inject(METRICS_REGISTRY) registry: Registry) {
    this.store = new PgEventStore(pool);
    this.latency = new Histogram({
      name: 'event_store_append_duration_seconds',
      help: 'Time to append one batch of events to the event store.',
      labelNames: ['outcome'],
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    });
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<Appended> {
    const stop = this.latency.startTimer();
    try {
      const result = await this.store.append(streamId, events, options);
      stop({ outcome: result.idempotent ? 'idempotent' : 'ok' });
      return { position: formatPosition(result.position), idempotent: result.idempotent };
    } catch (error) {
      stop({ outcome: 'error' });
      throw error;
    }
  }
}
