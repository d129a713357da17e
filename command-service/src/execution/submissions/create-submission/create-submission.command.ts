import type { CodingLanguage, Principal, ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** Submit Code (submissions/create): judge the code against every test and record the outcome. */
export class CreateSubmissionCommand {
  constructor(
    readonly request: {
      principal: Extract<Principal, { kind: 'user' }>;
      product: ProblemProductId;
      questionId: string;
      questionVersion?: number;
      language: CodingLanguage;
      code: string;
      /** The submission's id: the Idempotency-Key, else a new one (also the event's id). */
      submissionId: string;
    },
    readonly context: CommandContext,
  ) {}
}
