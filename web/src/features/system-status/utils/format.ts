export { formatCount, formatLag } from '@/shared/lib/format-figures';

/** 0.4567 -> 46 (whole percent, clamped to 0..100). */
export function toPercent(fraction: number): number {
  return Math.min(100, Math.max(0, Math.round(fraction * 100)));
}

export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}
