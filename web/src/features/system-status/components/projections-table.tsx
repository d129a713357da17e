import type { ProjectionStatus } from '../api/get-system-status';
import { RebuildFigures } from '@/shared/ui/rebuild-figures';
import { formatCount, formatLag, toPercent } from '../utils/format';

const stateLabels: Record<ProjectionStatus['state'], string> = {
  running: 'Running',
  rebuilding: 'Rebuilding',
  idle: 'Idle',
  stopped: 'Stopped',
};

type ProjectionsTableProps = { projections: ProjectionStatus[] };

export function ProjectionsTable({ projections }: ProjectionsTableProps) {
  return (
    // Focusable and labelled so keyboard users can scroll the table sideways on narrow screens.
    <div className="table-card" role="region" aria-labelledby="projections-caption" tabIndex={0}>
      <table className="projections-table">
        <caption id="projections-caption">Projections</caption>
        <thead>
          <tr>
            <th scope="col">Projection</th>
            <th scope="col">State</th>
            <th scope="col" className="numeric">
              Checkpoint position
            </th>
            <th scope="col" className="numeric">
              Events behind
            </th>
            <th scope="col" className="numeric">
              Lag
            </th>
            <th scope="col">Rebuild progress</th>
          </tr>
        </thead>
        <tbody>
          {projections.length === 0 ? (
            <tr>
              <td colSpan={6} className="projections-table__empty">
                No projections are registered yet.
              </td>
            </tr>
          ) : (
            projections.map((projection) => <ProjectionRow key={projection.name} projection={projection} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

type ProjectionRowProps = { projection: ProjectionStatus };

function ProjectionRow({ projection }: ProjectionRowProps) {
  const isBehind = projection.eventsBehind > 0;
  return (
    <tr data-projection={projection.name}>
      <th scope="row" className="projections-table__name">
        {projection.name}
      </th>
      <td>
        <span className={`state-badge state-badge--${projection.state}`}>
          {stateLabels[projection.state]}
        </span>
      </td>
      <td className="numeric" title={`Consistency token ${projection.checkpoint}`}>
        {formatCount(projection.checkpointPosition)}
      </td>
      <td
        className={`numeric ${isBehind ? 'is-behind' : 'is-current'}`}
        data-testid="events-behind"
        data-value={projection.eventsBehind}
      >
        {formatCount(projection.eventsBehind)}
      </td>
      <td className="numeric">{formatLag(projection.lagMs)}</td>
      <td>
        <RebuildProgress projection={projection} />
      </td>
    </tr>
  );
}

function RebuildProgress({ projection }: ProjectionRowProps) {
  if (projection.state !== 'rebuilding') {
    if (projection.rebuild) return <RebuildFigures figures={projection.rebuild} />;
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not rebuilding</span>
      </span>
    );
  }
  if (projection.rebuildProgress === null) return <span className="muted">Starting…</span>;
  const percent = toPercent(projection.rebuildProgress);
  return (
    <>
      <div className="progress">
        <div
          className="progress__track"
          role="progressbar"
          aria-label={`Rebuild of ${projection.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="progress__label">{percent}%</span>
      </div>
      {projection.rebuild ? <RebuildFigures figures={projection.rebuild} /> : null}
    </>
  );
}
