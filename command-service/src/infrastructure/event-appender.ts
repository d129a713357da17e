import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Histogram, type Registry } from 'prom-client';
import { ZERO_POSITION, formatPosition } from '@app/contracts';
import {
  type AppendOptions,
  type Appended,
  METRICS_REGISTRY,
  type NewEvent,
  PG_POOL,
  PgEventStore,
} from '@app/server-kit';

export type { Appended } from '@app/server-kit';

/** What a use case can do inside one transaction: query its tables and append events. */
export type Transaction = {
  client: PoolClient;
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<Appended>;
};

/** The one way use cases append: timed, and answering the consistency token. */
@Injectable()
export class EventAppender {
  private readonly store: PgEventStore;
  private readonly latency: Histogram<'outcome'>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
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

  /**
   * Runs `work` in one transaction: state tables and appended events commit together or not at
   * all. Subscribers are woken after the commit, when the events are visible.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let appended = false;
    // The transaction's first event is the decision: what it appends next (to any stream) it caused.
    let rootEventId: string | undefined;
    try {
      await client.query('BEGIN');
      const store = new PgEventStore(client, { notify: false });
      const result = await work({
        client,
        append: async (streamId, events, options = {}) => {
          const stop = this.latency.startTimer();
          const identified = events.map((event) => ({ ...event, eventId: event.eventId ?? randomUUID() }));
          const causationId = options.causationId ?? rootEventId;
          rootEventId ??= identified[0]?.eventId;
          const outcome = await store.append(streamId, identified, { ...options, causationId });
          stop({ outcome: outcome.idempotent ? 'idempotent' : 'ok' });
          appended ||= !outcome.idempotent;
          return { position: formatPosition(outcome.position), idempotent: outcome.idempotent };
        },
      });
      await client.query('COMMIT');
      if (appended) this.store.notifyAppended();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * What a command acknowledges: its append, or, when it appended nothing (a no-op grant, a lease
   * renewal, a run), the current end of the global order.
   */
  async appendedOrHead(appended?: Appended): Promise<Appended> {
    if (appended) return appended;
    const head = await this.store.head();
    return { position: formatPosition(head.position ?? ZERO_POSITION), idempotent: true };
  }
}
