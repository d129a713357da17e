/* Timing: shell, lease, version check, network (spec 4, 7, 9). */

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
