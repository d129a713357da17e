import { z } from 'zod';
import { checkValue, containsFloat, formatType, normalizeNodes } from './signature';
import type { ValueType } from './signature';

/*
 * Outputs compare as typed values of the question's return type:
 *   - int, long, bool, string, ListNode and TreeNode exactly (nodes by their canonical JSON);
 *   - float within a tolerance: |a - e| <= absolute, or |a - e| <= relative * max(|a|, |e|) (both 1e-6
 *     unless the question says otherwise);
 *   - arrays item by item, or as multisets where the compare options say `unordered: true`;
 *   - maps key by key (key order never matters).
 * Compare options nest like the type: `{ unordered: true, items: { unordered: true } }` says that neither
 * the outer array's order nor each inner array's order matters (a list of triplets, for example). `items`
 * applies to an array's items or a map's values. The tolerance set at some level holds below it too.
 */

export type Tolerance = { absolute: number; relative: number };
export type CompareOptions = {
  unordered?: boolean;
  tolerance?: Partial<Tolerance>;
  items?: CompareOptions;
};

export const DEFAULT_TOLERANCE: Tolerance = { absolute: 1e-6, relative: 1e-6 };

export const compareOptionsSchema: z.ZodType<CompareOptions> = z.lazy(() =>
  z
    .object({
      unordered: z.boolean().optional(),
      tolerance: z
        .object({
          absolute: z.number().min(0).max(1).optional(),
          relative: z.number().min(0).max(1).optional(),
        })
        .strict()
        .optional(),
      items: compareOptionsSchema.optional(),
    })
    .strict(),
);

/** Answers null when the options fit the type (unordered only on arrays, items only where there are items). */
export function checkCompareOptions(type: ValueType, options: CompareOptions | undefined): string | null {
  if (!options) return null;
  if (options.unordered && type.kind !== 'array')
    return `unordered applies to arrays, not ${formatType(type)}`;
  if (options.items) {
    if (type.kind !== 'array' && type.kind !== 'map') return `${formatType(type)} has no items to compare`;
    return checkCompareOptions(type.of, options.items);
  }
  return null;
}

export type Comparison = { match: boolean; reason?: string };

const same: Comparison = { match: true };

/**
 * Compares the program's output with the expected one, as values of `type`. `actual` is whatever JSON the
 * harness printed, so its shape is checked first; `expected` is trusted (validated with the question).
 */
export function compareOutputs(
  type: ValueType,
  expected: unknown,
  actual: unknown,
  options: CompareOptions = {},
): Comparison {
  const problem = checkValue(type, actual);
  if (problem) return { match: false, reason: problem };
  // Expected outputs are validated with their question; one that slipped through never matches.
  const expectedProblem = checkValue(type, expected);
  if (expectedProblem)
    return { match: false, reason: `the expected output is not valid: ${expectedProblem}` };
  const tolerance = { ...DEFAULT_TOLERANCE, ...options.tolerance };
  return compareAt(
    type,
    normalizeNodes(type, expected),
    normalizeNodes(type, actual),
    options,
    tolerance,
    '',
  );
}

function compareAt(
  type: ValueType,
  expected: unknown,
  actual: unknown,
  options: CompareOptions,
  inherited: Tolerance,
  path: string,
): Comparison {
  const tolerance = { ...inherited, ...options.tolerance };
  const at = path ? ` at ${path}` : '';
  switch (type.kind) {
    case 'float': {
      const [e, a] = [expected as number, actual as number];
      const diff = Math.abs(a - e);
      if (diff <= tolerance.absolute || diff <= tolerance.relative * Math.max(Math.abs(a), Math.abs(e)))
        return same;
      return { match: false, reason: `expected ${e}${at}, got ${a}` };
    }
    case 'array': {
      const [e, a] = [expected as unknown[], actual as unknown[]];
      if (e.length !== a.length) {
        return { match: false, reason: `expected ${e.length} items${at}, got ${a.length}` };
      }
      const itemOptions = options.items ?? {};
      if (options.unordered) return compareUnordered(type.of, e, a, itemOptions, tolerance, path);
      for (let i = 0; i < e.length; i++) {
        const result = compareAt(type.of, e[i], a[i], itemOptions, tolerance, `${path}[${i}]`);
        if (!result.match) return result;
      }
      return same;
    }
    case 'map': {
      const [e, a] = [expected as Record<string, unknown>, actual as Record<string, unknown>];
      const missing = Object.keys(e).filter((key) => !(key in a));
      if (missing.length > 0) return { match: false, reason: `missing key "${missing[0]}"${at}` };
      const extra = Object.keys(a).filter((key) => !(key in e));
      if (extra.length > 0) return { match: false, reason: `unexpected key "${extra[0]}"${at}` };
      for (const key of Object.keys(e).sort()) {
        const result = compareAt(type.of, e[key], a[key], options.items ?? {}, tolerance, `${path}.${key}`);
        if (!result.match) return result;
      }
      return same;
    }
    default:
      // int, long, bool, string and the node types (canonical JSON arrays of ints or nulls).
      if (JSON.stringify(expected) === JSON.stringify(actual)) return same;
      return {
        match: false,
        reason: `expected ${JSON.stringify(expected)}${at}, got ${JSON.stringify(actual)}`,
      };
  }
}

/** Arrays as multisets: exact items by canonical key; float-bearing items by matching each expected item. */
function compareUnordered(
  itemType: ValueType,
  expected: unknown[],
  actual: unknown[],
  options: CompareOptions,
  tolerance: Tolerance,
  path: string,
): Comparison {
  const at = path ? ` at ${path}` : '';
  if (!containsFloat(itemType)) {
    const counts = new Map<string, number>();
    for (const item of actual) {
      const key = canonicalKey(itemType, item, options);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const item of expected) {
      const key = canonicalKey(itemType, item, options);
      const left = counts.get(key) ?? 0;
      if (left === 0) return { match: false, reason: `expected item ${JSON.stringify(item)} not found${at}` };
      counts.set(key, left - 1);
    }
    return same;
  }
  // Greedy matching under tolerance: good for the small arrays of tests; an adversarial near-tie could
  // make it miss a matching that exists.
  const used = new Array<boolean>(actual.length).fill(false);
  for (const item of expected) {
    const index = actual.findIndex(
      (candidate, i) => !used[i] && compareAt(itemType, item, candidate, options, tolerance, path).match,
    );
    if (index < 0) return { match: false, reason: `expected item ${JSON.stringify(item)} not found${at}` };
    used[index] = true;
  }
  return same;
}

/** A text equal for values that compare equal (no floats inside), sorting where order is ignored. */
function canonicalKey(type: ValueType, value: unknown, options: CompareOptions): string {
  if (type.kind === 'array') {
    const keys = (value as unknown[]).map((item) => canonicalKey(type.of, item, options.items ?? {}));
    if (options.unordered) keys.sort();
    return `[${keys.join(',')}]`;
  }
  if (type.kind === 'map') {
    const map = value as Record<string, unknown>;
    const keys = Object.keys(map).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalKey(type.of, map[k], options.items ?? {})}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
