import type { CommandContext } from '@app/server-kit';

/** An analyst cancels one of their running queries by its run id. */
export class CancelAnalyticsQueryCommand {
  constructor(
    readonly request: { runId: string; analystId: string | null },
    readonly context: CommandContext,
  ) {}
}
