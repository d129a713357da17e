import type { RebuildFigures as Figures } from '@app/contracts';
import { formatCount, formatLag } from '@/shared/lib/format-figures';
import './rebuild-figures.css';

/**
 * A rebuild's figures beside its progress bar: while it runs, how far, how fast and for how long; once
 * done, what the last one replayed, in what time and at what rate.
 */
export function RebuildFigures({ figures }: { figures: Figures }) {
  const rate = `${formatCount(figures.eventsPerSecond)} events/s`;
  const time = formatLag(figures.elapsedMs);
  if (figures.finishedAt === null) {
    return (
      <span className="rebuild-figures" data-testid="rebuild-figures">
        {formatCount(figures.eventsDone)} of {formatCount(figures.eventsTotal)} events · {rate} · {time}
      </span>
    );
  }
  return (
    <span
      className="rebuild-figures"
      data-testid="rebuild-figures"
      title={`Finished ${new Date(figures.finishedAt).toLocaleString()}`}
    >
      Last rebuild: {formatCount(figures.eventsDone)} events in {time} · {rate}
    </span>
  );
}
