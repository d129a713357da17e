import { FETCH_KEY, type FetchMap } from '../api/common';
import { MAX_EVENT_DATA_BYTES } from '../constants';

/*
 * A learner's saved data per product (spec 3, "Algorithms user data" and the other tracks'): one JSON
 * document per user and product, changed by user-data/set and read in parts by user-data/get. The
 * command side (to check sizes) and the read model (to answer) fold the same sets with the same code.
 */

export type UserDataDocument = { [key: string]: unknown };

/**
 * Largest `data` of one user-data/set, as UTF-8 JSON. One set is one event, and an event's data is at
 * most MAX_EVENT_DATA_BYTES: this leaves room for the event's other fields (user id, product, flag).
 * A full editor draft of a few thousand lines fits.
 */
export const MAX_USER_DATA_SET_BYTES = MAX_EVENT_DATA_BYTES - 1024;
/** Largest stored document per user and product, as UTF-8 JSON, after a set is merged in. */
export const MAX_USER_DATA_DOCUMENT_BYTES = 1024 * 1024;
/**
 * Deepest nesting of objects and arrays in one set's data (the deepest the spec's documents need is
 * about five: codingQuestions.userCode.<question>.<language>.<solution>). A merge never makes a
 * document deeper than the deepest set that built it, so bounding the sets bounds the documents.
 */
export const MAX_USER_DATA_DEPTH = 16;

/** Size of a JSON value as stored and sent: bytes of its UTF-8 JSON text. */
const utf8 = new TextEncoder();
export const jsonBytes = (value: unknown): number => utf8.encode(JSON.stringify(value) ?? 'null').length;

const isPlainObject = (value: unknown): value is UserDataDocument =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets an own property, even one named __proto__, without touching any prototype. */
function setOwn(target: UserDataDocument, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const own = (source: UserDataDocument, key: string): unknown =>
  Object.hasOwn(source, key) ? source[key] : undefined;

/**
 * Levels of nested objects and arrays: 0 for a scalar, 1 for {a: 1}, 2 for {a: {b: 1}}. Stops
 * descending past `limit` (answering limit + 1), so a hostile, very deep body cannot exhaust the stack.
 */
export function jsonDepth(value: unknown, limit = MAX_USER_DATA_DEPTH): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(item, limit - 1));
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

/**
 * Deep merge of user-data/set with deepMerge true (the default): objects merge key by key, at every
 * level; an array, string, number or boolean replaces what was there; a null value deletes the key
 * (how a client unsets a favourite or a draft), and inside a new object it is simply left out, so no
 * stored document ever holds a null put there by a merge. Pure: neither argument is changed.
 */
export function deepMergeUserData(base: UserDataDocument, patch: UserDataDocument): UserDataDocument {
  const result: UserDataDocument = {};
  for (const key of Object.keys(base)) setOwn(result, key, base[key]);
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) {
      delete result[key];
    } else if (isPlainObject(value)) {
      const current = own(result, key);
      setOwn(result, key, deepMergeUserData(isPlainObject(current) ? current : {}, value));
    } else {
      setOwn(result, key, value);
    }
  }
  return result;
}

/**
 * user-data/set with deepMerge false: each top-level key given replaces the stored value whole
 * (verbatim, nested nulls included); a top-level null deletes the key; keys not given stay.
 */
export function replaceUserDataKeys(base: UserDataDocument, patch: UserDataDocument): UserDataDocument {
  const result: UserDataDocument = {};
  for (const key of Object.keys(base)) setOwn(result, key, base[key]);
  for (const key of Object.keys(patch)) {
    if (patch[key] === null) delete result[key];
    else setOwn(result, key, patch[key]);
  }
  return result;
}

/** One user-data/set applied to the stored document: the one merge both services use. */
export function applyUserDataSet(
  document: UserDataDocument,
  set: { data: UserDataDocument; deepMerge: boolean },
): UserDataDocument {
  return set.deepMerge ? deepMergeUserData(document, set.data) : replaceUserDataKeys(document, set.data);
}

/**
 * The parts of a document a fetch map selects (spec 7, user-data/get): a leaf equal to the fetch key
 * ('TAKE') takes the value at that key as it is; a nested map selects inside the object there. Keys
 * absent from the document (or a nested map over a value that is no object) are absent from the
 * answer; a nested map that selects nothing answers an empty object, so the shape follows the map.
 */
export function selectByFetchMap(document: UserDataDocument, fetchMap: FetchMap): UserDataDocument {
  const result: UserDataDocument = {};
  for (const key of Object.keys(fetchMap)) {
    if (!Object.hasOwn(document, key)) continue;
    const selector = fetchMap[key];
    const value = document[key];
    if (selector === FETCH_KEY) setOwn(result, key, value);
    else if (isPlainObject(value)) setOwn(result, key, selectByFetchMap(value, selector));
  }
  return result;
}

/** The top-level keys a fetch map reads, so a store can load only those. */
export const topLevelKeysOf = (fetchMap: FetchMap): string[] => Object.keys(fetchMap);

/** Where old algorithms data keeps its progress marks, and the maps they become. */
export const ALGORITHMS_OLD_COMPLETED_KEY = 'completedQuestions';
export const ALGORITHMS_STRIKE_KEY = 'strikeQuestions';
export const ALGORITHMS_FAVORITE_KEY = 'favoritedQuestions';

/**
 * The old-data migration of spec 3 (Algorithms user data), applied when answering and never stored:
 * in the old completed-questions map, a question whose value is true shows as struck and one whose
 * value is 'middle' as favourited. A mark the learner set since (true or false) wins, like the
 * contest rule of spec 4 ("unless already set"): the old value only fills a gap. The old map itself
 * is left as it is.
 */
export function migrateAlgorithmsUserData(document: UserDataDocument): UserDataDocument {
  const completed = own(document, ALGORITHMS_OLD_COMPLETED_KEY);
  if (!isPlainObject(completed)) return document;
  const strike = own(document, ALGORITHMS_STRIKE_KEY);
  const favorite = own(document, ALGORITHMS_FAVORITE_KEY);
  const struck: UserDataDocument = isPlainObject(strike) ? { ...strike } : {};
  const favorited: UserDataDocument = isPlainObject(favorite) ? { ...favorite } : {};
  let changed = false;
  for (const question of Object.keys(completed)) {
    const value = completed[question];
    const target = value === true ? struck : value === 'middle' ? favorited : undefined;
    if (!target || Object.hasOwn(target, question)) continue;
    setOwn(target, question, true);
    changed = true;
  }
  if (!changed) return document;
  const result: UserDataDocument = {};
  for (const key of Object.keys(document)) setOwn(result, key, document[key]);
  // A value of another type where a map belongs is the learner's (or an old client's): left alone.
  if (strike === undefined || isPlainObject(strike)) setOwn(result, ALGORITHMS_STRIKE_KEY, struck);
  if (favorite === undefined || isPlainObject(favorite)) setOwn(result, ALGORITHMS_FAVORITE_KEY, favorited);
  return result;
}

/** The migrations of old data that apply to a product's document when it is read. */
export function migrateUserDataOnRead(product: string, document: UserDataDocument): UserDataDocument {
  return product === 'algoexpert' ? migrateAlgorithmsUserData(document) : document;
}

/** Top-level keys a migration reads besides the ones it fills, so a partial load still migrates. */
export function keysNeededFor(product: string, fetchMap: FetchMap): string[] {
  const keys = topLevelKeysOf(fetchMap);
  const touchesMarks = keys.includes(ALGORITHMS_STRIKE_KEY) || keys.includes(ALGORITHMS_FAVORITE_KEY);
  if (product === 'algoexpert' && touchesMarks) {
    return [
      ...new Set([...keys, ALGORITHMS_OLD_COMPLETED_KEY, ALGORITHMS_STRIKE_KEY, ALGORITHMS_FAVORITE_KEY]),
    ];
  }
  return keys;
}
