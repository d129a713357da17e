import type { CommandContext } from '@app/server-kit';

/** assessments/start: begin a timed assessment on one algorithms question. */
export class StartAssessmentCommand {
  constructor(
    readonly request: {
      userId: string;
      questionId: string;
      /** The new assessment's id: the Idempotency-Key, else a new one (a retry starts nothing new). */
      assessmentId: string;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
