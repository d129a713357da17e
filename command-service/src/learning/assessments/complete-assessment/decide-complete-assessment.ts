import { assessmentExpired } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { LearnerAssessments } from '../assessments.aggregate';
import type { CompleteAssessmentCommand } from './complete-assessment.command';

/**
 * One submission ends the running assessment on its question: `submitted` with the judged outcome, or
 * `timedOut` (the outcome kept for the learner to see) when it came after the time ran out. A
 * submission of any other question, or with nothing running, is practice and changes nothing here.
 */
export function decideCompleteAssessment(
  { request }: CompleteAssessmentCommand,
  { running }: LearnerAssessments,
): NewEvent<'AssessmentFinished'>[] {
  if (running?.questionId !== request.questionId) return [];
  return [
    {
      type: 'AssessmentFinished',
      data: {
        assessmentId: running.assessmentId,
        userId: request.userId,
        questionId: running.questionId,
        outcome: assessmentExpired(running.expiresAt, request.now) ? 'timedOut' : 'submitted',
        result: {
          submissionId: request.submissionId,
          language: request.language,
          status: request.status,
          testsPassed: request.testsPassed,
          testsTotal: request.testsTotal,
        },
      },
    },
  ];
}
