import { type RecordedEvent, eventTypes, latestVersion } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

/** Where the events that concern no account are indexed (the platform's own history). */
export const PLATFORM_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Counted facts no account's views depend on, numerous enough to swamp the platform's history when no
 * account made them (a service's own telemetry, clicks on a link before anyone signed in).
 */
const PLATFORM_SKIPS: ReadonlySet<string> = new Set(['TelemetryEventRecorded', 'AffiliateLinkClicked']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The accounts an event concerns: the account its data names (`userId`, a licence's `holderId`, and any
 * `...UserId` such as a promo code's owner or a moderated item's author, so events of later areas are
 * found without a change here),
 * and the person who acted (a learner, or a staff member: their own history is their staff-actions log).
 * An event that concerns none and was not an anonymous visitor's (published content, price lists,
 * announcements) is the platform's: every account's past depends on it, so time travel replays it too.
 * Anonymous visitors' events, and telemetry and clicks that concern no account, are left out.
 */
export function accountsConcerned(event: RecordedEvent): string[] {
  const accounts = new Set<string>();
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null) {
    for (const [key, value] of Object.entries(data)) {
      const namesAccount = key === 'userId' || key === 'holderId' || key.endsWith('UserId');
      if (namesAccount && typeof value === 'string' && UUID.test(value)) accounts.add(value.toLowerCase());
    }
  }
  const { actor } = event.metadata;
  if ((actor.kind === 'user' || actor.kind === 'staff') && actor.id && UUID.test(actor.id))
    accounts.add(actor.id.toLowerCase());
  if (accounts.size === 0 && actor.kind !== 'anonymous' && !PLATFORM_SKIPS.has(event.type))
    accounts.add(PLATFORM_ACCOUNT);
  return [...accounts];
}

/** The history's rows of a batch, one per event and account it concerns. */
export function historyRows(events: readonly RecordedEvent[]) {
  return events.flatMap((event) =>
    accountsConcerned(event).map((userId) => ({
      user_id: userId,
      transaction_id: event.transactionId.toString(),
      position: event.position.toString(),
      event_id: event.metadata.eventId,
      stream_id: event.streamId,
      revision: event.revision,
      type: event.type,
      schema_version: event.storedVersion,
      data_version: latestVersion(event.type),
      occurred_at: event.metadata.occurredAt,
      actor: event.metadata.actor,
      correlation_id: event.metadata.correlationId,
      causation_id: event.metadata.causationId,
      data: event.data,
    })),
  );
}

/**
 * Keeps only the id fields of an event's data (`id`, `...Id`, `...Ids`): what the history shows of an
 * account's events once it is wiped. One SQL expression, so every copy of an event is treated alike.
 */
const IDS_ONLY = `CASE WHEN jsonb_typeof(h.data) = 'object'
  THEN (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(h.data) WHERE key ~ '(^id|Id|Ids)$')
  ELSE '{}'::jsonb END`;

/**
 * Every event, indexed by the accounts it concerns, in the global order: the audit history staff read,
 * and the events time travel replays. Inserts are idempotent (a redelivered batch changes nothing); an
 * AccountWiped reduces every copy of the account's events up to it to their ids.
 */
export const accountHistoryProjection = defineProjection({
  name: 'account-history',
  eventTypes,
  tables: ['rm_account_history'],
  // Anonymous visitors' events and telemetry of no account are not kept: a batch of only those is not applied.
  concerns: (event) => accountsConcerned(event).length > 0,
  async apply(events, tx) {
    const rows = historyRows(events);
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO rm_account_history (user_id, transaction_id, position, event_id, stream_id, revision, type,
                                         schema_version, data_version, occurred_at, actor, correlation_id,
                                         causation_id, data)
         SELECT x.user_id, x.transaction_id, x.position, x.event_id, x.stream_id, x.revision, x.type,
                x.schema_version, x.data_version, x.occurred_at, x.actor, x.correlation_id, x.causation_id, x.data
           FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid, transaction_id bigint, position bigint,
                event_id uuid, stream_id text, revision bigint, type text, schema_version integer, data_version integer,
                occurred_at timestamptz, actor jsonb, correlation_id text, causation_id text, data jsonb)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows)],
      );
    }
    const wipes = events.filter((event) => event.type === 'AccountWiped');
    if (wipes.length === 0) return;
    await tx.query(
      `UPDATE rm_account_history h SET data = ${IDS_ONLY}
        WHERE h.event_id IN (
          SELECT c.event_id FROM rm_account_history c
            JOIN unnest($1::uuid[], $2::bigint[], $3::bigint[]) AS w(user_id, transaction_id, position)
              ON c.user_id = w.user_id AND (c.transaction_id, c.position) <= (w.transaction_id, w.position))`,
      [
        wipes.map((wipe) => wipe.data.userId),
        wipes.map((wipe) => wipe.transactionId.toString()),
        wipes.map((wipe) => wipe.position.toString()),
      ],
    );
  },
});
