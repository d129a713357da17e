import type { UiVersionStatus } from '../constants';

/**
 * Compares build versions part by part ("1.10.0" > "1.9.2"; "2026.11.21" style works too).
 * Numeric parts compare as numbers, others as text; a missing part counts as 0.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.trim().split(/[.+-]/);
  const right = b.trim().split(/[.+-]/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '0';
    const y = right[i] ?? '0';
    const bothNumbers = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = bothNumbers ? Math.sign(Number(x) - Number(y)) : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return order as -1 | 1;
  }
  return 0;
}

/**
 * Spec 4, version check: a client build older than the oldest supported one must reload at once
 * (unsupported); older than the recommended one it reloads when the tab is hidden (deprecated).
 * Without a configured bound every build is supported.
 */
export function evaluateUiVersion(
  version: string,
  bounds: { minimumSupported?: string; minimumRecommended?: string },
): UiVersionStatus {
  if (bounds.minimumSupported && compareVersions(version, bounds.minimumSupported) < 0) return 'unsupported';
  if (bounds.minimumRecommended && compareVersions(version, bounds.minimumRecommended) < 0)
    return 'deprecated';
  return 'supported';
}
