import type { CommandContext } from '@app/server-kit';

/** The author deletes their shared solution, or staff hide someone's with a reason. */
export class DeleteSharedSolutionCommand {
  constructor(
    readonly request: { solutionId: string; actorId: string; moderator: boolean; reason?: string },
    readonly context: CommandContext,
  ) {}
}
