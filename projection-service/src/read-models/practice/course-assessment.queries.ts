import type { Pool, PoolClient } from 'pg';
import type { CourseAssessmentQuestion, QuizQuestionContent } from '@app/contracts';

type AssessmentRow = { question_id: string; question: QuizQuestionContent; first_correct_at: Date | null };

/**
 * One question of a course's assessment as assessments/get shows it: prompt, topic and choices always;
 * the right answer and the explanation only once the learner has answered it right (before that they
 * stay on the server, as the practice questions' do).
 */
export function courseAssessmentItem({
  question_id,
  question,
  first_correct_at,
}: AssessmentRow): CourseAssessmentQuestion {
  const open = {
    id: question_id,
    number: question.order,
    kind: question.kind,
    topic: question.topic,
    prompt: question.prompt,
    answeredRightAt: first_correct_at ? first_correct_at.toISOString() : null,
  };
  if (question.kind === 'mcq') {
    const choices = { ...open, choices: question.choices };
    return first_correct_at
      ? { ...choices, answer: question.answer, explanation: question.explanation }
      : choices;
  }
  return first_correct_at ? { ...open, answers: question.answers, explanation: question.explanation } : open;
}

/**
 * A course's assessment for one learner (null: the caller has no account, e.g. the operator, and sees
 * no answers): its questions in order with the learner's first right answer of each. Empty when the
 * course has no assessment.
 */
export async function readCourseAssessment(
  db: Pool | PoolClient,
  product: string,
  course: string,
  userId: string | null,
): Promise<CourseAssessmentQuestion[]> {
  const { rows } = await db.query<AssessmentRow>(
    `SELECT q.question_id, q.question, c.first_correct_at
       FROM rm_course_assessment_questions q
       LEFT JOIN rm_practice_correct c
         ON c.user_id = $3 AND c.product = q.product AND c.question_id = q.question_id
      WHERE q.product = $1 AND q.course = $2
      ORDER BY q.position, q.question_id`,
    [product, course, userId],
  );
  return rows.map(courseAssessmentItem);
}
