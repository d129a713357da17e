import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { NotFound } from './not-found';

/** The unexpected-error screen of spec section 2; a 404 thrown by a loader shows the not-found page. */
export function ErrorScreen() {
  const error = useRouteError();

  function handleReload() {
    window.location.reload();
  }

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  return (
    <div className="error-screen">
      <title>Error · Interview Prep</title>
      <h1>An Unexpected Error Occured.</h1>
      <p>
        Try reloading the page. If the problem persists, update your browser to its latest version, or{' '}
        <Link to="/help?category=miscellaneous-bug">report the bug</Link>.
      </p>
      <button type="button" className="button button--primary" onClick={handleReload}>
        Reload
      </button>
    </div>
  );
}
