/* User-facing texts (spec 2, 5, 8). */

export const errorScreenTexts = {
  heading: 'An Unexpected Error Occured.',
  body: 'Please try reloading the page. If the error persists, try updating your browser to the latest version. Finally, if everything fails, submit a bug report.',
  reloadButton: 'Reload',
} as const;

/** Window errors never reported (spec 8). */
export const ignoredWindowErrorMessages = [
  'ResizeObserver loop completed with undelivered notifications.',
  'ResizeObserver loop limit exceeded',
  'Script error.',
] as const;

/** Forced-logout dialog (spec 8); the body is quoted as the spec gives it, elision included. */
export const logoutDialogTexts = {
  title: "You're about to get logged out.",
  body: 'It looks like someone else is currently logged in on your account... account sharing is strictly prohibited.',
  countdownPrefix: "You'll be logged out ",
} as const;

/** The countdown part of the logout dialog: 'in N seconds', 'in 1 second', then 'now'. */
export function logoutCountdownText(secondsLeft: number): string {
  const when = secondsLeft <= 0 ? 'now' : secondsLeft === 1 ? 'in 1 second' : `in ${secondsLeft} seconds`;
  return `${logoutDialogTexts.countdownPrefix}${when}`;
}

export const offlineTexts = {
  offline: "You're currently offline. Your changes won't be saved.",
  restored: 'Your connection was restored. Any new changes will be saved.',
} as const;

export const LOGIN_FAILURE_TEXT = 'Failed to retrieve log in token.';
/** Shown (and logged) when a 401 logs the user out. */
export const CREDENTIALS_EXPIRED_TEXT = 'Your credentials have expired and you have been logged out.';
export const PRINT_FAILURE_TEXT =
  'Oops, something bad happened. Refresh the page, and contact us if the problem persists.';

export const signInDialogTexts = {
  defaultText: "Log in to save your progress. We won't post anything anywhere.",
  previousProviderHint: "You've previously logged in on a {provider} account that has access to {products}.",
} as const;

export const sharePromptTexts = {
  share: 'Log in to share your solution.',
  vote: 'Log in to vote.',
} as const;

export const notFoundTexts = {
  question:
    "This question doesn't exist. Make sure you have the correct url, or click the button below to return to the lessons page.",
  lessonsButton: 'Back To Lessons',
  assessmentButton: 'Back To Index',
} as const;

export const COPIED_TO_CLIPBOARD_TEXT = 'Copied to clipboard.';
