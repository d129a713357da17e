import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { logOut, useCurrentUser } from '@/shared/auth/session';
import { useOwnedProducts } from '@/shared/billing/billing-api';
import { useAppDispatch } from '@/shared/lib/store';
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
 * The signed-in user's name as a menu button: it opens the account pages and Log out. Radix's dropdown
 * menu gives the WAI-ARIA menu button pattern (arrow keys, Home, End and typed letters move between the
 * items, Escape closes and returns focus to the button, a press outside closes). It is not modal, so the
 * page stays usable while it is open, and it renders inside the header rather than in a portal.
 */
export function SignedInAccount() {
  const dispatch = useAppDispatch();
  const { data: user, isError } = useCurrentUser();
  // Roles and purchases: undefined until both are known.
  const ownedProducts = useOwnedProducts();
  const affiliate = useGetAffiliateDataQuery();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  // ArrowUp on the button opens the menu on its last item (Radix opens on the first for ArrowDown).
  const focusLastOnOpen = useRef(false);

  // The next sign-in dialog on this browser reminds which account had which products.
  useEffect(() => {
    if (user && ownedProducts) rememberPreviousLogin(user.oauthProvider, ownedProducts);
  }, [user, ownedProducts]);

  // Without the user's details (a failed call) the session still works: only the name is missing.
  const displayName = user
    ? (user.username ?? user.name ?? user.email ?? 'Signed in')
    : isError
      ? 'Signed in'
      : null;
  const links = affiliate.data?.isAffiliate ? [...accountLinks, affiliateLink] : accountLinks;

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowUp') return;
    event.preventDefault();
    focusLastOnOpen.current = true;
    setIsOpen(true);
  }

  // The menu takes focus as it opens, then Radix moves it on to the first item; ArrowUp asked for the
  // last one, so once that is done focus goes there.
  function handleMenuFocus(event: FocusEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || !focusLastOnOpen.current) return;
    focusLastOnOpen.current = false;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    queueMicrotask(() => items.at(-1)?.focus());
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Tab leaves the menu: it closes, and focus goes back to the button.
    if (event.key === 'Tab') setIsOpen(false);
  }

  function handleLogOutSelect(event: Event) {
    // The menu stays open with a spinner on Log out until the session has ended.
    event.preventDefault();
    if (isLoggingOut) return;
    setIsLoggingOut(true);
    // This component goes away when the session ends, so the flag is never reset.
    void dispatch(logOut('userLoggedOut'));
  }

  if (displayName === null) return <Loader label="Loading your account" />;

  return (
    <div className="account">
      <DropdownMenu.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
        <DropdownMenu.Trigger className="account__button" onKeyDown={handleButtonKeyDown}>
          {user?.avatarUrl ? <img className="account__avatar" src={user.avatarUrl} alt="" /> : null}
          <span className="account__name" data-testid="account-name">
            {displayName}
          </span>
          <span className="account__chevron" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          className="account__menu"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          loop
          onFocus={handleMenuFocus}
          onKeyDown={handleMenuKeyDown}
        >
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className="account__item">
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="account__separator" />
          <DropdownMenu.Item
            asChild
            className="account__item"
            aria-disabled={isLoggingOut || undefined}
            aria-busy={isLoggingOut || undefined}
            onSelect={handleLogOutSelect}
          >
            <button type="button">
              {isLoggingOut ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
              Log out
            </button>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}
