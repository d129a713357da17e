import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { logOut, useCurrentUser } from '@/shared/auth/session';
import { useOwnedProducts } from '@/shared/billing/billing-api';
import { useAppDispatch } from '@/shared/lib/store';
import { useDismiss } from '@/shared/lib/use-dismiss';
import { Loader } from '@/shared/ui/loader';
import { useGetAffiliateDataQuery } from '../api/affiliate-status';
import { rememberPreviousLogin } from '../utils/previous-login';
import './auth.css';

type MenuLink = { to: string; label: string };

const accountLinks: readonly MenuLink[] = [
  { to: '/account/overview', label: 'Overview' },
  { to: '/account/products', label: 'Products' },
  { to: '/account/transactions', label: 'Transactions' },
  { to: '/account/data', label: 'Data' },
  { to: '/licenses/manage', label: 'Licences' },
];
const affiliateLink: MenuLink = { to: '/affiliate-dashboard', label: 'Affiliate dashboard' };

/**
 * The signed-in user's name as a menu button (the WAI-ARIA menu button pattern): it opens the account
 * pages and Log out. Arrow keys, Home and End move between the items, Escape closes and returns focus to
 * the button, Tab and a press outside close it.
 */
export function SignedInAccount() {
  const dispatch = useAppDispatch();
  const { data: user, isError } = useCurrentUser();
  // Roles and purchases: undefined until both are known.
  const ownedProducts = useOwnedProducts();
  const affiliate = useGetAffiliateDataQuery();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Which item takes focus once the menu has opened: the first, the last, or none (a pointer opened it).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const ids = useId();
  const menuId = `${ids}-menu`;

  // The next sign-in dialog on this browser reminds which account had which products.
  useEffect(() => {
    if (user && ownedProducts) rememberPreviousLogin(user.oauthProvider, ownedProducts);
  }, [user, ownedProducts]);

  useDismiss(containerRef, isOpen, (reason) => {
    setIsOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  useEffect(() => {
    if (!isOpen || focusOnOpen.current === null) return;
    const items = menuItems();
    (focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus();
    focusOnOpen.current = null;
  }, [isOpen]);

  // Without the user's details (a failed call) the session still works: only the name is missing.
  const displayName = user
    ? (user.username ?? user.name ?? user.email ?? 'Signed in')
    : isError
      ? 'Signed in'
      : null;
  const links = affiliate.data?.isAffiliate ? [...accountLinks, affiliateLink] : accountLinks;

  function menuItems(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function open(focus: 'first' | 'last' | null) {
    focusOnOpen.current = focus;
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
  }

  function handleButtonClick(event: MouseEvent<HTMLButtonElement>) {
    if (isOpen) close();
    // A click from the keyboard (Enter, Space) has no pointer position: it moves focus into the menu.
    else open(event.detail === 0 ? 'first' : null);
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (isOpen) {
        const items = menuItems();
        (event.key === 'ArrowDown' ? items[0] : items.at(-1))?.focus();
      } else open(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = menuItems();
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(current + 1);
      case 'ArrowUp':
        return moveTo(current - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(items.length - 1);
      case 'Tab':
        // Focus moves on to the next control of the page, as from the button.
        return close();
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          // Typing a letter moves to the next item starting with it.
          const letter = event.key.toLowerCase();
          const order = [...items.slice(current + 1), ...items.slice(0, current + 1)];
          const match = order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
          if (match) {
            event.preventDefault();
            match.focus();
          }
        }
    }
  }

  async function handleLogOut() {
    setIsLoggingOut(true);
    // This component goes away when the session ends, so the flag is never reset.
    await dispatch(logOut('userLoggedOut'));
  }

  if (displayName === null) return <Loader label="Loading your account" />;

  return (
    <div className="account" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account__button"
        id={`${ids}-button`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={handleButtonClick}
        onKeyDown={handleButtonKeyDown}
      >
        {user?.avatarUrl ? <img className="account__avatar" src={user.avatarUrl} alt="" /> : null}
        <span className="account__name" data-testid="account-name">
          {displayName}
        </span>
        <span className="account__chevron" aria-hidden="true" />
      </button>
      {isOpen ? (
        <ul
          ref={menuRef}
          id={menuId}
          className="account__menu"
          role="menu"
          aria-labelledby={`${ids}-button`}
          onKeyDown={handleMenuKeyDown}
        >
          {links.map((link) => (
            <li key={link.to} role="none">
              <Link to={link.to} role="menuitem" tabIndex={-1} className="account__item" onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          <li role="separator" className="account__separator" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="account__item"
              aria-disabled={isLoggingOut || undefined}
              aria-busy={isLoggingOut || undefined}
              onClick={() => void (isLoggingOut ? undefined : handleLogOut())}
            >
              {isLoggingOut ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
              Log out
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
