import type { CommandContext } from '@app/server-kit';

/** The author changes their comment's text. */
export class EditCommentCommand {
  constructor(
    readonly request: { commentId: string; actorId: string; content: string },
    readonly context: CommandContext,
  ) {}
}
