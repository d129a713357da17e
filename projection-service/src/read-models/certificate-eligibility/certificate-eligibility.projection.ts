import { unlockFlags } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';
import {
  applyCompletion,
  completionCounts,
  completionEventTypes,
  completionTables,
} from '../../runtime/question-completion';

export const certificateEligibilityTables = completionTables('rm_certificate_eligibility');

/**
 * Certificate eligibility: a row per learner and product while the learner has completed every
 * published question of it (the contracts' unlockFlags over unlockCounts), recomputed for the
 * learners each batch changed and for every learner of a product whose catalogue grew (a new
 * question takes eligibility away until it is solved). unlocks/get answers its flags from here.
 */
export const certificateEligibilityProjection = defineProjection({
  name: 'certificate-eligibility',
  eventTypes: completionEventTypes,
  tables: [
    certificateEligibilityTables.questions,
    certificateEligibilityTables.latest,
    certificateEligibilityTables.wiped,
    'rm_certificate_eligibility',
  ],
  async apply(events, tx) {
    const changes = await applyCompletion(tx, events, certificateEligibilityTables, async (event) => {
      if (event.type === 'AccountWiped')
        await tx.query('DELETE FROM rm_certificate_eligibility WHERE user_id = $1', [event.data.userId]);
    });
    const counts = await completionCounts(tx, certificateEligibilityTables, changes);
    const eligible = counts.filter(
      (c) =>
        unlockFlags({ numQuestionsCompleted: c.completed, numQuestionsRequired: c.required })
          .hasUnlockedLatestCert,
    );
    const ineligible = counts.filter((c) => !eligible.includes(c));
    if (ineligible.length > 0)
      await tx.query(
        `DELETE FROM rm_certificate_eligibility e USING unnest($1::uuid[], $2::text[]) AS t(user_id, product)
          WHERE e.user_id = t.user_id AND e.product = t.product`,
        [ineligible.map((c) => c.userId), ineligible.map((c) => c.product)],
      );
    if (eligible.length > 0)
      await tx.query(
        `INSERT INTO rm_certificate_eligibility (user_id, product)
         SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING`,
        [eligible.map((c) => c.userId), eligible.map((c) => c.product)],
      );
  },
});
