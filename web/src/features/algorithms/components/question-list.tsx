import type { ReactNode } from 'react';
import { type MouseEvent, memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type QuestionFilters,
  type Question,
  type SortMethod,
  type SubmissionStatus,
  difficultyLabels,
  groupQuestions,
  moveInCustomOrder,
  questionAccess,
  questionFilterGroups,
  questionFilterLabels,
  questionPassesFilters,
  submissionIndicators,
  withDefaultFilters,
} from '@app/contracts';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import {
  useGetUserDataQuery,
  useListCodingQuestionsQuery,
  useListSubmissionsQuery,
  useSetUserDataMutation,
} from '../api/algorithms-api';
import { type CodingProduct, codingProducts } from '@/shared/catalog/coding-products';
import './question-list.css';

const FETCH_MAP = {
  favoritedQuestions: 'TAKE',
  strikeQuestions: 'TAKE',
  questionsFilters: 'TAKE',
  sortMethod: 'TAKE',
  orderedQuestions: 'TAKE',
} as const;

type Marks = Record<string, boolean>;
type SavedListData = {
  favoritedQuestions?: Marks;
  strikeQuestions?: Marks;
  questionsFilters?: Partial<QuestionFilters>;
  sortMethod?: SortMethod | 'custom';
  orderedQuestions?: string[];
};

const keysOf = (marks: Marks | undefined) => new Set(Object.keys(marks ?? {}).filter((k) => marks![k]));
const noStatuses: ReadonlyMap<string, SubmissionStatus> = new Map();
const noQuestions: readonly Question[] = [];
const noOrder: readonly string[] = [];

type MarkKind = 'favoritedQuestions' | 'strikeQuestions';
type MoveDirection = 'up' | 'down';

/**
 * The algorithms question list (spec 3): every published question grouped by difficulty (or category,
 * or the learner's order), each with its submission indicator, star and strike; the filters, all on by
 * default, hide what the learner does not want to see. Choices are saved in the learner's user data;
 * locked questions say what they are and how to get them.
 *
 * The rows show in the frame after the list arrives, whatever the learner's other calls are doing: what
 * is derived from the answers is memoised, and a row renders again only when its own marks change.
 */
type QuestionListProps = {
  /** Shown under the page's heading (the learner's progress). */
  summary?: ReactNode;
  /** Whose coding questions: AlgoExpert's unless given (MLExpert's list is the same page). */
  product?: CodingProduct;
};

export function QuestionList({ summary, product = codingProducts.algoexpert }: QuestionListProps) {
  const { product: productId, name: productName, productPath, questionPath } = product;
  // Stable query arguments: RTK Query need not compare fresh objects at every render.
  const params = useMemo(() => ({ product: productId }), [productId]);
  const listArg = useMemo(() => ({ params }), [params]);
  const submissionsArg = useMemo(() => ({ product: productId }), [productId]);
  const userDataArg = useMemo(
    () => ({ params, request: { fetchMap: FETCH_MAP, fetchKey: 'TAKE' as const } }),
    [params],
  );
  const crumbs = useMemo(() => [{ label: productName, to: productPath }], [productName, productPath]);
  const signedIn = useIsSignedInHere();
  const questions = useListCodingQuestionsQuery(listArg);
  const submissions = useListSubmissionsQuery(submissionsArg, { skip: !signedIn });
  const userData = useGetUserDataQuery(userDataArg, { skip: !signedIn });
  const [saveUserData] = useSetUserDataMutation();
  const navigate = useNavigate();
  // Changes made here show at once; the saved data catches up behind them.
  const [local, setLocal] = useState<SavedListData>({});

  const saved = userData.data as SavedListData | undefined;
  const favorited = useMemo(
    () => keysOf({ ...saved?.favoritedQuestions, ...local.favoritedQuestions }),
    [saved?.favoritedQuestions, local.favoritedQuestions],
  );
  const struck = useMemo(
    () => keysOf({ ...saved?.strikeQuestions, ...local.strikeQuestions }),
    [saved?.strikeQuestions, local.strikeQuestions],
  );
  const filters = useMemo(
    () => withDefaultFilters({ ...saved?.questionsFilters, ...local.questionsFilters }),
    [saved?.questionsFilters, local.questionsFilters],
  );
  const sortMethod = local.sortMethod ?? saved?.sortMethod ?? product.defaultSort ?? 'difficulty';
  const order = local.orderedQuestions ?? saved?.orderedQuestions ?? noOrder;

  const submissionList = submissions.data?.submissions;
  const statuses = useMemo(
    () =>
      submissionList
        ? new Map<string, SubmissionStatus>(submissionList.map((s) => [s.questionId, s.status]))
        : noStatuses,
    [submissionList],
  );

  const save = useCallback(
    (data: SavedListData) => {
      setLocal((current) => ({
        ...current,
        ...data,
        favoritedQuestions: { ...current.favoritedQuestions, ...data.favoritedQuestions },
        strikeQuestions: { ...current.strikeQuestions, ...data.strikeQuestions },
        questionsFilters: { ...current.questionsFilters, ...data.questionsFilters },
      }));
      if (!signedIn) return;
      // A removed mark is saved as false (not deleted), so it also overrides marks migrated from old data.
      void saveUserData({
        params,
        request: {
          data,
          deepMerge: true,
        },
      });
    },
    [signedIn, saveUserData, params],
  );
  const handleMark = useCallback(
    (kind: MarkKind, questionId: string, on: boolean) => save({ [kind]: { [questionId]: on } }),
    [save],
  );

  const all = questions.data?.questions ?? noQuestions;
  const visible = useMemo(
    () =>
      all.filter((q) =>
        questionPassesFilters(q.id, { statuses, favorited, struck }, filters, questionAccess(q)),
      ),
    [all, statuses, favorited, struck, filters],
  );
  const groups = useMemo(() => groupQuestions(visible, sortMethod, order), [visible, sortMethod, order]);
  // In the learner's own order each shown question moves one place up or down among the shown ones.
  const isCustomOrder = sortMethod === 'custom';
  const shownIds = useMemo(
    () => groups.flatMap((group) => group.questions.map((question) => question.id)),
    [groups],
  );
  const handleMove = useCallback(
    (questionId: string, direction: MoveDirection) => {
      const current = groupQuestions(all, 'custom', order).flatMap((group) => group.questions);
      const moved = moveInCustomOrder(
        current.map((question) => question.id),
        shownIds,
        questionId,
        direction,
      );
      save({ orderedQuestions: moved });
    },
    [all, order, shownIds, save],
  );
  const completed = useMemo(
    () => all.filter((q) => statuses.get(q.id) === 'CORRECT').length,
    [all, statuses],
  );
  // The rows' links are plain anchors and this one handler navigates for them all, in the app as a
  // router Link would: a Link per row cost its hooks at the list's first render.
  const handleLinkClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest('a');
      const isPlainClick =
        event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
      if (!link || event.defaultPrevented || !isPlainClick || link.target) return;
      event.preventDefault();
      void navigate(link.getAttribute('href')!);
    },
    [navigate],
  );
  // Rows are numbered in the order shown, across the groups: 1, 2, 3... whatever the sort and filters.
  const groupStarts = useMemo(() => {
    const starts: number[] = [];
    let shown = 0;
    for (const group of groups) {
      starts.push(shown);
      shown += group.questions.length;
    }
    return starts;
  }, [groups]);
  const categoryCount = useMemo(() => new Set(all.map((q) => q.category)).size, [all]);

  return (
    <div className="question-list-page">
      <PageHeader
        title="Coding questions"
        eyebrow={productName}
        lead={
          all.length > 0
            ? `${all.length} questions across ${categoryCount} categories. ${
                signedIn ? `You have solved ${completed}.` : 'Sign in to save your progress.'
              }`
            : `The coding interview questions of ${productName}.`
        }
        crumbs={crumbs}
      />
      {summary}
      {questions.isLoading ? (
        <Loader label="Loading the questions" />
      ) : questions.isError ? (
        <p role="alert">The questions could not be loaded. Check your connection and reload the page.</p>
      ) : (
        <>
          <div className="question-list__controls">
            <label className="question-list__sort">
              Sort by{' '}
              <select
                value={sortMethod}
                onChange={(event) => save({ sortMethod: event.target.value as SortMethod | 'custom' })}
              >
                <option value="difficulty">Difficulty</option>
                <option value="category">Category</option>
                <option value="custom">My order</option>
              </select>
            </label>
            <div className="question-list__filters" role="group" aria-label="Show">
              {questionFilterGroups.map((group) => (
                <fieldset key={group.title} className="question-list__filter-group">
                  <legend>{group.title}</legend>
                  {group.keys.map((key) => (
                    <label key={key}>
                      <input
                        type="checkbox"
                        checked={filters[key]}
                        onChange={(event) => save({ questionsFilters: { [key]: event.target.checked } })}
                      />{' '}
                      {questionFilterLabels[key]}
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          </div>
          {isCustomOrder ? (
            <p className="question-list__hint">
              Move questions up or down to practise them in your own order; it is saved as you go.
            </p>
          ) : null}
          <p className="question-list__count" aria-live="polite">
            Showing {visible.length} of {all.length} questions
          </p>
          {groups.map((group, groupIndex) => (
            <section key={group.title} className="question-group" aria-labelledby={`group-${group.title}`}>
              <h2 id={`group-${group.title}`}>
                {group.title} <span className="question-group__count">{group.questions.length}</span>
              </h2>
              <ul className="question-group__list" onClick={handleLinkClick}>
                {group.questions.map((question, index) => (
                  <QuestionRow
                    key={question.id}
                    question={question}
                    href={questionPath(question.id)}
                    productName={productName}
                    position={groupStarts[groupIndex] + index + 1}
                    status={statuses.get(question.id)}
                    favorited={favorited.has(question.id)}
                    struck={struck.has(question.id)}
                    onMark={handleMark}
                    onMove={isCustomOrder ? handleMove : undefined}
                    isFirst={question.id === shownIds[0]}
                    isLast={question.id === shownIds[shownIds.length - 1]}
                  />
                ))}
              </ul>
            </section>
          ))}
          {all.length > 0 && visible.length === 0 ? (
            <p className="question-list__empty">No question matches the filters: turn one back on.</p>
          ) : null}
        </>
      )}
    </div>
  );
}

type QuestionRowProps = {
  /** Where the row stands in the list as shown, from 1. */
  position: number;
  question: Question;
  /** The question's workspace. */
  href: string;
  /** What a locked question is part of. */
  productName: string;
  status: SubmissionStatus | undefined;
  favorited: boolean;
  struck: boolean;
  onMark(kind: MarkKind, questionId: string, on: boolean): void;
  /** Given in the learner's own order only. */
  onMove?: (questionId: string, direction: MoveDirection) => void;
  isFirst: boolean;
  isLast: boolean;
};

/** One question; memoised, so a star or a late answer (submissions, saved data) renders only the rows it changes. */
const QuestionRow = memo(function QuestionRow({
  question,
  href,
  productName,
  position,
  status,
  favorited,
  struck,
  onMark,
  onMove,
  isFirst,
  isLast,
}: QuestionRowProps) {
  const indicator = submissionIndicators[status ?? 'none'];
  const available = question.acl.isAvailable;
  return (
    <li
      className={onMove ? 'question-row question-row--movable' : 'question-row'}
      data-question={question.id}
      data-struck={struck || undefined}
    >
      <span
        className={`question-row__indicator question-row__indicator--${indicator.theme}`}
        role="img"
        aria-label={indicator.label}
        title={indicator.label}
      />
      <span className="question-row__number">{position}.</span>
      {available ? (
        <a className="question-row__name" href={href}>
          {question.name}
        </a>
      ) : (
        <span className="question-row__name question-row__name--locked">
          {question.name}
          <span className="question-row__lock">
            Locked: part of {productName}. <a href="/purchase">Get {productName}</a>
          </span>
        </span>
      )}
      <span className="question-row__meta">
        {question.category} · {difficultyLabels[question.difficulty]}
      </span>
      <button
        type="button"
        className="question-row__toggle"
        aria-pressed={favorited}
        aria-label={`Star ${question.name}`}
        title={favorited ? 'Starred: click to unstar' : 'Star'}
        onClick={() => onMark('favoritedQuestions', question.id, !favorited)}
      >
        <span aria-hidden="true">{favorited ? '★' : '☆'}</span>
      </button>
      <button
        type="button"
        className="question-row__toggle"
        aria-pressed={struck}
        aria-label={`Strike through ${question.name}`}
        title={struck ? 'Struck through: click to restore' : 'Strike through'}
        onClick={() => onMark('strikeQuestions', question.id, !struck)}
      >
        <span aria-hidden="true">⊘</span>
      </button>
      {onMove ? (
        <span className="question-row__move">
          <button
            type="button"
            className="question-row__toggle"
            aria-label={`Move ${question.name} up`}
            title="Move up"
            disabled={isFirst}
            onClick={() => onMove(question.id, 'up')}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="question-row__toggle"
            aria-label={`Move ${question.name} down`}
            title="Move down"
            disabled={isLast}
            onClick={() => onMove(question.id, 'down')}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </span>
      ) : null}
    </li>
  );
});
