import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SharedSolutionState } from '../shared-solution.aggregate';
import type { DeleteSharedSolutionCommand } from './delete-shared-solution.command';

/**
 * The author deletes their own solution; staff hide anyone's, giving the reason the audit history
 * keeps. A solution removed already needs nothing more (a retried request succeeds).
 */
export function decideDeleteSharedSolution(
  { request }: DeleteSharedSolutionCommand,
  state: SharedSolutionState,
): Decision {
  const { solutionId, actorId, moderator, reason } = request;
  if (state.status === 'none')
    return new DomainError('NOT_FOUND', `No shared solution has the id ${solutionId}.`);
  if (state.status === 'removed') return [];
  if (state.authorId === actorId) return [{ type: 'SharedSolutionDeleted', data: { solutionId } }];
  if (!moderator) return new DomainError('FORBIDDEN', 'Only its author can delete a shared solution.');
  if (!reason) {
    return new DomainError('VALIDATION_FAILED', "Staff hiding someone's solution give a reason.");
  }
  return [{ type: 'SharedSolutionHidden', data: { solutionId, reason, authorUserId: state.authorId } }];
}
