import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { decideCreateComment } from './decide-create-comment';
import { CreateCommentCommand } from './create-comment.command';

const ada = '00000000-0000-4000-8000-00000000000a';
const shared: GivenEvent = {
  type: 'SharedSolutionSubmitted',
  data: {
    solutionId: 's1',
    questionId: 'q',
    authorId: ada,
    title: 't',
    explanation: '',
    language: 'go',
    solution: 'x',
  },
};
const posted = (commentId: string, solutionId = 's1'): GivenEvent => ({
  type: 'SolutionCommentPosted',
  data: { commentId, solutionId, parentId: null, authorId: ada, content: 'hi' },
});
const solution = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(sharedSolutionAggregate.evolve, sharedSolutionAggregate.initialState());
const comment = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(solutionCommentAggregate.evolve, solutionCommentAggregate.initialState());
const create = (parentId: string | null) =>
  new CreateCommentCommand(
    { commentId: 'c2', solutionId: 's1', parentId, authorId: ada, content: 'A reply' },
    { actor: { kind: 'user', id: ada }, correlationId: 'c' },
  );
const code = (decision: unknown) => (decision instanceof DomainError ? decision.code : decision);

describe('create a comment: given the solution (and the parent), when a learner comments, then', () => {
  it('a top-level comment on a listed solution', () => {
    expect(
      decideCreateComment(create(null), { comment: comment(), solution: solution(shared), parent: null }),
    ).toEqual([{ type: 'SolutionCommentPosted', data: create(null).request }]);
  });
  it('a reply to a comment of the same solution', () => {
    const state = { comment: comment(), solution: solution(shared), parent: comment(posted('c1')) };
    expect(decideCreateComment(create('c1'), state)).toHaveLength(1);
  });
  it('no reply to a comment of another solution, or to a deleted one', () => {
    const other = { comment: comment(), solution: solution(shared), parent: comment(posted('c1', 's9')) };
    expect(code(decideCreateComment(create('c1'), other))).toBe('NOT_FOUND');
    const deleted = comment(posted('c1'), { type: 'SolutionCommentDeleted', data: { commentId: 'c1' } });
    expect(code(decideCreateComment(create('c1'), { ...other, parent: deleted }))).toBe('NOT_FOUND');
  });
  it('no comment on a deleted or unknown solution', () => {
    const gone = solution(shared, { type: 'SharedSolutionDeleted', data: { solutionId: 's1' } });
    expect(
      code(decideCreateComment(create(null), { comment: comment(), solution: gone, parent: null })),
    ).toBe('NOT_FOUND');
    expect(
      code(decideCreateComment(create(null), { comment: comment(), solution: solution(), parent: null })),
    ).toBe('NOT_FOUND');
  });
});
