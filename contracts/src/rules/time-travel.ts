/** One value that differs between two views of an account: where it is, and before and after. */
export type Difference = { path: string; before: unknown; after: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What changed from one view of an account to the next (time travel's step): every leaf that differs,
 * by its dotted path, in key order. Objects are compared key by key; arrays and scalars as wholes (a
 * list of owned products or certificates reads better as before and after than item by item).
 */
export function differences(before: unknown, after: unknown, path = ''): Difference[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => differences(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (isPlainObject(before) && after === undefined) return differences(before, {}, path);
  if (before === undefined && isPlainObject(after)) return differences({}, after, path);
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
