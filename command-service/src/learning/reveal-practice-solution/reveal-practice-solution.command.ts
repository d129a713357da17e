import type { ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

export type RevealPracticeSolution = {
  userId: string;
  product: ProblemProductId;
  questionId: string;
};

export class RevealPracticeSolutionCommand {
  constructor(
    readonly request: RevealPracticeSolution,
    readonly context: CommandContext,
  ) {}
}
