import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SolutionCommentState } from '../solution-comment.aggregate';
import type { DeleteCommentCommand } from './delete-comment.command';

/**
 * The author deletes their comment; staff hide anyone's with a reason. Either way it stays in its
 * thread as deleted, so its replies keep their place. Removed already: nothing more to do.
 */
export function decideDeleteComment(
  { request }: DeleteCommentCommand,
  state: SolutionCommentState,
): Decision {
  const { commentId, actorId, moderator, reason } = request;
  if (state.status === 'none') return new DomainError('NOT_FOUND', `No comment has the id ${commentId}.`);
  if (state.status === 'removed') return [];
  if (state.authorId === actorId) return [{ type: 'SolutionCommentDeleted', data: { commentId } }];
  if (!moderator) return new DomainError('FORBIDDEN', 'Only its author can delete a comment.');
  if (!reason) return new DomainError('VALIDATION_FAILED', "Staff hiding someone's comment give a reason.");
  return [{ type: 'SolutionCommentHidden', data: { commentId, reason, authorUserId: state.authorId } }];
}
