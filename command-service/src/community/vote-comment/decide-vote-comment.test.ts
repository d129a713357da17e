import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { decideVoteComment } from './decide-vote-comment';
import { VoteCommentCommand } from './vote-comment.command';

const ada = '00000000-0000-4000-8000-00000000000a';
const commentId = 'c1';
const posted: GivenEvent = {
  type: 'SolutionCommentPosted',
  data: { commentId, solutionId: 's1', parentId: null, authorId: ada, content: 'hi' },
};
const vote = (value: -1 | 0 | 1) =>
  new VoteCommentCommand(
    { commentId, userId: ada, vote: value },
    { actor: { kind: 'user', id: ada }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(solutionCommentAggregate.evolve, solutionCommentAggregate.initialState());

describe('vote on a comment: given its stream, when a learner votes, then', () => {
  it('a change is one event with the vote it replaces; the same vote nothing', () => {
    const up: GivenEvent = {
      type: 'SolutionCommentVoted',
      data: { commentId, userId: ada, vote: 1, previousVote: 0 },
    };
    expect(decideVoteComment(vote(1), given(posted))).toEqual([up]);
    expect(decideVoteComment(vote(1), given(posted, up))).toEqual([]);
    expect(decideVoteComment(vote(-1), given(posted, up))).toEqual([
      { type: 'SolutionCommentVoted', data: { commentId, userId: ada, vote: -1, previousVote: 1 } },
    ]);
  });
  it('not found for a deleted comment', () => {
    const deleted: GivenEvent = { type: 'SolutionCommentDeleted', data: { commentId } };
    expect(decideVoteComment(vote(1), given(posted, deleted))).toBeInstanceOf(DomainError);
  });
});
