import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { decideSubmitSharedSolution } from './decide-submit-shared-solution';
import { SubmitSharedSolutionCommand } from './submit-shared-solution.command';

const request = {
  solutionId: 's1',
  authorId: '00000000-0000-4000-8000-000000000001',
  questionId: 'pair-with-sum',
  title: 'Two pointers',
  explanation: 'Sort, then walk in from both ends.',
  language: 'python' as const,
  solution: 'def f():\n    return 1\n',
};
const command = new SubmitSharedSolutionCommand(request, {
  actor: { kind: 'user', id: request.authorId },
  correlationId: 'c',
});
const given = (...events: GivenEvent[]) =>
  recordedEvents(events).reduce(sharedSolutionAggregate.evolve, sharedSolutionAggregate.initialState());

describe('submit shared solution: given the learner and the solution stream, when they share, then', () => {
  it('one SharedSolutionSubmitted after their CORRECT submission', () => {
    expect(decideSubmitSharedSolution(command, { solution: given(), solvedCorrectly: true })).toEqual([
      { type: 'SharedSolutionSubmitted', data: request },
    ]);
  });
  it('a refusal before they solved the question', () => {
    const decision = decideSubmitSharedSolution(command, { solution: given(), solvedCorrectly: false });
    expect(decision).toBeInstanceOf(DomainError);
    expect((decision as DomainError).code).toBe('COMMUNITY_SOLVE_FIRST');
  });
  it('nothing for a retry of the same solution id', () => {
    const shared: GivenEvent = { type: 'SharedSolutionSubmitted', data: request };
    expect(decideSubmitSharedSolution(command, { solution: given(shared), solvedCorrectly: true })).toEqual(
      [],
    );
  });
});
