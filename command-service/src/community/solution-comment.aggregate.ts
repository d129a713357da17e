import { type VoteTally, emptyTally, tallyVote } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/**
 * One comment's stream folded: its place (solution, parent), author, text and votes. A deleted or
 * hidden comment keeps its place in the thread (replies stay) but takes no edits or votes.
 */
export type SolutionCommentState =
  | { status: 'none' }
  | {
      status: 'posted' | 'removed';
      commentId: string;
      solutionId: string;
      parentId: string | null;
      authorId: string;
      content: string;
      wasEdited: boolean;
      tally: VoteTally;
    };

export const solutionCommentAggregate: Aggregate<SolutionCommentState> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'SolutionCommentPosted':
        if (state.status !== 'none') return state;
        return { status: 'posted', ...event.data, wasEdited: false, tally: emptyTally };
      case 'SolutionCommentEdited':
        if (state.status === 'none') return state;
        return { ...state, content: event.data.content, wasEdited: true };
      case 'SolutionCommentVoted':
        if (state.status === 'none') return state;
        return { ...state, tally: tallyVote(state.tally, event.data.userId, event.data.vote) };
      case 'SolutionCommentDeleted':
      case 'SolutionCommentHidden':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
      default:
        return state;
    }
  },
};
