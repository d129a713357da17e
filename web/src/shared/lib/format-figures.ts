const integerFormat = new Intl.NumberFormat('en-US');

/** Groups the digits of a count or of a bigint position given as text: 1234567 -> 1,234,567. */
export function formatCount(value: number | string): string {
  if (typeof value === 'number') return integerFormat.format(value);
  return /^\d+$/.test(value) ? integerFormat.format(BigInt(value)) : value;
}

/** A projection's lag: milliseconds below a second, then seconds, then minutes and seconds. */
export function formatLag(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes < 60) return `${minutes} min ${seconds} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
