import type { CommandContext } from '@app/server-kit';

export class DeleteAnalyticsQueryCommand {
  constructor(
    readonly request: { queryId: string; deletedBy: string | null },
    readonly context: CommandContext,
  ) {}
}
