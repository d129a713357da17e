/**
 * A consistency token: the place of an event in the global read order, the pair
 * (transaction id, position). Commands answer with it; queries can wait for it.
 * Text form: "<transactionId>.<position>", both unsigned decimal integers.
 */
export type EventPosition = { transactionId: bigint; position: bigint };

export const ZERO_POSITION: EventPosition = { transactionId: 0n, position: 0n };

const pattern = /^(\d{1,20})\.(\d{1,20})$/;

export function formatPosition(p: EventPosition): string {
  return `${p.transactionId}.${p.position}`;
}

/** Parses a token; returns undefined when it is not one. */
export function parsePosition(text: string): EventPosition | undefined {
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  return { transactionId: BigInt(match[1]), position: BigInt(match[2]) };
}

export function comparePositions(a: EventPosition, b: EventPosition): -1 | 0 | 1 {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return 0;
}

export function maxPosition(a: EventPosition, b: EventPosition): EventPosition {
  return comparePositions(a, b) >= 0 ? a : b;
}

export const EVENT_POSITION_HEADER = 'X-Event-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
