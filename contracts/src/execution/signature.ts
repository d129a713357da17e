import { z } from 'zod';

/*
 * Signature notation of a coding question's function, declared once per question; every language's
 * harness and starter shape is derived from it.
 *
 *   { name: 'twoNumberSum',
 *     params: [{ name: 'array', type: 'int[]' }, { name: 'targetSum', type: 'int' }],
 *     returns: 'int[]' }
 *
 * Types (written without spaces in the canonical form; `map<string, int>` is accepted and normalised):
 *   int           32-bit signed integer              JSON integer in [-2^31, 2^31 - 1]
 *   long          64-bit signed integer              JSON integer within ±(2^53 - 1), so JSON stays exact
 *   float         64-bit floating point (double)     JSON number; compared with a tolerance
 *   bool          boolean                            JSON true / false
 *   string        text                               JSON string
 *   T[]           array of T, nests (int[][])        JSON array
 *   map<string,T> string-keyed map of T              JSON object
 *   ListNode      singly linked list of int          JSON array of its values in order; [] or null is empty
 *   TreeNode      binary tree of int                 level-order JSON array with null for missing children
 *                                                    (LeetCode style, trailing nulls dropped); [] or null is empty
 * Nesting is limited to MAX_TYPE_DEPTH levels. Names are camelCase identifiers starting with a lowercase
 * letter (languages that want PascalCase, C# and Go, capitalise the first letter) and must not be a
 * keyword of any of the nine languages.
 */

export type ValueType =
  | { kind: 'int' }
  | { kind: 'long' }
  | { kind: 'float' }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'ListNode' }
  | { kind: 'TreeNode' }
  | { kind: 'array'; of: ValueType }
  | { kind: 'map'; of: ValueType };

export const scalarKinds = ['int', 'long', 'float', 'bool', 'string'] as const;
export const nodeKinds = ['ListNode', 'TreeNode'] as const;
export const MAX_TYPE_DEPTH = 6;
export const MAX_PARAMS = 10;
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

const leaves = new Set<string>([...scalarKinds, ...nodeKinds]);

/** Parses a type of the notation; throws an Error naming the problem. */
export function parseType(text: string): ValueType {
  const compact = text.replace(/\s+/g, '');
  const parse = (t: string, depth: number): ValueType => {
    if (depth > MAX_TYPE_DEPTH) throw new Error(`type nests deeper than ${MAX_TYPE_DEPTH} levels: ${text}`);
    if (t.endsWith('[]')) return { kind: 'array', of: parse(t.slice(0, -2), depth + 1) };
    if (t.startsWith('map<string,') && t.endsWith('>')) {
      return { kind: 'map', of: parse(t.slice('map<string,'.length, -1), depth + 1) };
    }
    if (leaves.has(t)) return { kind: t } as ValueType;
    throw new Error(`unknown type "${t}" in "${text}"`);
  };
  return parse(compact, 0);
}

/** The canonical text of a type (no spaces). */
export function formatType(type: ValueType): string {
  switch (type.kind) {
    case 'array':
      return `${formatType(type.of)}[]`;
    case 'map':
      return `map<string,${formatType(type.of)}>`;
    default:
      return type.kind;
  }
}

/** Whether a float sits anywhere inside the type (tolerant comparison then applies). */
export function containsFloat(type: ValueType): boolean {
  return type.kind === 'float' || ((type.kind === 'array' || type.kind === 'map') && containsFloat(type.of));
}

/** Keywords of csharp, cpp, go, java, javascript, kotlin, python, swift and typescript a name may not take. */
const reservedNames = new Set(
  (
    'abstract and as assert async auto await base bool boolean break byte case catch char chan checked class const ' +
    'constexpr continue decimal def default defer del delete do double dynamic elif else enum event except explicit ' +
    'export extends extern fallthrough false final finally fixed float for foreach friend from fun func function ' +
    'global go goto if implements implicit import in inline int interface internal is lambda let lock long map ' +
    'module mutable namespace native new nil none nonlocal not null object operator or out override package params ' +
    'pass private protected public raise range readonly ref register repeat return sealed select self short signed ' +
    'sizeof static stackalloc string struct super switch synchronized template this throw throws transient true try ' +
    'type typealias typedef typeid typename typeof uint ulong union unsafe unsigned use using val var virtual void ' +
    'volatile when where while with yield ListNode TreeNode Program'
  ).split(' '),
);

export const identifierSchema = z
  .string()
  .regex(/^[a-z][A-Za-z0-9]{0,49}$/, 'Names are camelCase identifiers starting with a lowercase letter.')
  .refine((name) => !reservedNames.has(name), 'This name is a keyword in one of the languages.');

/** A type of the notation, normalised to its canonical text. */
export const typeNotationSchema = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    try {
      return formatType(parseType(text));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

export const functionSignatureSchema = z
  .object({
    name: identifierSchema,
    params: z.array(z.object({ name: identifierSchema, type: typeNotationSchema })).max(MAX_PARAMS),
    returns: typeNotationSchema,
  })
  .refine(
    (s) => new Set([s.name, ...s.params.map((p) => p.name)]).size === s.params.length + 1,
    'The function and its parameters need distinct names.',
  );
export type FunctionSignature = z.infer<typeof functionSignatureSchema>;

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : typeof value;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;

/**
 * Whether a JSON value is a value of the type. Answers null when it is, else the reason, with the
 * path of the first offending part (`[2].name`).
 */
export function checkValue(type: ValueType, value: unknown, path = ''): string | null {
  const at = path ? ` at ${path}` : '';
  const wrong = () => `expected ${formatType(type)}${at}, got ${describe(value)}`;
  switch (type.kind) {
    case 'int':
      if (isInt(value)) return null;
      return typeof value === 'number' ? `expected an int${at}, got ${value}` : wrong();
    case 'long':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return null;
      return typeof value === 'number' ? `expected a long${at}, got ${value}` : wrong();
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrong();
    case 'bool':
      return typeof value === 'boolean' ? null : wrong();
    case 'string':
      return typeof value === 'string' ? null : wrong();
    case 'array': {
      if (!Array.isArray(value)) return wrong();
      for (let i = 0; i < value.length; i++) {
        const problem = checkValue(type.of, value[i], `${path}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    case 'map': {
      if (!isPlainObject(value)) return wrong();
      for (const [key, item] of Object.entries(value)) {
        const problem = checkValue(type.of, item, `${path}${path ? '.' : ''}${key}`);
        if (problem) return problem;
      }
      return null;
    }
    case 'ListNode':
      if (value === null) return null;
      if (!Array.isArray(value)) return wrong();
      return value.every(isInt) ? null : `expected ListNode values${at} to be ints`;
    case 'TreeNode':
      if (value === null) return null;
      if (!Array.isArray(value)) return wrong();
      if (!value.every((v) => v === null || isInt(v)))
        return `expected TreeNode values${at} to be ints or null`;
      return levelOrderProblem(value as (number | null)[], at);
  }
}

/** A level-order array is a tree when its root is present and every entry has a parent. */
function levelOrderProblem(values: (number | null)[], at: string): string | null {
  const trimmed = trimTrailingNulls(values);
  if (trimmed.length === 0) return null;
  if (trimmed[0] === null) return `a TreeNode${at} with children must have a root value`;
  let present = 1;
  let next = 1;
  for (let parent = 0; parent < present && next < trimmed.length; parent++) {
    for (let side = 0; side < 2 && next < trimmed.length; side++, next++)
      if (trimmed[next] !== null) present++;
  }
  return next < trimmed.length ? `TreeNode${at} has values without a parent from index ${next}` : null;
}

function trimTrailingNulls<T>(values: (T | null)[]): (T | null)[] {
  let end = values.length;
  while (end > 0 && values[end - 1] === null) end--;
  return values.slice(0, end);
}

/** The canonical JSON of a node-typed value: empty lists and trees as [], no trailing nulls. */
export function normalizeNodes(type: ValueType, value: unknown): unknown {
  switch (type.kind) {
    case 'ListNode':
      return value ?? [];
    case 'TreeNode':
      return Array.isArray(value) ? trimTrailingNulls(value) : [];
    case 'array':
      return Array.isArray(value) ? value.map((item) => normalizeNodes(type.of, item)) : value;
    case 'map':
      return isPlainObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeNodes(type.of, v)]))
        : value;
    default:
      return value;
  }
}

/** Parsed types of a validated signature. */
export function signatureTypes(signature: FunctionSignature): { params: ValueType[]; returns: ValueType } {
  return { params: signature.params.map((p) => parseType(p.type)), returns: parseType(signature.returns) };
}

/**
 * A test's input is a JSON object keyed by parameter name (`{ "array": [1, 2], "targetSum": 3 }`).
 * Answers null when it fits the signature, else the reason.
 */
export function checkTestInput(signature: FunctionSignature, input: unknown): string | null {
  if (!isPlainObject(input))
    return `the input must be a JSON object keyed by parameter name, got ${describe(input)}`;
  const names = signature.params.map((p) => p.name);
  const unknown = Object.keys(input).filter((key) => !names.includes(key));
  if (unknown.length > 0) return `unknown parameter ${unknown.map((k) => `"${k}"`).join(', ')}`;
  for (const param of signature.params) {
    if (!(param.name in input)) return `missing parameter "${param.name}"`;
    const problem = checkValue(parseType(param.type), input[param.name], param.name);
    if (problem) return problem;
  }
  return null;
}

/** The arguments of a test in parameter order. */
export function argumentsOf(signature: FunctionSignature, input: Record<string, unknown>): unknown[] {
  return signature.params.map((p) => input[p.name]);
}
