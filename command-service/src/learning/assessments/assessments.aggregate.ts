import type { Aggregate } from '../../infrastructure/aggregate-store';

/** The assessment a learner is taking: what it is on and when its time runs out. */
export type RunningAssessment = { assessmentId: string; questionId: string; expiresAt: string };

/** A learner's assessments (stream assessments-<userId>) folded: the one running, if any. */
export type LearnerAssessments = { running: RunningAssessment | null };

export const learnerAssessmentsAggregate: Aggregate<LearnerAssessments> = {
  initialState: () => ({ running: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'AssessmentStarted':
        return {
          running: {
            assessmentId: event.data.assessmentId,
            questionId: event.data.questionId,
            expiresAt: event.data.expiresAt,
          },
        };
      case 'AssessmentFinished':
        return state.running?.assessmentId === event.data.assessmentId ? { running: null } : state;
      default:
        return state;
    }
  },
};
