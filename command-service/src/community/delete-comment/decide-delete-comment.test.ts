import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { decideDeleteComment } from './decide-delete-comment';
import { DeleteCommentCommand } from './delete-comment.command';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const commentId = 'c1';
const posted: GivenEvent = {
  type: 'SolutionCommentPosted',
  data: { commentId, solutionId: 's1', parentId: null, authorId: ada, content: 'hi' },
};
const remove = (actorId: string, moderator = false, reason?: string) =>
  new DeleteCommentCommand(
    { commentId, actorId, moderator, reason },
    { actor: { kind: 'user', id: actorId }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(solutionCommentAggregate.evolve, solutionCommentAggregate.initialState());
const code = (decision: unknown) => (decision instanceof DomainError ? decision.code : decision);

describe('delete a comment: given its stream, when someone deletes it, then', () => {
  it('the author deletes it once; another learner may not; staff hide it with a reason', () => {
    const deleted: GivenEvent = { type: 'SolutionCommentDeleted', data: { commentId } };
    expect(decideDeleteComment(remove(ada), given(posted))).toEqual([deleted]);
    expect(decideDeleteComment(remove(ada), given(posted, deleted))).toEqual([]);
    expect(code(decideDeleteComment(remove(bob), given(posted)))).toBe('FORBIDDEN');
    expect(decideDeleteComment(remove(bob, true, 'Rude'), given(posted))).toEqual([
      { type: 'SolutionCommentHidden', data: { commentId, reason: 'Rude', authorUserId: ada } },
    ]);
    expect(code(decideDeleteComment(remove(bob, true), given(posted)))).toBe('VALIDATION_FAILED');
    expect(code(decideDeleteComment(remove(ada), given()))).toBe('NOT_FOUND');
  });
});
