import type { Vote } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** A learner votes on a comment: up (1), down (-1) or none (0). */
export class VoteCommentCommand {
  constructor(
    readonly request: { commentId: string; userId: string; vote: Vote },
    readonly context: CommandContext,
  ) {}
}
