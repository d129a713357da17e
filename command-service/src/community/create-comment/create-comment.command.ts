import type { CommandContext } from '@app/server-kit';

/** A learner comments on a shared solution, or replies to one of its comments (`parentId`). */
export class CreateCommentCommand {
  constructor(
    readonly request: {
      commentId: string;
      solutionId: string;
      parentId: string | null;
      authorId: string;
      content: string;
    },
    readonly context: CommandContext,
  ) {}
}
