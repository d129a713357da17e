import type { ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

export type SubmitChoice = {
  userId: string;
  product: ProblemProductId;
  /** The call made: submissions/mcq/create or submissions/fitb/create. */
  kind: 'mcq' | 'fitb';
  questionId: string;
  answer: string;
};

export class SubmitChoiceCommand {
  constructor(
    readonly request: SubmitChoice,
    readonly context: CommandContext,
  ) {}
}
