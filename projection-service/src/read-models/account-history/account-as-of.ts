import type { Pool } from 'pg';
import {
  type AccountAsOf,
  type EventPosition,
  type RecordedEvent,
  DomainError,
  formatPosition,
  recordedEvent,
  unlockProductIds,
  utcDay,
} from '@app/contracts';
import type { Projection } from '../../runtime/projection';
import { replayInScratch } from '../../runtime/replay';
import { readUnlocks } from '../unlock-progress/unlock-progress.queries';
import { readMyCertificates } from '../certificates/certificates.controller';
import { readUserDataDocuments } from '../user-data/user-data.controller';
import { readOwnedProducts } from '../user-access/user-access.projection';
import { PLATFORM_ACCOUNT } from './account-history.projection';
import { type HistoryRow, toHistoryEvent } from './account-history.queries';

/** A history row as the event it copies (its data already at `data_version`). */
function asRecordedEvent(row: HistoryRow & { data_version: number }): RecordedEvent {
  const history = toHistoryEvent(row);
  return recordedEvent(
    {
      type: row.type,
      data: row.data,
      streamId: row.stream_id,
      revision: Number(row.revision),
      position: BigInt(row.position),
      transactionId: BigInt(row.transaction_id),
      storedVersion: row.schema_version,
      metadata: {
        eventId: history.eventId,
        correlationId: history.correlationId,
        causationId: history.causationId,
        actor: history.actor,
        occurredAt: history.occurredAt,
        schemaVersion: row.schema_version,
      },
    },
    row.data_version,
  );
}

/**
 * An account as it was after the event at `position`: the account's events and the platform's (content,
 * price lists) up to there, from the account-history read model, replayed through the read models' own
 * projections into scratch tables, then read with their own queries (owned products, unlocks/get per
 * product, get_my_certificates, user data). The streak is counted on the day of that event.
 */
export async function accountAsOf(
  pool: Pool,
  replayed: readonly Projection[],
  userId: string,
  position: EventPosition,
): Promise<AccountAsOf> {
  const at = [position.transactionId.toString(), position.position.toString()];
  const { rows } = await pool.query<HistoryRow & { data_version: number }>(
    `SELECT DISTINCT ON (transaction_id, position) * FROM rm_account_history
      WHERE user_id = ANY($1::uuid[]) AND (transaction_id, position) <= ($2, $3)
      ORDER BY transaction_id, position`,
    [[userId, PLATFORM_ACCOUNT], ...at],
  );
  const own = rows.filter((row) => row.user_id === userId);
  // A wiped account's events keep only their ids: there is nothing left to replay, before or after.
  const wiped = await pool.query(
    `SELECT 1 FROM rm_account_history WHERE user_id = $1 AND type = 'AccountWiped' LIMIT 1`,
    [userId],
  );
  if (wiped.rows.length > 0)
    throw new DomainError(
      'NOT_FOUND',
      'This account was wiped: its past data is gone, only the ids of its events are kept.',
    );
  const last = own.at(-1);
  const neighbours = await pool.query<{ previous: HistoryRow | null; next: HistoryRow | null }>(
    `SELECT (SELECT to_jsonb(h) FROM rm_account_history h WHERE user_id = $1 AND (transaction_id, position) < ($2, $3)
              ORDER BY transaction_id DESC, position DESC LIMIT 1) AS previous,
            (SELECT to_jsonb(h) FROM rm_account_history h WHERE user_id = $1 AND (transaction_id, position) > ($4, $5)
              ORDER BY transaction_id, position LIMIT 1) AS next`,
    [userId, ...(last ? [last.transaction_id, last.position] : ['0', '0']), ...at],
  );
  const { previous, next } = neighbours.rows[0];
  const token = (row: HistoryRow | null) =>
    row
      ? formatPosition({ transactionId: BigInt(row.transaction_id), position: BigInt(row.position) })
      : null;
  const today = last ? utcDay(last.occurred_at) : utcDay(new Date());
  const views = await replayInScratch(pool, replayed, rows.map(asRecordedEvent), async (scratch) => {
    const unlocks: AccountAsOf['unlocks'] = {};
    for (const product of unlockProductIds)
      unlocks[product] = await readUnlocks(scratch, userId, product, today);
    return {
      ownedProducts: await readOwnedProducts(scratch, userId),
      unlocks,
      certificates: (await readMyCertificates(scratch, userId)).certificates,
      userData: await readUserDataDocuments(scratch, userId),
    };
  });
  return {
    position: formatPosition(position),
    event: last ? toHistoryEvent(last) : null,
    previousPosition: last ? token(previous) : null,
    nextPosition: token(next),
    ...views,
  };
}
