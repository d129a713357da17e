import { type Principal, type VoteTally, emptyTally, tallyVote } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/**
 * One shared solution's stream folded: whether it is listed, who wrote it and the votes on it. A
 * deleted or hidden solution takes no more votes or comments.
 */
export type SharedSolutionState =
  | { status: 'none' }
  | {
      status: 'listed' | 'removed';
      solutionId: string;
      questionId: string;
      authorId: string;
      title: string;
      explanation: string;
      language: string;
      solution: string;
      tally: VoteTally;
    };

export const sharedSolutionAggregate: Aggregate<SharedSolutionState> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'SharedSolutionSubmitted':
        if (state.status !== 'none') return state;
        return { status: 'listed', ...event.data, tally: emptyTally };
      case 'SharedSolutionVoted':
        if (state.status === 'none') return state;
        return { ...state, tally: tallyVote(state.tally, event.data.userId, event.data.vote) };
      case 'SharedSolutionDeleted':
      case 'SharedSolutionHidden':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
      default:
        return state;
    }
  },
};

/** Staff (a staff role, or the operator token) moderate any item; others only their own. */
export const isModerator = (principal: Principal) =>
  principal.kind === 'operator' || (principal.kind === 'user' && principal.roles.includes('staff'));
