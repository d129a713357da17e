import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SharedSolutionState } from '../shared-solution.aggregate';
import type { VoteSharedSolutionCommand } from './vote-shared-solution.command';

/**
 * One vote per learner per solution: a vote equal to their current one appends nothing; any other
 * is one event carrying the vote it replaces, decided on the solution's own stream at the revision
 * read, so the sum of the current votes is exact however many vote at once.
 */
export function decideVoteSharedSolution(
  { request }: VoteSharedSolutionCommand,
  state: SharedSolutionState,
): Decision {
  if (state.status !== 'listed') {
    return new DomainError('NOT_FOUND', `No shared solution has the id ${request.solutionId}.`);
  }
  const previousVote = state.tally.votes.get(request.userId) ?? 0;
  if (previousVote === request.vote) return [];
  return [{ type: 'SharedSolutionVoted', data: { ...request, previousVote } }];
}
