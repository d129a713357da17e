import type { CommandContext } from '@app/server-kit';

/** assessments/current/abandon: give up the assessment in progress. */
export class AbandonAssessmentCommand {
  constructor(
    readonly request: { userId: string; now: Date },
    readonly context: CommandContext,
  ) {}
}
