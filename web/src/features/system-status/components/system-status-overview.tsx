import { getApiErrorMessage } from '@/shared/api/api-error';
import { useSystemStatusQuery } from '../api/get-system-status';
import { formatClockTime } from '../utils/format';
import { HeadSummary } from './head-summary';
import { ProjectionsTable } from './projections-table';
import './system-status.css';

const POLLING_INTERVAL_MS = 2000;

/** The live view of the event store's head and of every projection's progress behind it. */
export function SystemStatusOverview() {
  const { data, error, isLoading, refetch } = useSystemStatusQuery(undefined, {
    pollingInterval: POLLING_INTERVAL_MS,
    refetchOnFocus: true,
    refetchOnReconnect: true,
  });

  function handleRetry() {
    void refetch();
  }

  return (
    <section className="system-status" aria-labelledby="system-status-heading">
      <header className="system-status__header">
        <div>
          <h1 id="system-status-heading">System status</h1>
          <p className="system-status__lead">
            The event store&apos;s head and how far each projection has read behind it. Refreshes every{' '}
            {POLLING_INTERVAL_MS / 1000} seconds.
          </p>
        </div>
        {data ? <ConnectionBadge isHealthy={!error} generatedAt={data.generatedAt} /> : null}
      </header>

      {isLoading ? <LoadingState /> : null}
      {error ? (
        <ErrorNotice message={getApiErrorMessage(error)} hasStaleData={Boolean(data)} onRetry={handleRetry} />
      ) : null}
      {data ? (
        <>
          <HeadSummary head={data.head} projections={data.projections} />
          <ProjectionsTable projections={data.projections} />
        </>
      ) : null}
    </section>
  );
}

type ConnectionBadgeProps = { isHealthy: boolean; generatedAt: string };

function ConnectionBadge({ isHealthy, generatedAt }: ConnectionBadgeProps) {
  return (
    <p className={`connection-badge ${isHealthy ? 'connection-badge--live' : 'connection-badge--stale'}`}>
      <span className="connection-badge__dot" aria-hidden="true" />
      <span>
        {isHealthy ? 'Live' : 'Not updating'}
        <span className="connection-badge__time"> · as of {formatClockTime(generatedAt)}</span>
      </span>
    </p>
  );
}

function LoadingState() {
  return (
    <div className="system-status__loading" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading system status…
    </div>
  );
}

type ErrorNoticeProps = { message: string; hasStaleData: boolean; onRetry: () => void };

function ErrorNotice({ message, hasStaleData, onRetry }: ErrorNoticeProps) {
  return (
    <div className="notice notice--error" role="alert">
      <div>
        <p className="notice__title">
          {hasStaleData ? 'The status could not be refreshed.' : 'The system status could not be loaded.'}
        </p>
        <p className="notice__message">{message}</p>
        {hasStaleData ? <p className="notice__hint">The figures below are the last ones received.</p> : null}
      </div>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
