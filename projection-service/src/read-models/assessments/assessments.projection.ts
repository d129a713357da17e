import { defineProjection } from '../../runtime/projection';

/**
 * Assessments: the algorithms questions one can be assessed on (latest version; an older version never
 * overwrites a newer one) and each learner's assessments, one row each, from its start to how it
 * ended. Applied in order, one statement per event. An account wipe deletes the learner's assessments.
 */
export const assessmentsProjection = defineProjection({
  name: 'assessments',
  eventTypes: ['QuestionPublished', 'AssessmentStarted', 'AssessmentFinished', 'AccountWiped'],
  tables: ['rm_assessment_questions', 'rm_assessments'],
  async apply(events, tx) {
    for (const event of events) {
      switch (event.type) {
        case 'QuestionPublished': {
          const { product, questionId, version, question } = event.data;
          if (product !== 'algoexpert') break;
          await tx.query(
            `INSERT INTO rm_assessment_questions AS q (question_id, version, name, category, difficulty)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (question_id) DO UPDATE SET
               version = EXCLUDED.version, name = EXCLUDED.name, category = EXCLUDED.category,
               difficulty = EXCLUDED.difficulty
             WHERE EXCLUDED.version > q.version`,
            [questionId, version, question.name, question.category, question.difficulty],
          );
          break;
        }
        case 'AssessmentStarted': {
          // Started when the decision was taken: its time limit before it runs out (not the append's clock).
          const { assessmentId, userId, questionId, expiresAt, timeLimitSeconds } = event.data;
          await tx.query(
            `INSERT INTO rm_assessments
               (assessment_id, user_id, question_id, started_at, expires_at, time_limit_seconds)
             VALUES ($1, $2, $3, $4::timestamptz - make_interval(secs => $5), $4, $5)
             ON CONFLICT (assessment_id) DO NOTHING`,
            [assessmentId, userId, questionId, expiresAt, timeLimitSeconds],
          );
          break;
        }
        case 'AssessmentFinished': {
          const { assessmentId, outcome, result } = event.data;
          await tx.query(
            `UPDATE rm_assessments SET finished_at = $2, outcome = $3, result = $4 WHERE assessment_id = $1`,
            [assessmentId, event.metadata.occurredAt, outcome, result ? JSON.stringify(result) : null],
          );
          break;
        }
        case 'AccountWiped':
          await tx.query('DELETE FROM rm_assessments WHERE user_id = $1', [event.data.userId]);
          break;
      }
    }
  },
});
