import { DomainError, assessmentExpired } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { LearnerAssessments } from '../assessments.aggregate';
import type { AbandonAssessmentCommand } from './abandon-assessment.command';

/**
 * The running assessment ends as abandoned, or as timed out when its time had run out already (the
 * history then says what really happened). Nothing running is a refusal.
 */
export function decideAbandonAssessment(
  { request }: AbandonAssessmentCommand,
  { running }: LearnerAssessments,
): [NewEvent<'AssessmentFinished'>] | DomainError {
  if (!running) return new DomainError('ASSESSMENT_NOT_RUNNING', 'No assessment is running.');
  return [
    {
      type: 'AssessmentFinished',
      data: {
        assessmentId: running.assessmentId,
        userId: request.userId,
        questionId: running.questionId,
        outcome: assessmentExpired(running.expiresAt, request.now) ? 'timedOut' : 'abandoned',
        result: null,
      },
    },
  ];
}
