/* UI components (spec 2, 9). */

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
