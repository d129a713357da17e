import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SharedSolutionState } from '../shared-solution.aggregate';
import type { SolutionCommentState } from '../solution-comment.aggregate';
import type { CreateCommentCommand } from './create-comment.command';

/**
 * A comment goes on a listed solution; a reply on a comment of that same solution that is still
 * there (replies to a deleted comment stay, new ones are refused). A comment id used already is a
 * retried request: nothing more is appended.
 */
export function decideCreateComment(
  { request }: CreateCommentCommand,
  state: {
    comment: SolutionCommentState;
    solution: SharedSolutionState;
    parent: SolutionCommentState | null;
  },
): Decision {
  if (state.comment.status !== 'none') return [];
  if (state.solution.status !== 'listed') {
    return new DomainError('NOT_FOUND', `No shared solution has the id ${request.solutionId}.`);
  }
  const { parent } = state;
  if (request.parentId !== null) {
    if (!parent || parent.status !== 'posted' || parent.solutionId !== request.solutionId) {
      return new DomainError('NOT_FOUND', `No comment ${request.parentId} to reply to on this solution.`);
    }
  }
  return [{ type: 'SolutionCommentPosted', data: { ...request } }];
}
