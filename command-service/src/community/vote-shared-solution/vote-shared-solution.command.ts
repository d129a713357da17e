import type { Vote } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** A learner votes on a shared solution: up (1), down (-1) or none (0). */
export class VoteSharedSolutionCommand {
  constructor(
    readonly request: { solutionId: string; userId: string; vote: Vote },
    readonly context: CommandContext,
  ) {}
}
