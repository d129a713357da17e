import { defineProjection } from '../../runtime/projection';

type VisitorRow = {
  machine_uuid: string;
  first_visit_at: string;
  first_path: string;
  referrer_host: string | null;
  user_id: string | null;
  signed_in_at: string | null;
};

/**
 * The learner funnel's first steps: per machine id its first visit and the first account signed in on
 * it, per learner the first run of code. A batch is folded per machine first (one row each), then
 * merged with what is stored: the stored visit is the earlier one, and an account, once seen, stays
 * until it is wiped (its first run goes, its browsers are no longer tied to it).
 */
export const learnerFunnelProjection = defineProjection({
  name: 'learner-funnel',
  eventTypes: ['SiteVisited', 'FirstCodeRunRecorded', 'AccountWiped'],
  tables: ['rm_funnel_visitors', 'rm_funnel_first_runs'],
  async apply(events, tx) {
    const visitors = new Map<string, VisitorRow>();
    const firstRuns = [];
    const wiped: string[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'SiteVisited': {
          const { machineUuid, userId, path, referrerHost } = event.data;
          const at = event.metadata.occurredAt;
          const row = visitors.get(machineUuid);
          if (!row)
            visitors.set(machineUuid, {
              machine_uuid: machineUuid,
              first_visit_at: at,
              first_path: path,
              referrer_host: referrerHost,
              user_id: userId,
              signed_in_at: userId ? at : null,
            });
          else if (!row.user_id && userId) Object.assign(row, { user_id: userId, signed_in_at: at });
          break;
        }
        case 'FirstCodeRunRecorded':
          firstRuns.push({
            user_id: event.data.userId,
            first_run_at: event.metadata.occurredAt,
            product: event.data.product,
            question_id: event.data.questionId,
            language: event.data.language,
          });
          break;
        case 'AccountWiped':
          wiped.push(event.data.userId);
          break;
      }
    }
    if (visitors.size > 0) {
      await tx.query(
        `INSERT INTO rm_funnel_visitors AS t
           SELECT * FROM jsonb_populate_recordset(NULL::rm_funnel_visitors, $1::jsonb)
           ON CONFLICT (machine_uuid) DO UPDATE
             SET user_id = coalesce(t.user_id, excluded.user_id),
                 signed_in_at = CASE WHEN t.user_id IS NULL THEN excluded.signed_in_at ELSE t.signed_in_at END`,
        [JSON.stringify([...visitors.values()])],
      );
    }
    if (firstRuns.length > 0) {
      await tx.query(
        `INSERT INTO rm_funnel_first_runs
           SELECT * FROM jsonb_populate_recordset(NULL::rm_funnel_first_runs, $1::jsonb)
           ON CONFLICT (user_id) DO NOTHING`,
        [JSON.stringify(firstRuns)],
      );
    }
    if (wiped.length > 0) {
      await tx.query('DELETE FROM rm_funnel_first_runs WHERE user_id = ANY($1::uuid[])', [wiped]);
      await tx.query(
        'UPDATE rm_funnel_visitors SET user_id = NULL, signed_in_at = NULL WHERE user_id = ANY($1::uuid[])',
        [wiped],
      );
    }
  },
});
