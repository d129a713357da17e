import type { Aggregate } from '../infrastructure/aggregate-store';

/** A learner's practice of one product (stream practice-<product>-<userId>): the questions revealed. */
export type LearnerPractice = { revealed: ReadonlySet<string> };

export const learnerPracticeAggregate: Aggregate<LearnerPractice> = {
  initialState: () => ({ revealed: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'PracticeSolutionRevealed':
        return { revealed: new Set(state.revealed).add(event.data.questionId) };
      default:
        return state;
    }
  },
};
