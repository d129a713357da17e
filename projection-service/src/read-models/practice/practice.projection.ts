import { defineProjection } from '../../runtime/projection';

/**
 * Practice: the lessons' practice questions and the courses' assessment questions (latest version of
 * each; an older version never overwrites a newer one) and, per learner, the questions answered right
 * at least once with the time of the first right answer (a later answer, right or wrong, changes
 * nothing). An account wipe deletes the learner's rows.
 */
export const practiceProjection = defineProjection({
  name: 'practice',
  eventTypes: [
    'PracticeQuestionPublished',
    'AssessmentQuestionPublished',
    'ChoiceQuestionAnswered',
    'AccountWiped',
  ],
  tables: ['rm_practice_questions', 'rm_course_assessment_questions', 'rm_practice_correct'],
  async apply(events, tx) {
    for (const event of events) {
      switch (event.type) {
        case 'PracticeQuestionPublished': {
          const { product, questionId, version, course, lessonId, question } = event.data;
          await tx.query(
            `INSERT INTO rm_practice_questions AS q
               (product, question_id, version, course, lesson_id, position, question, published_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (product, question_id) DO UPDATE SET
               version = EXCLUDED.version, course = EXCLUDED.course, lesson_id = EXCLUDED.lesson_id,
               position = EXCLUDED.position, question = EXCLUDED.question, published_at = EXCLUDED.published_at
             WHERE EXCLUDED.version > q.version`,
            [
              product,
              questionId,
              version,
              course,
              lessonId,
              question.order,
              JSON.stringify(question),
              event.metadata.occurredAt,
            ],
          );
          break;
        }
        case 'AssessmentQuestionPublished': {
          const { product, questionId, version, course, question } = event.data;
          await tx.query(
            `INSERT INTO rm_course_assessment_questions AS q
               (product, question_id, version, course, position, question, published_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (product, question_id) DO UPDATE SET
               version = EXCLUDED.version, course = EXCLUDED.course, position = EXCLUDED.position,
               question = EXCLUDED.question, published_at = EXCLUDED.published_at
             WHERE EXCLUDED.version > q.version`,
            [
              product,
              questionId,
              version,
              course,
              question.order,
              JSON.stringify(question),
              event.metadata.occurredAt,
            ],
          );
          break;
        }
        case 'ChoiceQuestionAnswered': {
          const { userId, product, questionId, correct } = event.data;
          if (!correct) break;
          await tx.query(
            `INSERT INTO rm_practice_correct (user_id, product, question_id, first_correct_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
            [userId, product, questionId, event.metadata.occurredAt],
          );
          break;
        }
        case 'AccountWiped':
          await tx.query('DELETE FROM rm_practice_correct WHERE user_id = $1', [event.data.userId]);
          break;
      }
    }
  },
});
