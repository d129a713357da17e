import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** The unexpected-error screen (spec section 2), with a plain not-found variant for unknown paths. */
export function ErrorScreen() {
  const error = useRouteError();

  function handleReload() {
    window.location.reload();
  }

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="error-screen">
        <title>Page not found · Interview Prep</title>
        <h1>Page not found</h1>
        <p>There is nothing at this address. Check the link, or start again from the home page.</p>
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
      </div>
    );
  }

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
