import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

const navigation = [
  { to: '/', label: 'Home', end: true },
  { to: '/status', label: 'System status', end: false },
] as const;

type AppLayoutProps = {
  /** The header's account area (sign-in or the signed-in user), given by the app: shared code knows no features. */
  account?: ReactNode;
};

/** The application shell: header with navigation, the routed page, footer. */
export function AppLayout({ account }: AppLayoutProps) {
  // A page's module is fetched on first visit: show that the click was taken while it arrives.
  const isNavigating = useNavigation().state === 'loading';

  return (
    <div className="app-shell">
      {isNavigating ? (
        <div className="navigation-progress" role="progressbar" aria-label="Loading page" />
      ) : null}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to="/" className="brand">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__name">Interview Prep</span>
              <span className="brand__tagline">Ace the Technical Interviews</span>
            </span>
          </Link>
          <nav aria-label="Main">
            <ul className="main-nav">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="main-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {account ? <div className="app-header__account">{account}</div> : null}
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        <p>© {new Date().getFullYear()} Interview Prep</p>
      </footer>
      <ScrollRestoration />
    </div>
  );
}

function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 11l-4 5 4 5M23 11l4 5-4 5M18 8l-4 16"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
