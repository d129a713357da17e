import { type FormEvent, useState } from 'react';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import {
  type SnapshotView,
  useDropProjectionSnapshotMutation,
  useGetProjectionSnapshotRowsQuery,
  useListProjectionSnapshotsQuery,
  useStaffProjectionsQuery,
  useStartProjectionSnapshotMutation,
} from '../api/staff-api';

const PAGE = 50;

/**
 * Read models as of a position: staff pick a read model and a position (the last event by default),
 * the service rebuilds it into a schema of its own with progress, and they page through its tables
 * here (or query the schema), then drop it.
 */
export function Snapshots() {
  const status = useStaffProjectionsQuery(undefined, { pollingInterval: 5000 });
  const [building, setBuilding] = useState(false);
  const list = useListProjectionSnapshotsQuery(undefined, { pollingInterval: building ? 1000 : 10_000 });
  const snapshots = list.data?.snapshots ?? [];
  const anyBuilding = snapshots.some((s) => s.state === 'building');
  if (anyBuilding !== building) setBuilding(anyBuilding);
  const [start, starting] = useStartProjectionSnapshotMutation();
  const [drop, dropping] = useDropProjectionSnapshotMutation();
  const [projection, setProjection] = useState('');
  const [position, setPosition] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const names = (status.data?.projections ?? []).map((p) => p.name);
  const chosen = projection || names[0] || '';

  const handleStart = async (event: FormEvent) => {
    event.preventDefault();
    const at = position.trim() || status.data?.head.token;
    if (!chosen || !at) return;
    const result = await start({ params: { name: chosen }, request: { position: at } });
    if ('data' in result && result.data) {
      setViewing(null);
      void list.refetch();
    }
  };
  const handleDrop = async (snapshot: SnapshotView) => {
    await drop({ params: { snapshotId: snapshot.snapshotId } });
    if (viewing === snapshot.snapshotId) setViewing(null);
    void list.refetch();
  };
  const viewed = snapshots.find((s) => s.snapshotId === viewing && s.state === 'ready');

  return (
    <section className="staff__panel" aria-labelledby="snapshots-heading">
      <h2 id="snapshots-heading">Read models as of a position</h2>
      <p className="staff__muted">
        Rebuilds one read model with its own projection code over the events up to a position, into a schema
        of its own that you can page through here or query, then drop.
      </p>
      <form
        className="staff__filters"
        onSubmit={(event) => void handleStart(event)}
        aria-label="Build a snapshot"
      >
        <div className="staff__field">
          <label htmlFor="snapshot-projection">Read model</label>
          <select
            id="snapshot-projection"
            value={chosen}
            onChange={(event) => setProjection(event.target.value)}
          >
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="staff__field">
          <label htmlFor="snapshot-position">Position</label>
          <input
            id="snapshot-position"
            value={position}
            placeholder={status.data ? `${status.data.head.token} (the last event)` : 'the last event'}
            onChange={(event) => setPosition(event.target.value)}
            autoComplete="off"
          />
        </div>
        <Button type="submit" isLoading={starting.isLoading} disabled={!chosen}>
          Build snapshot
        </Button>
      </form>
      {starting.isError ? <p role="alert">{getApiErrorMessage(starting.error)}</p> : null}
      {dropping.isError ? <p role="alert">{getApiErrorMessage(dropping.error)}</p> : null}
      {list.isError ? <p role="alert">{getApiErrorMessage(list.error)}</p> : null}
      {list.isSuccess && snapshots.length === 0 ? <p role="status">No snapshots yet.</p> : null}
      {snapshots.length > 0 ? (
        <div className="staff__table" role="region" aria-label="Snapshots, scrollable" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Snapshots</caption>
            <thead>
              <tr>
                <th scope="col">Read model</th>
                <th scope="col">As of</th>
                <th scope="col">Schema</th>
                <th scope="col">State</th>
                <th scope="col">Events</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {snapshots.map((snapshot) => (
                <tr key={snapshot.snapshotId}>
                  <th scope="row">{snapshot.projection}</th>
                  <td>{snapshot.position}</td>
                  <td>
                    <code>{snapshot.schema}</code>
                  </td>
                  <td>
                    {snapshot.state === 'building' ? (
                      <progress
                        max={Math.max(snapshot.total, 1)}
                        value={snapshot.done}
                        aria-label={`Building ${snapshot.projection}`}
                      >
                        {snapshot.done} of {snapshot.total}
                      </progress>
                    ) : (
                      <span title={snapshot.error ?? undefined}>{snapshot.state}</span>
                    )}
                  </td>
                  <td>
                    {snapshot.done.toLocaleString()} of {snapshot.total.toLocaleString()}
                  </td>
                  <td className="staff__actions">
                    {snapshot.state === 'ready' ? (
                      <Button
                        variant="secondary"
                        aria-pressed={viewing === snapshot.snapshotId}
                        onClick={() =>
                          setViewing(viewing === snapshot.snapshotId ? null : snapshot.snapshotId)
                        }
                      >
                        View
                      </Button>
                    ) : null}
                    {snapshot.state !== 'dropped' ? (
                      <Button
                        variant="secondary"
                        onClick={() => void handleDrop(snapshot)}
                        aria-label={`Drop the snapshot of ${snapshot.projection} as of ${snapshot.position}`}
                      >
                        Drop
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {viewed ? <SnapshotTables snapshot={viewed} /> : null}
    </section>
  );
}

function SnapshotTables({ snapshot }: { snapshot: SnapshotView }) {
  const [table, setTable] = useState(snapshot.tables[0] ?? '');
  const [offset, setOffset] = useState(0);
  const page = useGetProjectionSnapshotRowsQuery({
    params: { snapshotId: snapshot.snapshotId, table },
    request: { limit: PAGE, offset },
  });
  const show = (value: unknown) =>
    value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <div className="staff__snapshot">
      <h3>
        {snapshot.projection} as of {snapshot.position}
      </h3>
      <div className="staff__field">
        <label htmlFor="snapshot-table">Table</label>
        <select
          id="snapshot-table"
          value={table}
          onChange={(event) => {
            setTable(event.target.value);
            setOffset(0);
          }}
        >
          {snapshot.tables.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {page.isError ? <p role="alert">{getApiErrorMessage(page.error)}</p> : null}
      {page.data ? (
        <>
          <p className="staff__muted" role="status">
            {page.data.total === 0
              ? 'The table is empty at this position.'
              : `Rows ${offset + 1} to ${offset + page.data.rows.length} of ${page.data.total.toLocaleString()}`}
          </p>
          {page.data.rows.length > 0 ? (
            <div className="staff__table" role="region" aria-label={`${table}, scrollable`} tabIndex={0}>
              <table>
                <caption className="visually-hidden">{table}</caption>
                <thead>
                  <tr>
                    {page.data.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.data.rows.map((row, index) => (
                    <tr key={offset + index}>
                      {page.data!.columns.map((column) => (
                        <td key={column}>{show(row[column])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="staff__pager">
            <Button
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              Previous rows
            </Button>
            <Button
              variant="secondary"
              disabled={offset + PAGE >= page.data.total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next rows
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
