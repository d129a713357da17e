import type { AnalyticsParams, EventPosition } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/**
 * An analyst runs SQL; `analystId` is null for the operator's staff token. `abandoned` aborts when the
 * caller goes away before the answer (a closed tab, a cancelled fetch): the query is cancelled then.
 */
export class RunAnalyticsQueryCommand {
  constructor(
    readonly request: { runId: string; analystId: string | null; sql: string; params: AnalyticsParams },
    readonly context: CommandContext,
    readonly abandoned?: AbortSignal,
    /** X-Min-Position: the query runs once every read model shows this position. */
    readonly minPosition?: EventPosition,
  ) {}
}
