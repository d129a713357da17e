import type { PoolClient } from 'pg';
import { defineProjection } from '../../runtime/projection';

type Latest = {
  user_id: string;
  product: string;
  question_id: string;
  language: string;
  status: string;
  tests_passed: number;
  tests_total: number;
  submitted_at: string;
  /** Submissions in this batch (added to the stored count). */
  submissions: number;
};

/**
 * Latest submission per learner, product and question. A batch is folded in memory in order: resets
 * and wipes delete what came before them (in the table, and in the batch), then the survivors are
 * upserted, keeping the later of stored and new. A wipe also leaves the user's id in
 * rm_submissions_wiped_users, and submissions of a wiped user are dropped whenever they arrive: from
 * Kafka, a submission (its own stream) may come after the wipe (the user's stream).
 */
export const submissionsProjection = defineProjection({
  name: 'submissions',
  eventTypes: ['CodeSubmitted', 'SubmissionsReset', 'AccountWiped'],
  tables: ['rm_latest_submissions', 'rm_submissions_wiped_users'],
  async apply(events, tx) {
    let latest = new Map<string, Latest>();
    const submitters = [
      ...new Set(events.filter((event) => event.type === 'CodeSubmitted').map((event) => event.data.userId)),
    ];
    const wiped = new Set(
      submitters.length === 0
        ? []
        : (
            await tx.query<{ user_id: string }>(
              'SELECT user_id FROM rm_submissions_wiped_users WHERE user_id = ANY($1::uuid[])',
              [submitters],
            )
          ).rows.map((row) => row.user_id),
    );
    const flushDeletes = async (where: string, values: unknown[]) => {
      await tx.query(`DELETE FROM rm_latest_submissions WHERE ${where}`, values);
    };
    for (const event of events) {
      if (event.type === 'CodeSubmitted') {
        const data = event.data;
        if (wiped.has(data.userId)) continue;
        const key = `${data.userId}\u0000${data.product}\u0000${data.questionId}`;
        const before = latest.get(key);
        latest.set(key, {
          user_id: data.userId,
          product: data.product,
          question_id: data.questionId,
          language: data.language,
          status: data.status,
          tests_passed: data.testsPassed,
          tests_total: data.testsTotal,
          submitted_at: event.metadata.occurredAt,
          submissions: (before?.submissions ?? 0) + 1,
        });
        continue;
      }
      // A reset or wipe: write what came before it, then delete.
      await upsert(tx, [...latest.values()]);
      latest = new Map();
      if (event.type === 'SubmissionsReset') {
        const data = event.data;
        await flushDeletes('user_id = $1 AND product = $2', [data.userId, data.product]);
      } else {
        const { userId } = event.data;
        wiped.add(userId);
        await flushDeletes('user_id = $1', [userId]);
        await tx.query(
          'INSERT INTO rm_submissions_wiped_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING',
          [userId],
        );
      }
    }
    await upsert(tx, [...latest.values()]);
  },
});

async function upsert(tx: PoolClient, rows: Latest[]) {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO rm_latest_submissions AS s
       SELECT * FROM jsonb_populate_recordset(NULL::rm_latest_submissions, $1::jsonb)
     ON CONFLICT (user_id, product, question_id) DO UPDATE SET
       language = EXCLUDED.language, status = EXCLUDED.status, tests_passed = EXCLUDED.tests_passed,
       tests_total = EXCLUDED.tests_total, submitted_at = EXCLUDED.submitted_at,
       submissions = s.submissions + EXCLUDED.submissions`,
    [JSON.stringify(rows)],
  );
}
