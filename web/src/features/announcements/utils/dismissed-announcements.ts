import { DISMISSED_ANNOUNCEMENT_RETENTION_MS } from '@app/contracts';

export const DISMISSED_ANNOUNCEMENTS_KEY = 'ae_dismissed_announcements';

/** Announcement id to the time it was dismissed (ms since the epoch). */
export type DismissedAnnouncements = Record<string, number>;

/**
 * Spec 4: dismissed announcements are kept two days; at load older entries are purged, and what remains
 * hides its announcements.
 */
export function loadDismissedAnnouncements(now = Date.now()): DismissedAnnouncements {
  const stored = readStored();
  const kept: DismissedAnnouncements = {};
  for (const [id, dismissedAt] of Object.entries(stored)) {
    if (typeof dismissedAt === 'number' && now - dismissedAt < DISMISSED_ANNOUNCEMENT_RETENTION_MS) {
      kept[id] = dismissedAt;
    }
  }
  if (Object.keys(kept).length !== Object.keys(stored).length) write(kept);
  return kept;
}

export function saveDismissedAnnouncements(ids: readonly string[], now = Date.now()): DismissedAnnouncements {
  const next = { ...loadDismissedAnnouncements(now) };
  for (const id of ids) next[id] = now;
  write(next);
  return next;
}

function readStored(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function write(value: DismissedAnnouncements) {
  try {
    window.localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(value));
  } catch {
    // Without storage a dismissal lasts as long as the page.
  }
}
