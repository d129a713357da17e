import type { CommandContext } from '@app/server-kit';

/** The author deletes their comment, or staff hide someone's with a reason. */
export class DeleteCommentCommand {
  constructor(
    readonly request: { commentId: string; actorId: string; moderator: boolean; reason?: string },
    readonly context: CommandContext,
  ) {}
}
