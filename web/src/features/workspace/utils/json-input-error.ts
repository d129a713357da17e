import { type ParseErrorCode, getLocation, printParseErrorCode, visit } from 'jsonc-parser';

/** What the reader is told was expected, per error jsonc-parser reports. */
const expectations: Partial<Record<string, string>> = {
  InvalidSymbol: 'a value: a number, a "string", true, false, null, an [array] or an {object}',
  InvalidNumberFormat: 'a number such as 3, -1.5 or 2e10',
  PropertyNameExpected: 'a key in double quotes, such as "array"',
  ValueExpected: 'a value: a number, a "string", true, false, null, an [array] or an {object}',
  ColonExpected: 'a colon after the key',
  CommaExpected: 'a comma between two entries',
  CloseBraceExpected: "a comma or the closing '}'",
  CloseBracketExpected: "a comma or the closing ']'",
  EndOfFileExpected: 'nothing more after the input (one JSON value only)',
  InvalidCommentToken: 'no comments (JSON has none)',
  UnexpectedEndOfComment: 'no comments (JSON has none)',
  UnexpectedEndOfString: 'the closing double quote of the string',
  UnexpectedEndOfNumber: 'a digit',
  InvalidUnicode: 'a \\u escape with four hex digits',
  InvalidEscapeCharacter: 'a valid escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  InvalidCharacter: 'no control characters inside a string (write \\n or \\t instead)',
};

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

/** `array[2].value`-style path of where an error sits, or null at the top level. */
function pathAt(text: string, offset: number): string | null {
  const segments = getLocation(text, offset).path;
  if (segments.length === 0) return null;
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('')
    .replace(/^\.|\.$/g, '');
}

/**
 * Where quick-test input stops being JSON and what was expected there ("Line 2, column 9 (in array[1]):
 * expected a comma or the closing ']'"), or null when it is valid JSON. The first error is the one that
 * matters: every later one follows from it.
 */
export function describeJsonInputError(text: string): string | null {
  if (text.trim() === '') return 'The input is empty: expected a JSON object keyed by parameter name.';
  let first: { code: ParseErrorCode; offset: number } | undefined;
  visit(
    text,
    {
      onError(code, offset) {
        first ??= { code, offset };
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  if (first === undefined) {
    // jsonc-parser is more forgiving than JSON.parse in a few corners: the browser has the last word.
    try {
      JSON.parse(text);
      return null;
    } catch (error) {
      return `The input is not valid JSON: ${(error as Error).message}.`;
    }
  }
  const { line, column } = lineAndColumn(text, first.offset);
  const path = pathAt(text, first.offset);
  const location = getLocation(text, first.offset);
  let name = printParseErrorCode(first.code);
  // A bare or single-quoted key reads as a bad value to the parser; the reader wrote a key.
  if (location.isAtPropertyKey && (name === 'InvalidSymbol' || name === 'ValueExpected'))
    name = 'PropertyNameExpected';
  // Between entries, say which closing bracket would also do.
  if (name === 'CommaExpected')
    name = typeof location.path.at(-1) === 'number' ? 'CloseBracketExpected' : 'CloseBraceExpected';
  const expected = expectations[name] ?? 'valid JSON';
  return `Line ${line}, column ${column}${path ? ` (in ${path})` : ''}: expected ${expected}.`;
}
