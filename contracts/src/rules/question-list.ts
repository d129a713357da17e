import { type Difficulty, type SortMethod, type SubmissionStatus, difficultyLabels } from '../constants';

/*
 * The algorithms question list (spec 3): filters, all on by default, and sorting. Pure, so the list
 * page and its tests share them.
 */

/**
 * The filters of spec 3: four submission colours, starred/unstarred, struck/unstruck, and three
 * per-person ones, which the spec does not name: what this learner's access makes of each question (free
 * to everyone, unlocked by their products, still locked).
 */
export const questionFilterKeys = [
  'greenSubmissions',
  'redSubmissions',
  'yellowSubmissions',
  'whiteSubmissions',
  'starred',
  'unstarred',
  'strike',
  'unstrike',
  'freeQuestions',
  'unlockedQuestions',
  'lockedQuestions',
] as const;
export type QuestionFilterKey = (typeof questionFilterKeys)[number];
export type QuestionFilters = Record<QuestionFilterKey, boolean>;

export const defaultQuestionFilters: QuestionFilters = Object.fromEntries(
  questionFilterKeys.map((key) => [key, true]),
) as QuestionFilters;

export const questionFilterLabels: Record<QuestionFilterKey, string> = {
  greenSubmissions: 'All tests passed',
  redSubmissions: 'No tests passed',
  yellowSubmissions: 'Some tests passed',
  whiteSubmissions: 'Not submitted',
  starred: 'Starred',
  unstarred: 'Not starred',
  strike: 'Struck through',
  unstrike: 'Not struck through',
  freeQuestions: 'Free',
  unlockedQuestions: 'Unlocked by my products',
  lockedQuestions: 'Locked',
};

/** The filter facets, in the order the list shows them. */
export const questionFilterGroups: readonly { title: string; keys: readonly QuestionFilterKey[] }[] = [
  {
    title: 'Submissions',
    keys: ['greenSubmissions', 'yellowSubmissions', 'redSubmissions', 'whiteSubmissions'],
  },
  { title: 'Stars', keys: ['starred', 'unstarred'] },
  { title: 'Strike', keys: ['strike', 'unstrike'] },
  { title: 'Access', keys: ['freeQuestions', 'unlockedQuestions', 'lockedQuestions'] },
];

/** Stored filters with the missing ones on (a filter added later starts on for everyone). */
export function withDefaultFilters(stored: Partial<Record<string, unknown>> | undefined): QuestionFilters {
  const filters = { ...defaultQuestionFilters };
  for (const key of questionFilterKeys) if (typeof stored?.[key] === 'boolean') filters[key] = stored[key];
  return filters;
}

export type ListedQuestion = {
  id: string;
  name: string;
  category: string;
  difficulty: Difficulty;
  metadata: { number: number };
};

export type QuestionMarks = {
  /** Latest submission status per question id. */
  statuses: ReadonlyMap<string, SubmissionStatus>;
  favorited: ReadonlySet<string>;
  struck: ReadonlySet<string>;
};

const colourOf = (status: SubmissionStatus | undefined): QuestionFilterKey =>
  status === 'CORRECT'
    ? 'greenSubmissions'
    : status === 'INCORRECT'
      ? 'redSubmissions'
      : status === 'PARTIALLY_CORRECT'
        ? 'yellowSubmissions'
        : 'whiteSubmissions';

/** What a question is to this learner: free to all, unlocked by what they own, or locked. */
export type QuestionAccess = 'free' | 'unlocked' | 'locked';

export function questionAccess(question: {
  isFree?: boolean;
  acl: { isAvailable: boolean };
}): QuestionAccess {
  return question.isFree ? 'free' : question.acl.isAvailable ? 'unlocked' : 'locked';
}

const accessFilter: Record<QuestionAccess, QuestionFilterKey> = {
  free: 'freeQuestions',
  unlocked: 'unlockedQuestions',
  locked: 'lockedQuestions',
};

/** A question shows when each of its four facets (colour, star, strike, access) has its filter on. */
export function questionPassesFilters(
  id: string,
  marks: QuestionMarks,
  filters: QuestionFilters,
  access: QuestionAccess = 'unlocked',
): boolean {
  return (
    filters[colourOf(marks.statuses.get(id))] &&
    filters[marks.favorited.has(id) ? 'starred' : 'unstarred'] &&
    filters[marks.struck.has(id) ? 'strike' : 'unstrike'] &&
    filters[accessFilter[access]]
  );
}

/**
 * The learner's custom order after moving `id` one place up or down among `shown` (the questions the
 * filters leave on screen): it trades places with its shown neighbour, and every question keeps its rank
 * relative to the others, shown or not. `all` in the current custom order.
 */
export function moveInCustomOrder(
  all: readonly string[],
  shown: readonly string[],
  id: string,
  direction: 'up' | 'down',
): string[] {
  const at = shown.indexOf(id);
  const neighbour = shown[direction === 'up' ? at - 1 : at + 1];
  if (at === -1 || neighbour === undefined) return [...all];
  const rest = all.filter((other) => other !== id);
  const neighbourAt = rest.indexOf(neighbour);
  rest.splice(direction === 'up' ? neighbourAt : neighbourAt + 1, 0, id);
  return rest;
}

export type QuestionGroup<Q> = { title: string; questions: Q[] };

/**
 * Groups and orders the questions: by difficulty (Easy first; within it by number), by category
 * (alphabetical; within it by difficulty, then number), or in the learner's custom order (ids not in
 * it follow, by number), one group.
 */
export function groupQuestions<Q extends ListedQuestion>(
  questions: readonly Q[],
  method: SortMethod | 'custom',
  customOrder: readonly string[] = [],
): QuestionGroup<Q>[] {
  const byNumber = (a: Q, b: Q) => a.metadata.number - b.metadata.number;
  if (method === 'custom') {
    const rank = new Map(customOrder.map((id, i) => [id, i]));
    const sorted = [...questions].sort((a, b) => {
      const ra = rank.get(a.id) ?? Number.MAX_SAFE_INTEGER;
      const rb = rank.get(b.id) ?? Number.MAX_SAFE_INTEGER;
      return ra - rb || byNumber(a, b);
    });
    return sorted.length > 0 ? [{ title: 'My order', questions: sorted }] : [];
  }
  const groups = new Map<string, Q[]>();
  const keyOf = (q: Q) => (method === 'difficulty' ? String(q.difficulty) : q.category);
  for (const question of questions) {
    const key = keyOf(question);
    const group = groups.get(key);
    if (group) group.push(question);
    else groups.set(key, [question]);
  }
  const keys = [...groups.keys()].sort((a, b) =>
    method === 'difficulty' ? Number(a) - Number(b) : a.localeCompare(b),
  );
  return keys.map((key) => ({
    title: method === 'difficulty' ? difficultyLabels[Number(key) as Difficulty] : key,
    questions: groups
      .get(key)!
      .sort((a, b) => (method === 'category' ? a.difficulty - b.difficulty : 0) || byNumber(a, b)),
  }));
}

/**
 * The question after `id` in difficulty order (the workspace's next question), wrapping around to the
 * first after the last; undefined when the list is empty.
 */
export function nextQuestion<Q extends ListedQuestion>(questions: readonly Q[], id: string): Q | undefined {
  const ordered = groupQuestions(questions, 'difficulty').flatMap((group) => group.questions);
  if (ordered.length === 0) return undefined;
  const at = ordered.findIndex((q) => q.id === id);
  return ordered[(at + 1) % ordered.length];
}
