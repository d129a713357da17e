import type { Principal, ProblemProductId } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/**
 * Submit a frontend question (submissions/frontend-question/mocha/create, submissions/screenshot/create):
 * judge the learner's page in Chromium on the server, by the question's unit tests or by its screenshot,
 * and record the outcome.
 */
export class CreateFrontendSubmissionCommand {
  constructor(
    readonly request: {
      principal: Extract<Principal, { kind: 'user' }>;
      product: ProblemProductId;
      judge: 'mocha' | 'screenshot';
      questionId: string;
      files: Record<string, string>;
      /** The submission's id: the Idempotency-Key, else a new one (also the event's id). */
      submissionId: string;
    },
    readonly context: CommandContext,
  ) {}
}
