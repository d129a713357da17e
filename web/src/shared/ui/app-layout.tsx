import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useNavigation } from 'react-router-dom';
import type { ThemeKey } from '@/shared/catalog/product-index';
import { Footer } from './footer';
import { BrandMark, NavigationDrawer, ProductsDisclosure } from './navigation-drawer';

type AppLayoutProps = {
  theme: ThemeKey;
  /** The header's account area, given by the app: shared code knows no features. */
  account?: ReactNode;
  /** Announcements and the sale banner, above the header. */
  banners?: ReactNode;
  showFooter: boolean;
  isColoured: boolean;
  /** What stands in the main area; the routed page unless given (the app gates pages for signed-in users). */
  page?: ReactNode;
};

/** The application shell: banners, header with navigation and the drawer, the routed page, the footer. */
export function AppLayout({ theme, account, banners, showFooter, isColoured, page }: AppLayoutProps) {
  // A page's module is fetched on first visit: show that the click was taken while it arrives.
  const isNavigating = useNavigation().state === 'loading';
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  function handleOpenDrawer() {
    setIsDrawerOpen(true);
  }

  function handleCloseDrawer() {
    setIsDrawerOpen(false);
  }

  return (
    <div className="app-shell" data-theme={theme}>
      {isNavigating ? (
        <div className="navigation-progress" role="progressbar" aria-label="Loading page" />
      ) : null}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {banners}
      <header className="app-header">
        <div className="app-header__inner">
          <button
            type="button"
            className="icon-button app-header__menu"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            aria-controls="navigation-drawer"
            onClick={handleOpenDrawer}
          >
            <span className="hamburger" aria-hidden="true" />
          </button>
          <Link to="/product" className="brand">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__name">Interview Prep</span>
              <span className="brand__tagline">Ace the Technical Interviews</span>
            </span>
          </Link>
          <nav aria-label="Main" className="app-header__nav">
            <ul className="main-nav">
              <li>
                <ProductsDisclosure className="products-disclosure--popover" />
              </li>
              <li>
                <NavLink to={`/content#${theme}`} className="main-nav__link">
                  Content
                </NavLink>
              </li>
              <li>
                <NavLink to="/team" className="main-nav__link">
                  Team
                </NavLink>
              </li>
              <li>
                <NavLink to="/purchase" className="main-nav__link">
                  Purchase
                </NavLink>
              </li>
            </ul>
          </nav>
          {account ? <div className="app-header__account">{account}</div> : null}
        </div>
      </header>
      <NavigationDrawer isOpen={isDrawerOpen} onClose={handleCloseDrawer} theme={theme} />
      <main id="main" className="app-main" tabIndex={-1}>
        {page ?? <Outlet />}
      </main>
      {showFooter ? <Footer isColoured={isColoured} /> : null}
    </div>
  );
}
