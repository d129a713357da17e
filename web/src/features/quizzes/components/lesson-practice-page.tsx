import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProblemProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useGetLessonQuery } from '@/shared/api/catalogue-api';
import { useGetUserDataQuery, useSetUserDataMutation } from '@/shared/api/problems-api';
import { findSection, products } from '@/shared/catalog/products';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import {
  type QuizAnswerValue,
  type QuizQuestionView,
  useRevealPracticeSolutionMutation,
  useSubmitChoice,
} from '../quizzes-api';
import { QuestionCard } from './question-card';
import './quiz.css';

type LessonPracticePageProps = {
  product: ProblemProductId;
  /** The lesson's course section (lessons/get `section`). */
  course: string;
  lessonId: string;
  /** The question's place in the lesson, from 1 (the url's). */
  questionNumber: number;
  /** The course's route: `${basePath}/${lessonId}` is the lesson. */
  basePath: string;
};

/** A practice question as lessons/get shows it to an owner: prompt and choices, never the answer. */
type PracticeQuestion = {
  id: string;
  number: number;
  kind: 'mcq' | 'fitb';
  topic: string;
  prompt: string;
  choices?: string[];
};

type LessonWithPractice = {
  id: string;
  title: string;
  practiceQuestionCount: number;
  practiceQuestions: PracticeQuestion[] | null;
};

/** Where the learner's practice answers are kept in the product's user data (spec 3). */
const answerKey = (kind: 'mcq' | 'fitb') => (kind === 'mcq' ? 'mcqAnswers' : 'fitbqAnswers');
const practiceFetchMap = { mcqAnswers: 'TAKE', fitbqAnswers: 'TAKE', revealedSolutions: 'TAKE' } as const;

type Verdict = { view: QuizQuestionView; given: QuizAnswerValue; correct: boolean };

/**
 * One practice question of a lesson (spec 2: /blockchain/:courseName/:lessonId/practice-questions/:n):
 * the learner answers, the server judges (submissions/mcq|fitb/create) and only then sends the right
 * answer and the explanation. The last answer given to each question is kept in the user data
 * (mcqAnswers, fitbqAnswers) and shown again; numbered links move between the lesson's questions.
 * "Reveal solution" shows the answer without answering (practice-questions/reveal); the question is then
 * kept in `revealedSolutions` and shown revealed on a later visit, until the learner answers it.
 */
export function LessonPracticePage({
  product,
  course,
  lessonId,
  questionNumber,
  basePath,
}: LessonPracticePageProps) {
  const owner = products[product];
  const courseTitle = findSection(owner, course)?.title ?? course;
  const lesson = useGetLessonQuery({ params: { product }, request: { lessonId, section: course } });
  const saved = useGetUserDataQuery({
    params: { product },
    request: { fetchMap: practiceFetchMap, fetchKey: 'TAKE' },
  });
  const [saveUserData] = useSetUserDataMutation();
  const choice = useSubmitChoice(product);
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>({});
  const [reveal, revealing] = useRevealPracticeSolutionMutation();
  /** Revealed questions' answers, by question id; `null`: revealed before, put aside to answer it. */
  const [revealedViews, setRevealedViews] = useState<Record<string, QuizQuestionView | null>>({});
  const [error, setError] = useState<string | null>(null);

  const item = lesson.data as LessonWithPractice | undefined;
  const currentQuestion = item?.practiceQuestions?.find((candidate) => candidate.number === questionNumber);
  const revealedSaved = (saved.data as { revealedSolutions?: Record<string, unknown> } | undefined)
    ?.revealedSolutions;
  const wasRevealed = currentQuestion ? revealedSaved?.[currentQuestion.id] === true : false;
  const currentId = currentQuestion?.id;

  // A question revealed on an earlier visit shows its answer again (the call answers it and appends nothing).
  useEffect(() => {
    if (!currentId || !wasRevealed || currentId in revealedViews || verdicts[currentId]) return;
    setRevealedViews((before) => ({ ...before, [currentId]: null }));
    reveal({ params: { product }, request: { questionId: currentId } })
      .unwrap()
      .then((reply) =>
        setRevealedViews((before) => ({
          ...before,
          [currentId]: { ...currentQuestion, order: currentQuestion.number, ...reply.question },
        })),
      )
      .catch(() => undefined);
  }, [currentId, currentQuestion, wasRevealed, revealedViews, verdicts, reveal, product]);

  const lessonPath = `${basePath}/${lessonId}`;
  const crumbs = [
    { label: owner.name, to: owner.productPath },
    { label: courseTitle, to: basePath },
    ...(item ? [{ label: item.title, to: lessonPath }] : []),
  ];

  if (lesson.isLoading) return <Loader label="Loading the practice question" size="large" />;
  if (lesson.error || !item) {
    return (
      <div className="quiz-page">
        <PageHeader title="Practice question not found" crumbs={crumbs} />
        <section className="quiz-panel" role="alert">
          <p>
            {lesson.error && 'status' in lesson.error && lesson.error.status === 404
              ? 'There is no such lesson in this course.'
              : `The lesson could not be loaded: ${getApiErrorMessage(lesson.error)}`}
          </p>
          <LinkButton to={basePath} variant="secondary">
            Back to {courseTitle}
          </LinkButton>
        </section>
      </div>
    );
  }

  const questions = item.practiceQuestions;
  const question = questions?.find((candidate) => candidate.number === questionNumber);
  const count = questions?.length ?? item.practiceQuestionCount;
  const header = (
    <PageHeader
      title={`Practice question ${questionNumber}`}
      eyebrow={item.title}
      lead={`Question ${questionNumber} of ${count} on this lesson.`}
      crumbs={crumbs}
    />
  );

  if (!questions) {
    return (
      <div className="quiz-page">
        {header}
        <section className="quiz-panel quiz-locked" aria-label="Locked practice">
          <p>
            The practice questions are part of {owner.name}. Get {owner.name} to answer them, see the
            explanation of every answer and count them towards your progress.
          </p>
          <LinkButton to="/purchase">Get {owner.name}</LinkButton>
        </section>
      </div>
    );
  }
  if (!question) {
    return (
      <div className="quiz-page">
        <PageHeader title="Practice question not found" crumbs={crumbs} />
        <section className="quiz-panel" role="alert">
          <p>
            This lesson has {count} practice question{count === 1 ? '' : 's'}; there is no question{' '}
            {questionNumber}.
          </p>
          <LinkButton to={`${lessonPath}/practice-questions/1`} variant="secondary">
            Go to question 1
          </LinkButton>
        </section>
      </div>
    );
  }

  const savedAnswers = (saved.data ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const savedAnswer = savedAnswers[answerKey(question.kind)]?.[question.id];
  const verdict = verdicts[question.id];
  const revealedView = verdict ? undefined : (revealedViews[question.id] ?? undefined);
  const view: QuizQuestionView = verdict?.view ?? revealedView ?? { ...question, order: question.number };
  const given =
    verdict?.given ??
    (question.kind === 'mcq' && typeof savedAnswer === 'number'
      ? savedAnswer
      : question.kind === 'fitb' && typeof savedAnswer === 'string'
        ? savedAnswer
        : undefined);
  const previous = questions.find((candidate) => candidate.number === questionNumber - 1);
  const next = questions.find((candidate) => candidate.number === questionNumber + 1);

  async function showSolution() {
    if (!question) return;
    setError(null);
    try {
      const reply = await reveal({ params: { product }, request: { questionId: question.id } }).unwrap();
      setRevealedViews((before) => ({ ...before, [question.id]: { ...view, ...reply.question } }));
      void saveUserData({
        params: { product },
        request: { data: { revealedSolutions: { [question.id]: true } }, deepMerge: true },
      });
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  async function answer(value: QuizAnswerValue) {
    if (!question) return;
    setError(null);
    try {
      const reply = await choice.submit(question, value);
      setVerdicts((before) => ({
        ...before,
        [question.id]: {
          view: { ...view, ...reply.question },
          given: value,
          correct: reply.correct,
        },
      }));
      void saveUserData({
        params: { product },
        request: {
          data: {
            [answerKey(question.kind)]: { [question.id]: value },
            currentLesson: { section: course, lessonId },
          },
          deepMerge: true,
        },
      });
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  return (
    <div className="quiz-page">
      {header}
      <nav className="practice-numbers" aria-label="Practice questions of this lesson">
        <ol>
          {questions.map((candidate) => {
            const state = verdicts[candidate.id]
              ? verdicts[candidate.id].correct
                ? 'right'
                : 'wrong'
              : savedAnswers[answerKey(candidate.kind)]?.[candidate.id] !== undefined
                ? 'answered'
                : revealedSaved?.[candidate.id] === true || revealedViews[candidate.id]
                  ? 'revealed'
                  : undefined;
            return (
              <li key={candidate.id}>
                <Link
                  to={`${lessonPath}/practice-questions/${candidate.number}`}
                  aria-current={candidate.number === questionNumber ? 'page' : undefined}
                  data-state={state}
                  aria-label={`Question ${candidate.number}${state ? ` (${state})` : ''}`}
                >
                  {candidate.number}
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <section className="quiz-panel" aria-label={`Practice question ${questionNumber}`}>
        <QuestionCard
          key={`${question.id}-${verdict ? 'judged' : revealedView ? 'revealed' : 'open'}`}
          question={view}
          given={verdict ? given : revealedView ? undefined : given}
          busy={choice.busy}
          revealed={Boolean(revealedView)}
          onAnswer={(value) => void answer(value)}
        />
        {revealedView ? (
          <p className="quiz-note">
            A revealed question still counts towards your progress once you answer it right yourself.
          </p>
        ) : null}
        {error ? (
          <p className="quiz-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="quiz-actions">
          {!verdict && !revealedView ? (
            <Button variant="secondary" isLoading={revealing.isLoading} onClick={() => void showSolution()}>
              Reveal solution
            </Button>
          ) : null}
          {revealedView ? (
            <Button
              variant="secondary"
              onClick={() => setRevealedViews((before) => ({ ...before, [question.id]: null }))}
            >
              Answer it yourself
            </Button>
          ) : null}
          {verdict && !verdict.correct ? (
            <Button
              variant="secondary"
              onClick={() =>
                setVerdicts((before) => {
                  const others = { ...before };
                  delete others[question.id];
                  return others;
                })
              }
            >
              Try again
            </Button>
          ) : null}
          {previous ? (
            <LinkButton variant="secondary" to={`${lessonPath}/practice-questions/${previous.number}`}>
              ← Question {previous.number}
            </LinkButton>
          ) : null}
          {next ? (
            <LinkButton to={`${lessonPath}/practice-questions/${next.number}`}>
              Question {next.number} →
            </LinkButton>
          ) : (
            <LinkButton to={lessonPath}>Back to the lesson</LinkButton>
          )}
        </div>
      </section>
    </div>
  );
}
