import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { decideVoteSharedSolution } from './decide-vote-shared-solution';
import { VoteSharedSolutionCommand } from './vote-shared-solution.command';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const solutionId = 's1';
const shared: GivenEvent = {
  type: 'SharedSolutionSubmitted',
  data: {
    solutionId,
    questionId: 'q',
    authorId: ada,
    title: 't',
    explanation: '',
    language: 'python',
    solution: 'x',
  },
};
const voted = (userId: string, vote: -1 | 0 | 1, previousVote: -1 | 0 | 1): GivenEvent => ({
  type: 'SharedSolutionVoted',
  data: { solutionId, userId, vote, previousVote },
});
const vote = (userId: string, value: -1 | 0 | 1) =>
  new VoteSharedSolutionCommand(
    { solutionId, userId, vote: value },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(sharedSolutionAggregate.evolve, sharedSolutionAggregate.initialState());

describe('vote on a shared solution: given its stream, when a learner votes, then', () => {
  it('an upvote from no vote carries the previous vote 0', () => {
    expect(decideVoteSharedSolution(vote(bob, 1), given(shared))).toEqual([voted(bob, 1, 0)]);
  });
  it('switching from up to down is one event with the vote it replaces', () => {
    expect(decideVoteSharedSolution(vote(bob, -1), given(shared, voted(bob, 1, 0)))).toEqual([
      voted(bob, -1, 1),
    ]);
  });
  it('the same vote again appends nothing (toggling off is a vote of 0)', () => {
    expect(decideVoteSharedSolution(vote(bob, 1), given(shared, voted(bob, 1, 0)))).toEqual([]);
    expect(decideVoteSharedSolution(vote(bob, 0), given(shared, voted(bob, 1, 0)))).toEqual([
      voted(bob, 0, 1),
    ]);
  });
  it('the stream keeps the sum of the current votes', () => {
    const state = given(shared, voted(bob, 1, 0), voted(ada, -1, 0), voted(bob, -1, 1), voted(ada, 0, -1));
    expect(state.status !== 'none' && state.tally.upvotes).toBe(-1);
  });
  it('not found for a deleted solution or an unknown id', () => {
    const deleted: GivenEvent = { type: 'SharedSolutionDeleted', data: { solutionId } };
    expect(decideVoteSharedSolution(vote(bob, 1), given(shared, deleted))).toBeInstanceOf(DomainError);
    expect(decideVoteSharedSolution(vote(bob, 1), given())).toBeInstanceOf(DomainError);
  });
});
