import { defineProjection } from '../../runtime/projection';

/**
 * Quizzes: each product's quiz questions (latest version) and each learner's quiz as it stands (the
 * answers of the last action, the score and time of the last finish, the best finished percentage).
 * Events are applied in order, one statement each; an older question version never overwrites a newer
 * one. An account wipe deletes the learner's quizzes.
 */
export const quizzesProjection = defineProjection({
  name: 'quizzes',
  eventTypes: ['QuizQuestionPublished', 'QuizProgressRecorded', 'AccountWiped'],
  tables: ['rm_quiz_questions', 'rm_quiz_attempts'],
  async apply(events, tx) {
    for (const event of events) {
      switch (event.type) {
        case 'QuizQuestionPublished': {
          const { product, questionId, version, question } = event.data;
          await tx.query(
            `INSERT INTO rm_quiz_questions AS q (product, question_id, version, position, question)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (product, question_id) DO UPDATE SET
               version = EXCLUDED.version, position = EXCLUDED.position, question = EXCLUDED.question
             WHERE EXCLUDED.version > q.version`,
            [product, questionId, version, question.order, JSON.stringify(question)],
          );
          break;
        }
        case 'QuizProgressRecorded': {
          const { userId, product, quizId, action, answers, score } = event.data;
          const finished = action === 'finished';
          await tx.query(
            `INSERT INTO rm_quiz_attempts AS a (user_id, product, quiz_id, answers, score, finished_at, best_percent)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (user_id, product, quiz_id) DO UPDATE SET
               answers = EXCLUDED.answers, score = EXCLUDED.score, finished_at = EXCLUDED.finished_at,
               best_percent = GREATEST(a.best_percent, EXCLUDED.best_percent)`,
            [
              userId,
              product,
              quizId,
              JSON.stringify(answers),
              score ? JSON.stringify(score) : null,
              finished ? event.metadata.occurredAt : null,
              finished && score ? score.percent : null,
            ],
          );
          break;
        }
        case 'AccountWiped':
          await tx.query('DELETE FROM rm_quiz_attempts WHERE user_id = $1', [event.data.userId]);
          break;
      }
    }
  },
});
