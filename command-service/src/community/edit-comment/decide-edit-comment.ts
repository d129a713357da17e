import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SolutionCommentState } from '../solution-comment.aggregate';
import type { EditCommentCommand } from './edit-comment.command';

/** Only the author edits, and only a comment still there; the same text again changes nothing. */
export function decideEditComment({ request }: EditCommentCommand, state: SolutionCommentState): Decision {
  const { commentId, actorId, content } = request;
  if (state.status !== 'posted') return new DomainError('NOT_FOUND', `No comment has the id ${commentId}.`);
  if (state.authorId !== actorId) return new DomainError('FORBIDDEN', 'Only its author can edit a comment.');
  if (state.content === content) return [];
  return [{ type: 'SolutionCommentEdited', data: { commentId, content } }];
}
