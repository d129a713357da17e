import type { RebuildFigures } from '@app/contracts';

/** What a rebuild has done so far, or did: the figures staff read beside its progress bar. */
export type RebuildRun = {
  startedAt: Date;
  /** Null while it runs. */
  finishedAt: Date | null;
  done: number;
  total: number;
};

/** Elapsed time runs to the end, or to `now` while the rebuild runs; the rate is events over that time. */
export function rebuildFigures(run: RebuildRun, now: number): RebuildFigures {
  const end = run.finishedAt?.getTime() ?? now;
  const elapsedMs = Math.max(0, end - run.startedAt.getTime());
  return {
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    eventsDone: run.done,
    // A rebuild counts its target at the start; events it met beyond that do not make it more than done.
    eventsTotal: Math.max(run.total, run.done),
    elapsedMs,
    eventsPerSecond: elapsedMs > 0 ? Math.round((run.done * 1000) / elapsedMs) : 0,
  };
}
