import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { PageHeader } from '@/shared/ui/page';
import { Button } from '@/shared/ui/button';
import { RebuildFigures } from '@/shared/ui/rebuild-figures';
import {
  useLazyFindUserQuery,
  useRebuildProjectionMutation,
  useStaffProjectionsQuery,
} from '../api/staff-api';
import { Operations } from './operations';
import { Snapshots } from './snapshots';
import './staff.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The management area's front page: find an account, and the projections with their rebuilds. */
export function StaffHome() {
  return (
    <div className="staff">
      <PageHeader
        title="Management"
        eyebrow="Staff"
        lead="Find an account to read its history and travel back in time; watch and rebuild the read models; announcements, content and web build bounds."
      />
      <UserLookup />
      <Projections />
      <Snapshots />
      <Operations />
    </div>
  );
}

function UserLookup() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [findUser, found] = useLazyFindUserQuery();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    if (UUID.test(query)) {
      void navigate(`/management/accounts/${query.toLowerCase()}`);
      return;
    }
    void findUser(query.includes('@') ? { email: query } : { username: query });
  };

  return (
    <section className="staff__panel" aria-labelledby="lookup-heading">
      <h2 id="lookup-heading">Find an account</h2>
      <form className="staff__form" onSubmit={handleSubmit} role="search">
        <label htmlFor="lookup">Email, username or user id</label>
        <div className="staff__form-row">
          <input
            id="lookup"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" isLoading={found.isFetching}>
            Find
          </Button>
        </div>
      </form>
      {found.isError ? <p role="alert">{getApiErrorMessage(found.error)}</p> : null}
      {found.data ? (
        found.data.users.length === 0 ? (
          <p role="status">No account matches.</p>
        ) : (
          <ul className="staff__results" aria-label="Accounts found">
            {found.data.users.map((user) => (
              <li key={user.userId}>
                <Link to={`/management/accounts/${user.userId}`}>{user.userId}</Link>
                <span className="staff__muted">
                  {' '}
                  roles: {user.roles.length ? user.roles.join(', ') : 'none'} · since{' '}
                  {new Date(user.createdAt).toLocaleDateString()}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

function Projections() {
  const { data, error, isError } = useStaffProjectionsQuery(undefined, { pollingInterval: 2000 });
  const [rebuild, rebuilding] = useRebuildProjectionMutation();
  return (
    <section className="staff__panel" aria-labelledby="projections-heading">
      <h2 id="projections-heading">Read models</h2>
      {isError ? <p role="alert">{getApiErrorMessage(error)}</p> : null}
      {rebuilding.isError ? <p role="alert">{getApiErrorMessage(rebuilding.error)}</p> : null}
      <div className="staff__table" role="region" aria-label="Read models, scrollable" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Read models</caption>
          <thead>
            <tr>
              <th scope="col">Projection</th>
              <th scope="col">State</th>
              <th scope="col">Position</th>
              <th scope="col">Behind</th>
              <th scope="col">Lag</th>
              <th scope="col">Rebuild</th>
            </tr>
          </thead>
          <tbody>
            {(data?.projections ?? []).map((projection) => {
              const percent =
                projection.rebuildProgress === null ? null : Math.round(projection.rebuildProgress * 100);
              return (
                <tr key={projection.name}>
                  <th scope="row">{projection.name}</th>
                  <td>{projection.state}</td>
                  <td>{projection.checkpointPosition}</td>
                  <td>{projection.eventsBehind}</td>
                  <td>{Math.round(projection.lagMs)} ms</td>
                  <td>
                    {percent === null ? (
                      <Button
                        variant="secondary"
                        onClick={() => void rebuild({ params: { name: projection.name } })}
                        aria-label={`Rebuild ${projection.name}`}
                      >
                        Rebuild
                      </Button>
                    ) : (
                      <progress max={100} value={percent} aria-label={`Rebuilding ${projection.name}`}>
                        {percent}%
                      </progress>
                    )}
                    {projection.rebuild ? <RebuildFigures figures={projection.rebuild} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
