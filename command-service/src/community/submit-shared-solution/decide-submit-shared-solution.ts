import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SharedSolutionState } from '../shared-solution.aggregate';
import type { SubmitSharedSolutionCommand } from './submit-shared-solution.command';

/**
 * Only a learner whose latest submission of the question (any product) is CORRECT shares a solution
 * to it, so shared solutions are ones that pass. A solution id already used is a retried request:
 * nothing more is appended.
 */
export function decideSubmitSharedSolution(
  { request }: SubmitSharedSolutionCommand,
  state: { solution: SharedSolutionState; solvedCorrectly: boolean },
): Decision {
  if (state.solution.status !== 'none') return [];
  if (!state.solvedCorrectly) {
    return new DomainError(
      'COMMUNITY_SOLVE_FIRST',
      `Solve ${request.questionId} first: a solution can be shared after your own CORRECT submission of it.`,
    );
  }
  return [{ type: 'SharedSolutionSubmitted', data: { ...request } }];
}
