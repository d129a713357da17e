import { Link } from 'react-router-dom';

export function NotFound() {
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
