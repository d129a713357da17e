import type { ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** submissions/deleteAll: the learner starts a product over. */
export class ResetSubmissionsCommand {
  constructor(
    readonly request: { userId: string; product: ProblemProductId },
    readonly context: CommandContext,
  ) {}
}
