import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SolutionCommentState } from '../solution-comment.aggregate';
import type { VoteCommentCommand } from './vote-comment.command';

/** As for solutions: one vote per learner per comment, each change one event with the vote it replaces. */
export function decideVoteComment({ request }: VoteCommentCommand, state: SolutionCommentState): Decision {
  if (state.status !== 'posted')
    return new DomainError('NOT_FOUND', `No comment has the id ${request.commentId}.`);
  const previousVote = state.tally.votes.get(request.userId) ?? 0;
  if (previousVote === request.vote) return [];
  return [{ type: 'SolutionCommentVoted', data: { ...request, previousVote } }];
}
