import {
  type ListedQuestion,
  type QuestionMarks,
  defaultQuestionFilters,
  groupQuestions,
  moveInCustomOrder,
  nextQuestion,
  questionAccess,
  questionFilterGroups,
  questionFilterKeys,
  questionPassesFilters,
  withDefaultFilters,
} from './question-list';

const q = (id: string, difficulty: 1 | 2 | 3 | 4, category: string, number: number): ListedQuestion => ({
  id,
  name: id,
  category,
  difficulty,
  metadata: { number },
});
const questions = [
  q('c', 3, 'Graphs', 1),
  q('a', 1, 'Arrays', 2),
  q('d', 1, 'Graphs', 3),
  q('b', 2, 'Arrays', 4),
  q('e', 4, 'Arrays', 5),
];

describe('question list filters', () => {
  const marks: QuestionMarks = {
    statuses: new Map([
      ['a', 'CORRECT'],
      ['b', 'INCORRECT'],
      ['c', 'PARTIALLY_CORRECT'],
    ]),
    favorited: new Set(['a']),
    struck: new Set(['b']),
  };
  const shown = (filters = defaultQuestionFilters) =>
    questions.filter((x) => questionPassesFilters(x.id, marks, filters)).map((x) => x.id);

  it('shows everything with the default filters, all on', () => {
    expect(Object.values(defaultQuestionFilters).every(Boolean)).toBe(true);
    expect(shown()).toEqual(['c', 'a', 'd', 'b', 'e']);
  });

  it('hides each colour, star and strike facet by its filter', () => {
    expect(shown({ ...defaultQuestionFilters, greenSubmissions: false })).toEqual(['c', 'd', 'b', 'e']);
    expect(shown({ ...defaultQuestionFilters, redSubmissions: false })).toEqual(['c', 'a', 'd', 'e']);
    expect(shown({ ...defaultQuestionFilters, yellowSubmissions: false })).toEqual(['a', 'd', 'b', 'e']);
    expect(shown({ ...defaultQuestionFilters, whiteSubmissions: false })).toEqual(['c', 'a', 'b']);
    expect(shown({ ...defaultQuestionFilters, unstarred: false })).toEqual(['a']);
    expect(shown({ ...defaultQuestionFilters, starred: false })).toEqual(['c', 'd', 'b', 'e']);
    expect(shown({ ...defaultQuestionFilters, strike: false })).toEqual(['c', 'a', 'd', 'e']);
    expect(shown({ ...defaultQuestionFilters, unstrike: false })).toEqual(['b']);
  });

  it('hides each access facet (free, unlocked, locked) by its per-person filter', () => {
    const access = { c: 'free', a: 'unlocked', d: 'locked', b: 'locked', e: 'unlocked' } as const;
    const byAccess = (filters = defaultQuestionFilters) =>
      questions
        .filter((x) => questionPassesFilters(x.id, marks, filters, access[x.id as keyof typeof access]))
        .map((x) => x.id);
    expect(byAccess()).toEqual(['c', 'a', 'd', 'b', 'e']);
    expect(byAccess({ ...defaultQuestionFilters, freeQuestions: false })).toEqual(['a', 'd', 'b', 'e']);
    expect(byAccess({ ...defaultQuestionFilters, unlockedQuestions: false })).toEqual(['c', 'd', 'b']);
    expect(byAccess({ ...defaultQuestionFilters, lockedQuestions: false })).toEqual(['c', 'a', 'e']);
  });

  it("tells a question's access from the list's answer", () => {
    expect(questionAccess({ isFree: true, acl: { isAvailable: true } })).toBe('free');
    expect(questionAccess({ isFree: false, acl: { isAvailable: true } })).toBe('unlocked');
    expect(questionAccess({ acl: { isAvailable: false } })).toBe('locked');
  });

  it('shows every filter in exactly one group, eleven in all', () => {
    expect(questionFilterGroups.flatMap((group) => group.keys).sort()).toEqual(
      [...questionFilterKeys].sort(),
    );
    expect(questionFilterKeys).toHaveLength(11);
  });

  it('fills stored filters with the defaults and ignores what is not a boolean', () => {
    expect(withDefaultFilters({ starred: false, strike: 'no' })).toEqual({
      ...defaultQuestionFilters,
      starred: false,
    });
    expect(withDefaultFilters(undefined)).toEqual(defaultQuestionFilters);
  });
});

describe('question list order', () => {
  it('groups by difficulty, Easy first, by number within', () => {
    expect(
      groupQuestions(questions, 'difficulty').map((g) => [g.title, g.questions.map((x) => x.id)]),
    ).toEqual([
      ['Easy', ['a', 'd']],
      ['Medium', ['b']],
      ['Hard', ['c']],
      ['Very Hard', ['e']],
    ]);
  });

  it('groups by category alphabetically, by difficulty within', () => {
    expect(groupQuestions(questions, 'category').map((g) => [g.title, g.questions.map((x) => x.id)])).toEqual(
      [
        ['Arrays', ['a', 'b', 'e']],
        ['Graphs', ['d', 'c']],
      ],
    );
  });

  it("follows the learner's custom order, the rest after by number", () => {
    expect(
      groupQuestions(questions, 'custom', ['e', 'd']).flatMap((g) => g.questions.map((x) => x.id)),
    ).toEqual(['e', 'd', 'c', 'a', 'b']);
  });

  it('moves a question one place among the shown ones, keeping the hidden ones where they were', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    expect(moveInCustomOrder(all, all, 'c', 'up')).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(moveInCustomOrder(all, all, 'c', 'down')).toEqual(['a', 'b', 'd', 'c', 'e']);
    // 'b' and 'd' are filtered out: 'c' trades places with its shown neighbours 'a' and 'e'.
    expect(moveInCustomOrder(all, ['a', 'c', 'e'], 'c', 'up')).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(moveInCustomOrder(all, ['a', 'c', 'e'], 'c', 'down')).toEqual(['a', 'b', 'd', 'e', 'c']);
    // The first cannot go up, the last cannot go down.
    expect(moveInCustomOrder(all, all, 'a', 'up')).toEqual(all);
    expect(moveInCustomOrder(all, all, 'e', 'down')).toEqual(all);
  });

  it('gives the next question in difficulty order, wrapping around', () => {
    expect(nextQuestion(questions, 'a')?.id).toBe('d');
    expect(nextQuestion(questions, 'd')?.id).toBe('b');
    expect(nextQuestion(questions, 'e')?.id).toBe('a');
    expect(nextQuestion([], 'a')).toBeUndefined();
  });
});
