import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AUTH_TOKEN_COOKIE, LOGGED_IN_STORAGE_KEY } from '@app/contracts';

export type TestPerson = { email: string; name: string };

/** A person nobody else signed in as: the fake provider registers them on first use. */
export function uniquePerson(label: string): TestPerson {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { email: `e2e-${label}-${stamp}@example.com`, name: `E2E ${label} ${stamp}` };
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

export function logInButton(page: Page): Locator {
  return header(page).getByRole('button', { name: 'Log in', exact: true });
}

/** The signed-in name in the header: the button that opens the account menu. */
export function accountButton(page: Page): Locator {
  return header(page)
    .getByRole('button', { name: /./ })
    .filter({ has: page.getByTestId('account-name') });
}

/** Opens the header's account menu (when closed) and resolves with it. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = header(page).getByRole('menu');
  if (!(await menu.isVisible())) await accountButton(page).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** The account menu's Log out item; open the menu first (`openAccountMenu`). */
export function logOutButton(page: Page): Locator {
  return header(page).getByRole('menuitem', { name: 'Log out', exact: true });
}

/** Logs out as a person does: the name in the header, then Log out in its menu. */
export async function logOutFromMenu(page: Page) {
  await openAccountMenu(page);
  await logOutButton(page).click();
}

export function signInDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Log in' });
}

/** Opens the sign-in dialog and the developer (fake provider) popup; resolves with the popup. */
export async function openDeveloperPopup(page: Page): Promise<Page> {
  await logInButton(page).click();
  const dialog = signInDialog(page);
  await expect(dialog).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Developer sign-in' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  return popup;
}

/** The whole sign-in as a person does it: header button, dialog, popup form; ends with the name shown. */
export async function signInAsDeveloper(page: Page, person: TestPerson): Promise<void> {
  const popup = await openDeveloperPopup(page);
  const closed = popup.waitForEvent('close');
  await popup.getByLabel('Email').fill(person.email);
  await popup.getByLabel('Name', { exact: true }).fill(person.name);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  // The success page hands the token to this page, then closes itself.
  await closed;
  await expect(header(page).getByTestId('account-name')).toHaveText(person.name);
}

/** The login token the page keeps in its cookie, or undefined when signed out. */
export async function loginTokenOf(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((entry) => entry.name === AUTH_TOKEN_COOKIE);
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

export async function loggedInFlagOf(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), LOGGED_IN_STORAGE_KEY);
}
