import type { Principal, ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/**
 * Submit Solidity (submissions/coding-question/sandbox/create): compile the learner's contract, run every
 * scenario of a question (or every milestone of a project) in the EVM, and record the outcome.
 */
export class CreateSoliditySubmissionCommand {
  constructor(
    readonly request: {
      principal: Extract<Principal, { kind: 'user' }>;
      product: ProblemProductId;
      kind: 'question' | 'project';
      questionId: string;
      questionVersion?: number;
      code: string;
      /** The submission's id: the Idempotency-Key, else a new one (also the event's id). */
      submissionId: string;
    },
    readonly context: CommandContext,
  ) {}
}
