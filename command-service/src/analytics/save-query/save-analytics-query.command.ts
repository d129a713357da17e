import type { AnalyticsChart } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** An analyst saves a query for every analyst: `isNew` when the caller gave no id (one was drawn). */
export class SaveAnalyticsQueryCommand {
  constructor(
    readonly request: {
      queryId: string;
      isNew: boolean;
      name: string;
      description: string;
      sql: string;
      chart: AnalyticsChart | null;
      savedBy: string | null;
    },
    readonly context: CommandContext,
  ) {}
}
