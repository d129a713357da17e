import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { DRAWER_ANIMATION_TIMEOUT_MS } from '@app/contracts';
import { navigationEntries, type ThemeKey } from '@/shared/catalog/product-index';
import { SidePane } from './side-pane';

type NavigationDrawerProps = {
  isOpen: boolean;
  onClose: () => void;
  theme: ThemeKey;
};

/**
 * The mobile navigation drawer of spec 2: the brand with its tagline, the collapsible Products list (the
 * programming product opens in a new tab), then Content (at the active theme's fragment), Team, Purchase.
 */
export function NavigationDrawer({ isOpen, onClose, theme }: NavigationDrawerProps) {
  return (
    <SidePane
      isOpen={isOpen}
      onClose={onClose}
      side="left"
      label="Navigation"
      id="navigation-drawer"
      durationMs={DRAWER_ANIMATION_TIMEOUT_MS}
    >
      <div className="drawer">
        <div className="drawer__top">
          <Link to="/product" className="brand" onClick={onClose}>
            <BrandMark />
            <span className="brand__text">
              <span className="brand__name">Interview Prep</span>
              <span className="brand__tagline">Ace the Technical Interviews</span>
            </span>
          </Link>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav aria-label="Site" className="drawer__nav">
          <ProductsDisclosure onNavigate={onClose} />
          <ul className="drawer__links">
            <li>
              <Link to={`/content#${theme}`} onClick={onClose}>
                Content
              </Link>
            </li>
            <li>
              <Link to="/team" onClick={onClose}>
                Team
              </Link>
            </li>
            <li>
              <Link to="/purchase" onClick={onClose}>
                Purchase
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </SidePane>
  );
}

type ProductsDisclosureProps = { onNavigate?: () => void; className?: string };

/** The collapsible 'Products' list: the eight products, collapsed until asked for. */
export function ProductsDisclosure({ onNavigate, className }: ProductsDisclosureProps) {
  const listId = useId();
  const [isExpanded, setIsExpanded] = useState(false);

  function handleToggle() {
    setIsExpanded((expanded) => !expanded);
  }

  function handleNavigate() {
    setIsExpanded(false);
    onNavigate?.();
  }

  return (
    <div className={className ? `products-disclosure ${className}` : 'products-disclosure'}>
      <button
        type="button"
        className="products-disclosure__toggle"
        aria-expanded={isExpanded}
        aria-controls={listId}
        onClick={handleToggle}
      >
        Products
        <span className="products-disclosure__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="products-disclosure__list" hidden={!isExpanded}>
        {navigationEntries.map((product) => (
          <li key={product.id}>
            {product.isExternal ? (
              <a
                href={product.productPath}
                target="_blank"
                rel="noopener noreferrer"
                onClick={handleNavigate}
              >
                {product.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link to={product.productPath} onClick={handleNavigate} data-theme-key={product.theme}>
                {product.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BrandMark() {
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
