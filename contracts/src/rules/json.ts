/** Deepest nesting of arrays and objects accepted in a request or an event's data. */
export const MAX_JSON_DEPTH = 64;

/**
 * Why a JSON value cannot be stored as PostgreSQL jsonb or text, or undefined when it can:
 * NUL characters and lone UTF-16 surrogates are refused by PostgreSQL, and very deep nesting
 * would exhaust the stack while serialising.
 */
export function unstorableJsonReason(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorableString(value);
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_JSON_DEPTH) return `is nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const reason = unstorableJsonReason(item, depth + 1);
      if (reason) return reason;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const reason = unstorableString(key) ?? unstorableJsonReason(item, depth + 1);
    if (reason) return reason;
  }
  return undefined;
}

function unstorableString(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (!isWellFormed(text)) return 'contains an unpaired UTF-16 surrogate';
  return undefined;
}

function isWellFormed(text: string): boolean {
  // Lone high surrogate not followed by a low one, or lone low surrogate not preceded by a high one.
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * unstorableJsonReason's verdict for a value whose JSON.stringify text is at hand, walking the value
 * only when the text could hide a reason. JSON.stringify writes a NUL and a lone surrogate as `\u`
 * escapes (a surrogate pair as the character itself), and a value nested MAX_JSON_DEPTH deep has at
 * least that many brackets: a text with neither is storable.
 */
export function unstorableJsonTextReason(value: unknown, json: string): string | undefined {
  if (!json.includes('\\u') && !mayNestTooDeep(json)) return undefined;
  return unstorableJsonReason(value);
}

function mayNestTooDeep(json: string): boolean {
  if (json.length < 2 * MAX_JSON_DEPTH) return false;
  let brackets = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    // '{' and '['
    if ((code === 0x7b || code === 0x5b) && ++brackets >= MAX_JSON_DEPTH) return true;
  }
  return false;
}
