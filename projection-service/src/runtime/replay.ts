import type { Pool, PoolClient } from 'pg';
import type { RecordedEvent } from '@app/contracts';
import type { Projection } from './projection';

/** Events per apply: each projection writes set-based, so fewer, larger batches cost fewer statements. */
const REPLAY_BATCH = 5000;

/**
 * Runs projections' own `apply` over some events into scratch copies of their tables, then lets `read`
 * query them, and throws the copies away: time travel and "as of" views without a second implementation
 * of any rule. The copies are temporary tables named like the live ones (`LIKE ... INCLUDING ALL`: the
 * same columns, keys and indexes); PostgreSQL looks a name up in the session's temporary schema first,
 * so the projections' SQL and the queries' SQL, unchanged, reach the copies. Everything happens in one
 * transaction that is rolled back, so nothing of it is ever visible to anyone else.
 */
export async function replayInScratch<T>(
  pool: Pool,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  read: (scratch: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const tables = [...new Set(projections.flatMap((projection) => projection.tables))];
    for (const table of tables)
      await client.query(`CREATE TEMP TABLE ${table} (LIKE public.${table} INCLUDING ALL) ON COMMIT DROP`);
    for (let start = 0; start < events.length; start += REPLAY_BATCH) {
      const batch = events.slice(start, start + REPLAY_BATCH);
      for (const projection of projections) {
        const handled = new Set<string>(projection.eventTypes);
        const mine = batch.filter((event) => handled.has(event.type));
        if (mine.length > 0) await projection.apply(mine, client);
      }
    }
    return await read(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
