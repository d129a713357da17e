import { utcDay } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';
import {
  applyCompletion,
  completionCounts,
  completionEventTypes,
  completionTables,
} from '../../runtime/question-completion';

export const unlockProgressTables = completionTables('rm_unlock_progress');

type Day = { user_id: string; product: string; day: string };

/**
 * Unlock progress (spec 3): per learner and product, the completed published questions (kept as
 * `num_completed`, recomputed for the learners each batch changed and for every learner of a product
 * whose catalogue grew) and the UTC days with a CORRECT submission, from which unlocks/get computes
 * the daily streak at the query's day. Required questions are the product's published ones.
 */
export const unlockProgressProjection = defineProjection({
  name: 'unlock-progress',
  eventTypes: completionEventTypes,
  tables: [
    unlockProgressTables.questions,
    unlockProgressTables.latest,
    unlockProgressTables.wiped,
    'rm_unlock_progress',
    'rm_unlock_progress_days',
  ],
  async apply(events, tx) {
    let days = new Map<string, Day>();
    const flushDays = async () => {
      if (days.size > 0)
        await tx.query(
          `INSERT INTO rm_unlock_progress_days (user_id, product, day)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::date[]) ON CONFLICT DO NOTHING`,
          [
            [...days.values()].map((d) => d.user_id),
            [...days.values()].map((d) => d.product),
            [...days.values()].map((d) => d.day),
          ],
        );
      days = new Map();
    };
    const changes = await applyCompletion(tx, events, unlockProgressTables, async (event, wiped) => {
      switch (event.type) {
        case 'CodeSubmitted': {
          const { userId, product, status } = event.data;
          if (status !== 'CORRECT' || wiped.has(userId)) return;
          const day = utcDay(event.metadata.occurredAt);
          days.set(`${userId}\u0000${product}\u0000${day}`, { user_id: userId, product, day });
          return;
        }
        case 'SubmissionsReset':
          await flushDays();
          await tx.query('DELETE FROM rm_unlock_progress_days WHERE user_id = $1 AND product = $2', [
            event.data.userId,
            event.data.product,
          ]);
          return;
        case 'AccountWiped':
          await flushDays();
          await tx.query('DELETE FROM rm_unlock_progress_days WHERE user_id = $1', [event.data.userId]);
          await tx.query('DELETE FROM rm_unlock_progress WHERE user_id = $1', [event.data.userId]);
          return;
      }
    });
    await flushDays();
    const counts = await completionCounts(tx, unlockProgressTables, changes);
    if (counts.length > 0)
      await tx.query(
        `INSERT INTO rm_unlock_progress (user_id, product, num_completed)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[])
         ON CONFLICT (user_id, product) DO UPDATE SET num_completed = EXCLUDED.num_completed`,
        [counts.map((c) => c.userId), counts.map((c) => c.product), counts.map((c) => c.completed)],
      );
  },
});
