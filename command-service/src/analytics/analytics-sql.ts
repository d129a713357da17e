import { loadModule, parseSync, scanSync } from 'libpg-query';
import { type AnalyticsParams, DomainError } from '@app/contracts';

/** The parser is WebAssembly: loaded once, before the first query is checked. */
let loaded: Promise<void> | undefined;
export function loadSqlParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

export type PreparedSql = { text: string; values: string[] };

const parameterNames = ['from', 'to'] as const;

const refused = (message: string) => new DomainError('ANALYTICS_QUERY_REFUSED', message);

/**
 * An analyst's SQL made ready to run, or why it may not: PostgreSQL's own parser (libpg_query) must find
 * exactly one statement, a plain SELECT (WITH, VALUES, TABLE and set operations are SELECTs), without
 * INTO, locking clauses or data-modifying WITH parts. `:from` and `:to` outside strings and comments
 * become bind parameters ($1, $2) of type timestamptz. The database role stays the real guard: this
 * check gives clear refusals and keeps the server from ever seeing a second statement. Call
 * loadSqlParser() first.
 */
export function prepareAnalyticsSql(sql: string, params: AnalyticsParams = {}): PreparedSql | DomainError {
  let tokens;
  try {
    tokens = scanSync(sql).tokens;
  } catch (error) {
    return refused(`The SQL does not parse: ${(error as Error).message}.`);
  }
  const values: string[] = [];
  const numbers = new Map<string, number>();
  let text = '';
  let copiedUpTo = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const colon = tokens[i];
    const name = tokens[i + 1];
    if (colon.text !== ':' || name.start !== colon.end) continue;
    // The colon must stand alone: `a::date` scans as one TYPECAST token, and `arr[1:to]` is a slice.
    const previous = tokens[i - 1];
    if (previous?.text === '[' || (previous && previous.end === colon.start && /\w$/.test(previous.text)))
      continue;
    const parameter = parameterNames.find((p) => p === name.text.toLowerCase());
    if (!parameter) continue;
    const value = params[parameter];
    if (value === undefined) return refused(`The SQL uses :${parameter}; give params.${parameter}.`);
    if (!numbers.has(parameter)) {
      values.push(value);
      numbers.set(parameter, values.length);
    }
    text += `${sql.slice(copiedUpTo, colon.start)}$${numbers.get(parameter)}::timestamptz`;
    copiedUpTo = name.end;
    i++;
  }
  text += sql.slice(copiedUpTo);

  let statements;
  try {
    statements = parseSync(text).stmts ?? [];
  } catch (error) {
    return refused(`The SQL does not parse: ${(error as Error).message}.`);
  }
  if (statements.length === 0) return refused('The SQL holds no statement.');
  if (statements.length > 1) {
    return refused(`Run one statement at a time: the SQL holds ${statements.length} statements.`);
  }
  const statement = statements[0].stmt ?? {};
  const [kind] = Object.keys(statement);
  if (kind !== 'SelectStmt') {
    return refused(`Only SELECT queries run here; this is ${describe(kind)}.`);
  }
  // Keys of the tree: a string literal's text is JSON-escaped, so `"Name":` can only be a key.
  const tree = JSON.stringify(statement);
  if (tree.includes('"intoClause":'))
    return refused('SELECT ... INTO creates a table: only reading is allowed.');
  if (tree.includes('"lockingClause":'))
    return refused('FOR UPDATE and FOR SHARE lock rows: only reading is allowed.');
  for (const write of ['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']) {
    if (tree.includes(`"${write}":`))
      return refused(`A WITH part writes (${describe(write)}): only reading is allowed.`);
  }
  return { text, values };
}

/** `InsertStmt` → "an INSERT statement". */
function describe(kind: string | undefined): string {
  if (!kind) return 'an empty statement';
  const words = kind
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();
  return `${/^[AEIOU]/.test(words) ? 'an' : 'a'} ${words} statement`;
}
