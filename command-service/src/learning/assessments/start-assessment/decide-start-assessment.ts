import { type Difficulty, DomainError, assessmentExpired, assessmentTimeLimitSeconds } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { LearnerAssessments } from '../assessments.aggregate';
import type { StartAssessmentCommand } from './start-assessment.command';

/** The published question the assessment is on (undefined: there is none by that id or name). */
export type AssessedQuestion = { slug: string; version: number; difficulty: Difficulty };

/**
 * One assessment at a time: a running one refuses the start, unless its time ran out, in which case it
 * is finished as timed out and the new one starts. The same assessment id again (a retry) starts nothing.
 */
export function decideStartAssessment(
  { request }: StartAssessmentCommand,
  state: LearnerAssessments,
  question: AssessedQuestion | undefined,
): NewEvent<'AssessmentStarted' | 'AssessmentFinished'>[] | DomainError {
  if (!question)
    return new DomainError('NOT_FOUND', `There is no assessment question "${request.questionId}".`);
  const { running } = state;
  if (running?.assessmentId === request.assessmentId) return [];
  const events: NewEvent<'AssessmentStarted' | 'AssessmentFinished'>[] = [];
  if (running) {
    if (!assessmentExpired(running.expiresAt, request.now)) {
      return new DomainError(
        'ASSESSMENT_IN_PROGRESS',
        'Another assessment is running: submit or abandon it before starting a new one.',
      );
    }
    events.push({
      type: 'AssessmentFinished',
      data: {
        assessmentId: running.assessmentId,
        userId: request.userId,
        questionId: running.questionId,
        outcome: 'timedOut',
        result: null,
      },
    });
  }
  const timeLimitSeconds = assessmentTimeLimitSeconds(question.difficulty);
  events.push({
    type: 'AssessmentStarted',
    eventId: request.assessmentId,
    data: {
      assessmentId: request.assessmentId,
      userId: request.userId,
      questionId: question.slug,
      questionVersion: question.version,
      timeLimitSeconds,
      expiresAt: new Date(request.now.getTime() + timeLimitSeconds * 1000).toISOString(),
    },
  });
  return events;
}
