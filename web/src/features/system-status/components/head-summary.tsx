import type { ProjectionStatus, SystemStatus } from '../api/get-system-status';
import { formatCount } from '../utils/format';

type HeadSummaryProps = { head: SystemStatus['head']; projections: ProjectionStatus[] };

/** The event store's head and a caught-up count; a polite live region, so changes are announced. */
export function HeadSummary({ head, projections }: HeadSummaryProps) {
  const caughtUp = projections.filter((projection) => projection.eventsBehind === 0).length;
  const allCaughtUp = caughtUp === projections.length;

  return (
    <dl className="stat-grid" aria-live="polite">
      <div className="stat">
        <dt className="stat__label">Head position</dt>
        <dd className="stat__value" data-testid="head-position" data-value={head.position}>
          {formatCount(head.position)}
        </dd>
        <dd className="stat__detail" title="Consistency token of the newest event">
          token <code>{head.token}</code>
        </dd>
      </div>
      <div className="stat">
        <dt className="stat__label">Total events</dt>
        <dd className="stat__value" data-testid="total-events" data-value={head.totalEvents}>
          {formatCount(head.totalEvents)}
        </dd>
        <dd className="stat__detail">in the event store</dd>
      </div>
      <div className={`stat ${allCaughtUp ? 'stat--good' : 'stat--warning'}`}>
        <dt className="stat__label">Projections caught up</dt>
        <dd className="stat__value" data-testid="projections-caught-up">
          {caughtUp} <span className="stat__of">of {projections.length}</span>
        </dd>
        <dd className="stat__detail">{allCaughtUp ? 'Read models are current' : 'Catching up…'}</dd>
      </div>
    </dl>
  );
}
