import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { type Role, differences, roles } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { PageHeader } from '@/shared/ui/page';
import { Button } from '@/shared/ui/button';
import {
  type AccountAsOfView,
  type HistoryEventView,
  useGetAccountAsOfQuery,
  useGetAccountHistoryQuery,
  useGetEventCausationQuery,
  useGetUserAccessQuery,
  useGrantRoleMutation,
  useRevokeRoleMutation,
  useRevokeUserSessionsMutation,
} from '../api/staff-api';
import './staff.css';

const PAGE_SIZE = 50;

const commaSeparated = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** One account for staff: access and roles, its audit history, an event's causes, and time travel. */
export function AccountPage() {
  const { userId = '' } = useParams();
  const [travelTo, setTravelTo] = useState<string | null>(null);
  const [openEvent, setOpenEvent] = useState<string | null>(null);
  return (
    <div className="staff">
      <PageHeader
        title="Account"
        documentTitle={`Account ${userId}`}
        eyebrow="Staff"
        lead={<code>{userId}</code>}
        crumbs={[{ label: 'Management', to: '/management' }]}
      />
      <AccessPanel userId={userId} />
      {travelTo ? (
        <TimeTravel
          userId={userId}
          position={travelTo}
          onMove={setTravelTo}
          onClose={() => setTravelTo(null)}
        />
      ) : null}
      {openEvent ? <EventDetail eventId={openEvent} onClose={() => setOpenEvent(null)} /> : null}
      <History userId={userId} onTravel={setTravelTo} onOpen={setOpenEvent} />
    </div>
  );
}

function AccessPanel({ userId }: { userId: string }) {
  const access = useGetUserAccessQuery({ params: { userId } });
  const [grant, granting] = useGrantRoleMutation();
  const [revoke, revoking] = useRevokeRoleMutation();
  const [revokeSessions, revokingSessions] = useRevokeUserSessionsMutation();
  const [role, setRole] = useState<Role>('student');
  const held = access.data?.roles ?? [];
  const failure = granting.error ?? revoking.error ?? revokingSessions.error;

  const handleGrant = async (event: FormEvent) => {
    event.preventDefault();
    await grant({ userId, role });
    void access.refetch();
  };
  return (
    <section className="staff__panel" aria-labelledby="access-heading">
      <h2 id="access-heading">Access</h2>
      {access.isError ? <p role="alert">{getApiErrorMessage(access.error)}</p> : null}
      {access.data ? (
        <dl className="staff__facts">
          <dt>Roles</dt>
          <dd data-testid="account-roles">{held.length ? held.join(', ') : 'none'}</dd>
          <dt>Owned products</dt>
          <dd>{access.data.products.length ? access.data.products.join(', ') : 'none'}</dd>
          <dt>Registered</dt>
          <dd>{new Date(access.data.registeredAt).toLocaleString()}</dd>
          <dt>Sign-ins</dt>
          <dd>{access.data.signInCount}</dd>
        </dl>
      ) : null}
      <form className="staff__form-row" onSubmit={(event) => void handleGrant(event)}>
        <label htmlFor="role">Role</label>
        <select id="role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {roles.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <Button type="submit" isLoading={granting.isLoading}>
          Grant
        </Button>
        <Button
          variant="secondary"
          isLoading={revoking.isLoading}
          onClick={() => void revoke({ userId, role }).then(() => access.refetch())}
        >
          Revoke
        </Button>
        <Button
          variant="secondary"
          isLoading={revokingSessions.isLoading}
          onClick={() => void revokeSessions({ userId })}
        >
          Sign out everywhere
        </Button>
      </form>
      {failure ? <p role="alert">{getApiErrorMessage(failure)}</p> : null}
      {revokingSessions.data ? (
        <p role="status">{revokingSessions.data.revoked} session(s) revoked.</p>
      ) : null}
    </section>
  );
}

type Filters = { types: string; streams: string; from: string; to: string };
const noFilters: Filters = { types: '', streams: '', from: '', to: '' };

function History({
  userId,
  onTravel,
  onOpen,
}: {
  userId: string;
  onTravel: (position: string) => void;
  onOpen: (eventId: string) => void;
}) {
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  /** The cursors of the pages shown so far: the last is this page's (undefined: the first page). */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const request = {
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(filters.types ? { types: commaSeparated(filters.types) } : {}),
    ...(filters.streams ? { streams: commaSeparated(filters.streams) } : {}),
    ...(filters.from ? { from: new Date(filters.from).toISOString() } : {}),
    ...(filters.to ? { to: new Date(filters.to).toISOString() } : {}),
  };
  // A list goes out as one comma-separated query parameter, as the call reads it.
  const page = useGetAccountHistoryQuery({ params: { userId }, request });

  const handleFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setCursors([undefined]);
  };
  const field = (name: keyof Filters, label: string, type = 'text') => (
    <div className="staff__field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <section className="staff__panel" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <form className="staff__filters" onSubmit={handleFilter} aria-label="History filters">
        {field('types', 'Event types (comma-separated)')}
        {field('streams', 'Streams (beginnings)')}
        {field('from', 'From', 'datetime-local')}
        {field('to', 'To', 'datetime-local')}
        <Button type="submit">Apply filters</Button>
      </form>
      {page.isError ? <p role="alert">{getApiErrorMessage(page.error)}</p> : null}
      <div className="staff__table" role="region" aria-label="History, scrollable" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Events of this account, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">Stream</th>
              <th scope="col">Actor</th>
              <th scope="col">Inspect</th>
            </tr>
          </thead>
          <tbody>
            {(page.data?.events ?? []).map((event) => (
              <HistoryRow key={event.eventId} event={event} onTravel={onTravel} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </div>
      {page.data && page.data.events.length === 0 ? <p role="status">No events match.</p> : null}
      <div className="staff__pager">
        <Button
          variant="secondary"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </Button>
        <Button
          variant="secondary"
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          Next page
        </Button>
      </div>
    </section>
  );
}

function HistoryRow({
  event,
  onTravel,
  onOpen,
}: {
  event: HistoryEventView;
  onTravel: (position: string) => void;
  onOpen: (eventId: string) => void;
}) {
  return (
    <tr data-event-type={event.type}>
      <td>
        <code>{event.position}</code>
      </td>
      <td>{new Date(event.occurredAt).toLocaleString()}</td>
      <th scope="row">{event.type}</th>
      <td className="staff__stream">
        {event.stream} #{event.revision}
      </td>
      <td>
        {event.actor.kind}
        {event.actor.id ? ` ${event.actor.id.slice(0, 8)}` : ''}
      </td>
      <td className="staff__actions">
        <Button
          variant="link"
          onClick={() => onOpen(event.eventId)}
          aria-label={`Details of ${event.type} at ${event.position}`}
        >
          Details
        </Button>
        <Button
          variant="link"
          onClick={() => onTravel(event.position)}
          aria-label={`Account as of ${event.type} at ${event.position}`}
        >
          As of here
        </Button>
      </td>
    </tr>
  );
}

function EventDetail({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { data, error, isError } = useGetEventCausationQuery({ params: { eventId } });
  const list = (events: HistoryEventView[], label: string) => (
    <>
      <h4>{label}</h4>
      {events.length === 0 ? (
        <p className="staff__muted">None.</p>
      ) : (
        <ul>
          {events.map((event) => (
            <li key={event.eventId}>
              {event.type} <code>{event.position}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <section className="staff__panel" aria-labelledby="event-heading">
      <div className="staff__panel-head">
        <h2 id="event-heading">Event {data ? data.event.type : ''}</h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {isError ? <p role="alert">{getApiErrorMessage(error)}</p> : null}
      {data ? (
        <>
          <dl className="staff__facts">
            <dt>Event id</dt>
            <dd>
              <code>{data.event.eventId}</code>
            </dd>
            <dt>Schema version</dt>
            <dd>{data.event.schemaVersion}</dd>
            <dt>Correlation</dt>
            <dd>
              <code>{data.event.correlationId}</code>
            </dd>
            <dt>Causation</dt>
            <dd>
              <code>{data.event.causationId}</code>
            </dd>
          </dl>
          <h3>As read today</h3>
          <pre className="staff__json" tabIndex={0} aria-label="Event data">
            {JSON.stringify(data.event.data, null, 2)}
          </pre>
          <h3>As stored (version {data.stored.schemaVersion})</h3>
          {JSON.stringify(data.stored.data) === JSON.stringify(data.event.data) ? (
            <p className="staff__muted">The same: it was written in today&apos;s shape.</p>
          ) : (
            <pre className="staff__json" tabIndex={0} aria-label="Event data as stored">
              {JSON.stringify(data.stored.data, null, 2)}
            </pre>
          )}
          {list(data.causedBy, 'Caused by')}
          {list(data.caused, 'Caused')}
          {list(data.sameCorrelation, 'Same request')}
        </>
      ) : null}
    </section>
  );
}

/** The parts of an as-of answer that are the account's state (not where it is in the history). */
function stateOf(view: AccountAsOfView) {
  const { ownedProducts, unlocks, certificates, userData } = view;
  return { ownedProducts, unlocks, certificates, userData };
}

function TimeTravel({
  userId,
  position,
  onMove,
  onClose,
}: {
  userId: string;
  position: string;
  onMove: (position: string) => void;
  onClose: () => void;
}) {
  const current = useGetAccountAsOfQuery({ params: { userId }, request: { position } });
  const previousPosition = current.data?.previousPosition ?? null;
  const before = useGetAccountAsOfQuery(
    { params: { userId }, request: { position: previousPosition ?? '0.0' } },
    { skip: !previousPosition },
  );
  const view = current.data;
  const changes =
    view && (before.data || !previousPosition)
      ? differences(before.data ? stateOf(before.data) : {}, stateOf(view))
      : null;
  const algo = view?.unlocks.algoexpert;
  return (
    <section className="staff__panel staff__travel" aria-labelledby="travel-heading">
      <div className="staff__panel-head">
        <h2 id="travel-heading">Time travel</h2>
        <Button variant="secondary" onClick={onClose}>
          Back to now
        </Button>
      </div>
      {current.isError ? <p role="alert">{getApiErrorMessage(current.error)}</p> : null}
      {view ? (
        <>
          <p data-testid="travel-event">
            As of {view.event ? `${view.event.type} at ${view.position}` : `position ${view.position}`}
            {view.event ? ` (${new Date(view.event.occurredAt).toLocaleString()})` : ''}
          </p>
          <div className="staff__pager">
            <Button
              variant="secondary"
              disabled={!view.previousPosition}
              onClick={() => view.previousPosition && onMove(view.previousPosition)}
            >
              Previous event
            </Button>
            <Button
              variant="secondary"
              disabled={!view.nextPosition}
              onClick={() => view.nextPosition && onMove(view.nextPosition)}
            >
              Next event
            </Button>
          </div>
          <dl className="staff__facts">
            <dt>Owned products</dt>
            <dd>{view.ownedProducts.length ? view.ownedProducts.join(', ') : 'none'}</dd>
            <dt>Algorithms questions completed</dt>
            <dd data-testid="travel-completed">
              {algo?.numQuestionsCompleted ?? 0} of {algo?.numQuestionsRequired ?? 0}
            </dd>
            <dt>Certificates</dt>
            <dd>{view.certificates.length}</dd>
            <dt>User data</dt>
            <dd>{Object.keys(view.userData).length ? Object.keys(view.userData).join(', ') : 'none'}</dd>
          </dl>
          <h3>What this event changed</h3>
          {changes === null ? (
            <p className="staff__muted">Comparing…</p>
          ) : changes.length === 0 ? (
            <p data-testid="travel-changes">Nothing in these views.</p>
          ) : (
            <ul data-testid="travel-changes" className="staff__changes">
              {changes.map((change) => (
                <li key={change.path}>
                  <code>{change.path}</code>: {JSON.stringify(change.before) ?? '—'} →{' '}
                  {JSON.stringify(change.after) ?? '—'}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p role="status">Replaying…</p>
      )}
    </section>
  );
}
