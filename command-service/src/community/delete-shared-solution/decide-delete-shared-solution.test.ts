import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { decideDeleteSharedSolution } from './decide-delete-shared-solution';
import { DeleteSharedSolutionCommand } from './delete-shared-solution.command';

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
    language: 'go',
    solution: 'x',
  },
};
const remove = (actorId: string, moderator = false, reason?: string) =>
  new DeleteSharedSolutionCommand(
    { solutionId, actorId, moderator, reason },
    { actor: { kind: 'user', id: actorId }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(sharedSolutionAggregate.evolve, sharedSolutionAggregate.initialState());
const code = (decision: unknown) => (decision instanceof DomainError ? decision.code : decision);

describe('delete a shared solution: given its stream, when someone deletes it, then', () => {
  it('its author deletes it, once', () => {
    const deleted: GivenEvent = { type: 'SharedSolutionDeleted', data: { solutionId } };
    expect(decideDeleteSharedSolution(remove(ada), given(shared))).toEqual([deleted]);
    expect(decideDeleteSharedSolution(remove(ada), given(shared, deleted))).toEqual([]);
  });
  it('another learner may not', () => {
    expect(code(decideDeleteSharedSolution(remove(bob), given(shared)))).toBe('FORBIDDEN');
  });
  it('staff hide it with a reason, and must give one', () => {
    expect(decideDeleteSharedSolution(remove(bob, true, 'Spam'), given(shared))).toEqual([
      { type: 'SharedSolutionHidden', data: { solutionId, reason: 'Spam', authorUserId: ada } },
    ]);
    expect(code(decideDeleteSharedSolution(remove(bob, true), given(shared)))).toBe('VALIDATION_FAILED');
  });
  it('not found for an unknown id', () => {
    expect(code(decideDeleteSharedSolution(remove(ada), given()))).toBe('NOT_FOUND');
  });
});
