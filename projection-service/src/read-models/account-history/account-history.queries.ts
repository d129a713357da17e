import { type EventPosition, type HistoryEvent, formatPosition } from '@app/contracts';

export type HistoryRow = {
  user_id: string;
  transaction_id: string;
  position: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  schema_version: number;
  occurred_at: Date;
  actor: HistoryEvent['actor'];
  correlation_id: string;
  causation_id: string;
  data: unknown;
};

export type HistoryFilter = {
  types?: string[];
  streams?: string[];
  from?: string;
  to?: string;
};

export const toHistoryEvent = (row: HistoryRow): HistoryEvent => ({
  eventId: row.event_id,
  position: formatPosition({ transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }),
  type: row.type,
  stream: row.stream_id,
  revision: Number(row.revision),
  schemaVersion: row.schema_version,
  occurredAt: row.occurred_at.toISOString(),
  actor: row.actor,
  correlationId: row.correlation_id,
  causationId: row.causation_id,
  data: row.data,
});

/** `LIKE` pattern of a stream id's beginning. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of an account's history after a position (exclusive), oldest first, through the primary
 * key (user_id, transaction_id, position): a page costs the same at any depth.
 */
export function historyQuery(
  userId: string,
  filter: HistoryFilter,
  after: EventPosition | undefined,
  limit: number,
  upTo?: EventPosition,
): { text: string; values: unknown[] } {
  const values: unknown[] = [userId];
  const where = ['user_id = $1'];
  const add = (clause: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(clause(values.length));
  };
  if (after) {
    values.push(after.transactionId.toString(), after.position.toString());
    where.push(`(transaction_id, position) > ($${values.length - 1}, $${values.length})`);
  }
  if (upTo) {
    values.push(upTo.transactionId.toString(), upTo.position.toString());
    where.push(`(transaction_id, position) <= ($${values.length - 1}, $${values.length})`);
  }
  if (filter.types?.length) add((n) => `type = ANY($${n}::text[])`, filter.types);
  if (filter.streams?.length)
    add((n) => `stream_id LIKE ANY($${n}::text[])`, filter.streams.map(prefixPattern));
  if (filter.from) add((n) => `occurred_at >= $${n}`, filter.from);
  if (filter.to) add((n) => `occurred_at < $${n}`, filter.to);
  values.push(limit);
  return {
    text: `SELECT * FROM rm_account_history WHERE ${where.join(' AND ')}
            ORDER BY transaction_id, position LIMIT $${values.length}`,
    values,
  };
}
