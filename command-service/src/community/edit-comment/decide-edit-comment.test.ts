import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { decideEditComment } from './decide-edit-comment';
import { EditCommentCommand } from './edit-comment.command';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const commentId = 'c1';
const posted: GivenEvent = {
  type: 'SolutionCommentPosted',
  data: { commentId, solutionId: 's1', parentId: null, authorId: ada, content: 'hi' },
};
const edit = (actorId: string, content: string) =>
  new EditCommentCommand(
    { commentId, actorId, content },
    { actor: { kind: 'user', id: actorId }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(solutionCommentAggregate.evolve, solutionCommentAggregate.initialState());
const code = (decision: unknown) => (decision instanceof DomainError ? decision.code : decision);

describe('edit a comment: given its stream, when someone edits it, then', () => {
  it('the author changes its text; the same text appends nothing', () => {
    expect(decideEditComment(edit(ada, 'hello'), given(posted))).toEqual([
      { type: 'SolutionCommentEdited', data: { commentId, content: 'hello' } },
    ]);
    expect(decideEditComment(edit(ada, 'hi'), given(posted))).toEqual([]);
  });
  it('nobody else may, and a deleted comment is not found', () => {
    expect(code(decideEditComment(edit(bob, 'x'), given(posted)))).toBe('FORBIDDEN');
    const deleted: GivenEvent = { type: 'SolutionCommentDeleted', data: { commentId } };
    expect(code(decideEditComment(edit(ada, 'x'), given(posted, deleted)))).toBe('NOT_FOUND');
  });
});
