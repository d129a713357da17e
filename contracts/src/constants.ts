import type { runErrorCodes } from './errors';

/** Products of spec section 1. backendexpert is flagged not yet enabled. */
export const productIds = [
  'algoexpert',
  'systemsexpert',
  'mlexpert',
  'frontendexpert',
  'infraexpert',
  'iosexpert',
  'blockchainexpert',
  'backendexpert',
  'programmingexpert',
] as const;
export type ProductId = (typeof productIds)[number];

/** Largest JSON payload (data of one event) the event store accepts, in bytes. */
export const MAX_EVENT_DATA_BYTES = 64 * 1024;
/** Most events in one append. */
export const MAX_EVENTS_PER_APPEND = 1000;
/** How long a query with X-Min-Position waits for the read models by default, and at most. */
export const MIN_POSITION_WAIT_MS = 5000;

// ---------------------------------------------------------------------------
// Products, plans and roles (spec 1, 3, 6, 7)
// ---------------------------------------------------------------------------

/** Products served under /api/problems/v1/{product}/ (spec 7, Problems). */
export const problemProductIds = [
  'algoexpert',
  'systemsexpert',
  'frontendexpert',
  'mlexpert',
  'infraexpert',
  'iosexpert',
  'blockchainexpert',
] as const satisfies readonly ProductId[];
export type ProblemProductId = (typeof problemProductIds)[number];

/** unlocks/get also answers for backendexpert (spec 7). */
export const unlockProductIds = [
  ...problemProductIds,
  'backendexpert',
] as const satisfies readonly ProductId[];
export type UnlockProductId = (typeof unlockProductIds)[number];

/** Pseudo-product for the all-products bundle. */
export const ALL_ACCESS = 'allaccess';
export type AllAccess = typeof ALL_ACCESS;

/**
 * What allaccess expands to in the store logic: six products (spec 6).
 * The spec's notes disagree on the sixth member (one reading has blockchainexpert, another
 * excludes it); the count six is stable, so we follow the reading that includes blockchainexpert.
 */
export const allAccessProductIds = [
  'algoexpert',
  'systemsexpert',
  'mlexpert',
  'frontendexpert',
  'infraexpert',
  'blockchainexpert',
] as const satisfies readonly ProductId[];

/** Purchase plan types with how many products each counts (spec 3, 9). allAccess counts 7 here, not 6. */
export const purchasePlans = {
  single: { productCount: 1, label: 'Single Product' },
  double: { productCount: 2, label: 'Double Bundle' },
  allAccess: { productCount: 7, label: 'All Access' },
} as const;
export type PurchasePlanType = keyof typeof purchasePlans;

/** Roles of spec 3: one per product plus staff and student. premiumv1 is the algoexpert role. */
export const roles = [
  'premiumv1',
  'systemsexpertv1',
  'mlexpertv1',
  'programmingexpertv1',
  'frontendexpertv1',
  'infraexpertv1',
  'iosexpertv1',
  'backendexpertv1',
  'blockchainexpertv1',
  'staff',
  'student',
] as const;
export type Role = (typeof roles)[number];

/** Which role grants which product (ownership is role or active subscription, spec 6). */
export const productRoles = {
  algoexpert: 'premiumv1',
  systemsexpert: 'systemsexpertv1',
  mlexpert: 'mlexpertv1',
  programmingexpert: 'programmingexpertv1',
  frontendexpert: 'frontendexpertv1',
  infraexpert: 'infraexpertv1',
  iosexpert: 'iosexpertv1',
  backendexpert: 'backendexpertv1',
  blockchainexpert: 'blockchainexpertv1',
} as const satisfies Record<ProductId, Role>;

/** Providers a user account can carry (spec 3). */
export const oauthProviders = ['default', 'facebook', 'fake', 'github', 'google', 'linkedin'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** Providers offered in the sign-in dialog, in button order (spec 2, 9). */
export const signInProviders = ['google', 'github', 'facebook', 'linkedin'] as const;
export type SignInProvider = (typeof signInProviders)[number];

/** Providers the OAuth start call accepts: the four real ones plus `fake` for tests and local runs. */
export const oauthStartProviders = [...signInProviders, 'fake'] as const;
export type OAuthStartProvider = (typeof oauthStartProviders)[number];

export const signInProviderLabels = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
} as const satisfies Record<SignInProvider, string>;

// ---------------------------------------------------------------------------
// Questions, languages, submissions and runs (spec 3, 4, 8)
// ---------------------------------------------------------------------------

/** The nine languages offered for coding (ruby, rust and json appear elsewhere but are not offered). */
export const codingLanguages = [
  'csharp',
  'cpp',
  'go',
  'java',
  'javascript',
  'kotlin',
  'python',
  'swift',
  'typescript',
] as const;
export type CodingLanguage = (typeof codingLanguages)[number];

/** Question difficulty as stored (number) and shown (label). */
export const difficultyLabels = { 1: 'Easy', 2: 'Medium', 3: 'Hard', 4: 'Very Hard' } as const;
export type Difficulty = keyof typeof difficultyLabels;
export type DifficultyLabel = (typeof difficultyLabels)[Difficulty];
export const difficulties = [1, 2, 3, 4] as const satisfies readonly Difficulty[];

export const submissionStatuses = ['INCORRECT', 'PARTIALLY_CORRECT', 'CORRECT'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/** Submission indicator of spec 4: theme and label per status, pristine when never submitted. */
export const submissionIndicators = {
  INCORRECT: { theme: 'failure', label: 'No Tests Passed' },
  PARTIALLY_CORRECT: { theme: 'warning', label: 'Some Tests Passed' },
  CORRECT: { theme: 'success', label: 'All Tests Passed' },
  none: { theme: 'pristine', label: 'Question Not Submitted' },
} as const;

/** Execution statuses of spec 4. */
export const executionStatuses = [
  'jsonTestsPassed',
  'jsonTestsFailed',
  'singleTestPassed',
  'singleTestFailed',
  'sandboxPassed',
  'sandboxFailed',
  'submissionPassed',
  'submissionFailed',
  'screenshotSubmissionPassed',
  'screenshotSubmissionFailed',
  'unitTestsPassed',
  'unitTestsFailed',
  'outOfResources',
  'compilationError',
  'timedOut',
  'rateLimited',
  'inputsInvalid',
  'outputTooBig',
  'versionMismatch',
  'unknownError',
] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];

export type RunErrorCode = (typeof runErrorCodes)[number];

/** Run error code to execution status (spec 8); any other code gives UNKNOWN_RUN_ERROR_STATUS. */
export const runErrorExecutionStatus = {
  RCE_TIMEOUT: 'timedOut',
  RCE_OUT_OF_RESOURCES: 'outOfResources',
  RCE_RATE_LIMITED: 'rateLimited',
  RCE_INPUTS_INVALID: 'inputsInvalid',
  RCE_OUTPUT_TOO_LARGE: 'outputTooBig',
  PROBLEMS_VERSION_MISMATCH: 'versionMismatch',
} as const satisfies Record<RunErrorCode, ExecutionStatus>;
export const UNKNOWN_RUN_ERROR_STATUS = 'unknownError' satisfies ExecutionStatus;

/** A string error thrown by a test is reported as an error of this type, with the string as reason. */
export const RUNTIME_ERROR_TYPE = 'RUNTIME';

/** Outcome titles of spec 8, keyed by the outcome they name. */
export const outcomeTitles = {
  outOfResources: 'Your Code Timed Out Or Ran Out Of Memory',
  timedOut: 'Your Code Timed Out',
  rateLimited: "You're Running Code Too Often",
  compilationError: 'Compilation Error',
  inputsInvalid: 'Invalid Input',
  outputTooBig: 'Output Too Large To Display',
  testsPassed: 'All Tests Passed',
  testsFailed: 'Some Tests Failed',
  quickTestPassed: 'Quick Test Passed',
  quickTestFailed: 'Quick Test Failed',
} as const;
export type OutcomeKind = keyof typeof outcomeTitles;

/** Quick-test input that is not JSON is refused with this message (spec 5). */
export const INVALID_QUICK_TEST_INPUT_MESSAGE = 'Invalid Quick Test Input';
/** Quick-test output error when either side is longer than QUICK_TEST_OUTPUT_LIMIT_CHARS. */
export const QUICK_TEST_OUTPUT_TOO_BIG = 'OUTPUT_TOO_BIG';

// ---------------------------------------------------------------------------
// Workspace and editor (spec 2, 3, 5, 9)
// ---------------------------------------------------------------------------

export const MAX_LAYOUTS = 5;
export const workspaceLayouts = ['layout1', 'layout2', 'layout3', 'layout4', 'layout5'] as const;
export type WorkspaceLayout = (typeof workspaceLayouts)[number];
/** The spec says "else the default layout" without naming it; the first one is used. */
export const DEFAULT_LAYOUT: WorkspaceLayout = 'layout1';

export const workspacePanes = ['prompt', 'scratchpad', 'video', 'walkthrough'] as const;
export type WorkspacePane = (typeof workspacePanes)[number];

export const keymaps = ['sublime', 'emacs', 'vim'] as const;
export type Keymap = (typeof keymaps)[number];
export const DEFAULT_KEYMAP: Keymap = 'sublime';

export const themeKinds = ['dark', 'light'] as const;
export type ThemeKind = (typeof themeKinds)[number];

export const DEFAULT_LANGUAGE: CodingLanguage = 'javascript';
/** A zero zoom is stored as this (spec 5). */
export const DEFAULT_FONT_ZOOM = 1;
/** Editor font size in px, multiplied by the zoom factor. */
export const EDITOR_FONT_SIZE_PX = 14;
/** Below this width the editor switches to its narrow layout. */
export const EDITOR_MIN_WIDTH_BREAKPOINT_PX = 768;
export const editorDefaults = { tabSize: 2, indentUnit: 2, theme: 'monokai' } as const;
/** Syntax-highlight theme fallbacks per theme kind (spec 5). */
export const syntaxHighlightThemeFallbacks = { dark: 'monokai', light: 'eclipse' } as const satisfies Record<
  ThemeKind,
  string
>;

export const sortMethods = ['difficulty', 'category'] as const;
export type SortMethod = (typeof sortMethods)[number];
/** Default sort per track; algorithms sort by difficulty, frontend and infrastructure by category. */
export const defaultSortMethods = {
  algoexpert: 'difficulty',
  frontendexpert: 'category',
  infraexpert: 'category',
} as const satisfies Partial<Record<ProductId, SortMethod>>;

/** Default theme key of the shell. */
export const DEFAULT_ACTIVE_THEME = 'ae';

// ---------------------------------------------------------------------------
// Timing: shell, lease, version check, network (spec 4, 7, 9)
// ---------------------------------------------------------------------------

/** Screen-lease time to live in seconds: what the shell asks for, and the API's default. */
export const SCREEN_LEASE_TTL_SHELL_SECONDS = 25;
export const SCREEN_LEASE_TTL_DEFAULT_SECONDS = 30;
/** The shell renews the lease this often. */
export const SCREEN_LEASE_TICK_MS = 20_000;
/** Forced-logout dialog countdown. */
export const LOGOUT_COUNTDOWN_SECONDS = 15;

export const UI_VERSION_POLL_MS = 600_000;
export const uiVersionStatuses = ['supported', 'deprecated', 'unsupported'] as const;
export type UiVersionStatus = (typeof uiVersionStatuses)[number];
/** Delay between deciding to reload for a new version and reloading. */
export const VERSION_RELOAD_DELAY_MS = 500;

/** Dismissed announcements are purged from local storage after two days. */
export const DISMISSED_ANNOUNCEMENT_RETENTION_MS = 172_800_000;
export const DRAWER_ANIMATION_TIMEOUT_MS = 100;
/** First run of the periodic background call after start. */
export const BACKGROUND_CALL_FIRST_RUN_MS = 2000;
/** Announcements and startup tracking begin this long after start. */
export const DEFERRED_STARTUP_MS = 2000;
/** A url hash scrolls to its element after this delay. */
export const HASH_SCROLL_DELAY_MS = 300;

export const REQUEST_TIMEOUT_MS = 20_000;
/** Timeouts of the first try and the two retries on ECONNABORTED, when retry is on. */
export const RETRY_TIMEOUTS_MS = [3000, 8000, 20_000] as const;
/** Waits before the first and the second retry. */
export const RETRY_WAITS_MS = [1000, 2000] as const;

// ---------------------------------------------------------------------------
// Sale banner and promotions (spec 4, 9)
// ---------------------------------------------------------------------------

export const saleBannerTexts = {
  title: 'FLASH SALE',
  subtitle: '7 PRODUCTS FOR OVER 80% OFF',
  button: 'BUY NOW',
} as const;
export const saleBannerStatuses = [
  'notStarted',
  'beforeExtensionDate',
  'afterExtensionDate',
  'ended',
] as const;
export type SaleBannerStatus = (typeof saleBannerStatuses)[number];
/** Route groups on which the sale banner is never shown. */
export const saleBannerHiddenRouteGroups = [
  'workspace',
  'account',
  'licence',
  'partner',
  'affiliate',
  'transfer',
  'confirmation',
] as const;
export const SALE_BANNER_COUNTDOWN_REFRESH_MS = 100;
/** `?sale-banner=false` hides the banner and marks it dismissed. */
export const SALE_BANNER_QUERY_PARAM = 'sale-banner';

// ---------------------------------------------------------------------------
// Auth and tokens (spec 5, 6, 9)
// ---------------------------------------------------------------------------

export const AUTH_TOKEN_COOKIE_DAYS = 13;
/** A default (anonymous) auth token shorter than this is not valid. */
export const DEFAULT_TOKEN_MIN_LENGTH = 50;
/**
 * The token visitors send before signing in (spec 6). It is public: it only says "anonymous".
 * Servers accept it or any other configured default token of at least DEFAULT_TOKEN_MIN_LENGTH.
 */
export const DEFAULT_ANONYMOUS_TOKEN =
  'anonymous-visitor-token-v1.public-default-token-for-visitors-without-sign-in';
/** Session tokens start with this, so a server can tell an expired session from a wrong default token. */
export const SESSION_TOKEN_PREFIX = 'aes1_';
/** A session (and its token) lives as long as the logged-in cookie. */
export const SESSION_LIFETIME_MS = AUTH_TOKEN_COOKIE_DAYS * 24 * 60 * 60 * 1000;
/** Cookie holding the token in the web (spec 6: the logged-in state is a cookie). */
export const AUTH_TOKEN_COOKIE = 'ae_token';
/** Local-storage flag other tabs watch: set to 'false' on logout, they reload (spec 4, Login). */
export const LOGGED_IN_STORAGE_KEY = 'ae_logged_in';
/** How long an OAuth sign-in may take between the start and the provider's callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The message the authentication-success page posts to its opener. */
export const AUTH_MESSAGE_SOURCE = 'ae-auth';
export type AuthMessage =
  | { source: typeof AUTH_MESSAGE_SOURCE; type: 'token'; token: string }
  | { source: typeof AUTH_MESSAGE_SOURCE; type: 'error'; code: string; message: string };
/** Sign-in attempts (start, callback, fake) allowed per client address per minute. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 30;

// ---------------------------------------------------------------------------
// Lists, outputs and content (spec 5, 9)
// ---------------------------------------------------------------------------

export const SHARED_SOLUTIONS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;
export const NESTED_COMMENTS_BATCH_SIZE = 10;

export const QUIZ_QUICK_TEST_WAIT_MS = 500;
/** Expected and actual text longer than this is cut and ends with an ellipsis. */
export const OUTPUT_TRUNCATION_CHARS = 1000;
/** Quick-test output longer than this on either side is refused. */
export const QUICK_TEST_OUTPUT_LIMIT_CHARS = 50_000;

/** A question this many days old or less is new. */
export const NEW_QUESTION_MAX_AGE_DAYS = 30;
export const LICENCE_YEAR_DAYS = 366;
/** Certificate version assumed when none is known. */
export const DEFAULT_CERTIFICATE_VERSION = '1.0';

// ---------------------------------------------------------------------------
// Affiliates (spec 5, 9)
// ---------------------------------------------------------------------------

/** Query parameters carrying the affiliate code and the promo code. */
export const AFFILIATE_CODE_QUERY_PARAM = 'r';
export const PROMO_CODE_QUERY_PARAM = 'a';
/** Affiliate attribution lasts 30 days after it is saved. */
export const AFFILIATE_ATTRIBUTION_WINDOW_MS = 2_592_000_000;
/** Processing fee taken off each sale before the affiliate's cut: 2.9 % plus 0.30 currency units. */
export const PAYMENT_FEE_PERCENT = 2.9;
export const PAYMENT_FEE_FLAT = 0.3;
/** Sales before this UTC day are ignored in earnings. */
export const AFFILIATE_EARNINGS_START_DATE = '2019-01-25';
/** Month index 0 of the earnings reduction rule is January 2019. */
export const AFFILIATE_MONTH_INDEX_EPOCH = '2019-01';
export const affiliatePayoutStatuses = ['—', 'In Progress', 'Sent'] as const;
export type AffiliatePayoutStatus = (typeof affiliatePayoutStatuses)[number];

// ---------------------------------------------------------------------------
// UI components (spec 2, 9)
// ---------------------------------------------------------------------------

export const TOAST_AUTO_HIDE_MS = 5000;
export const toastThemes = ['success', 'failure', 'warning', 'neutralDark', 'neutralLight'] as const;
export type ToastTheme = (typeof toastThemes)[number];
export const SIDE_PANE_ANIMATION_MS = 400;
export const SIDE_PANE_BACKDROP_MS = 200;
/** At this width or less an open side pane locks page scroll. */
export const SIDE_PANE_SCROLL_LOCK_MAX_WIDTH_PX = 500;
export const TOOLTIP_MAX_WIDTH_PX = 350;
export const TOOLTIP_Z_INDEX = 9999;
export const MODAL_ENTER_MS = 350;
export const MODAL_EXIT_MS = 200;
/** Page scroll is restored about this long after a modal closes. */
export const MODAL_SCROLL_RESTORE_MS = 300;

// ---------------------------------------------------------------------------
// User-facing texts (spec 2, 5, 8)
// ---------------------------------------------------------------------------

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
