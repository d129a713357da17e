import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseAssessmentQuestion, ProblemProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useGetCourseAssessmentQuery } from '@/shared/api/course-assessments-api';
import { useGetUserDataQuery, useSetUserDataMutation } from '@/shared/api/problems-api';
import { findSection, products } from '@/shared/catalog/products';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { NotFound } from '@/shared/ui/not-found';
import { PageHeader } from '@/shared/ui/page';
import { type QuizAnswerValue, type QuizQuestionView, useSubmitChoice } from '../quizzes-api';
import { QuestionCard } from './question-card';
import './quiz.css';

type CourseAssessmentPageProps = {
  product: ProblemProductId;
  /** The course's section (assessments/get `sectionName`). */
  course: string;
  /** The question's place in the assessment, from 1 (the url's). */
  questionNumber: number;
  /** The course's route: its lessons. */
  coursePath: string;
  /** Where the not-found page's 'Back To Index' leads. */
  indexPath: string;
};

/** Where the learner's answers are kept in the product's user data (spec 3), as the practice page keeps them. */
const answerKey = (kind: 'mcq' | 'fitb') => (kind === 'mcq' ? 'mcqAnswers' : 'fitbqAnswers');
const answersFetchMap = { mcqAnswers: 'TAKE', fitbqAnswers: 'TAKE' } as const;

type Verdict = { view: QuizQuestionView; given: QuizAnswerValue; correct: boolean };
type QuestionState = 'right' | 'wrong' | undefined;

/** The status of a failed call (403 not an owner, 404 no such assessment), if it has one. */
function statusOf(error: unknown): number | string | undefined {
  return error && typeof error === 'object' && 'status' in error
    ? (error.status as number | string)
    : undefined;
}

/** A question as the card shows it: judged (answer and explanation) once the learner answered it right. */
function viewOf(question: CourseAssessmentQuestion): QuizQuestionView {
  const open: QuizQuestionView = {
    id: question.id,
    order: question.number,
    topic: question.topic,
    kind: question.kind,
    prompt: question.prompt,
    ...(question.choices ? { choices: question.choices } : {}),
  };
  if (question.answeredRightAt === null) return open;
  return {
    ...open,
    ...(question.answer !== undefined ? { answer: question.answer } : {}),
    ...(question.answers ? { answers: question.answers } : {}),
    explanation: question.explanation,
    isCorrect: true,
  };
}

/**
 * One question of a course's assessment (spec 2: /blockchain/:courseName/assessment/:questionNumber):
 * the learner answers, the server judges (submissions/mcq|fitb/create) and only then sends the right
 * answer and the explanation. A question answered right stays right (assessments/get sends its answer
 * from then on); numbered links show each question's state, and the question open is kept in the user
 * data (currentAssessmentQuestion) with the answers given (mcqAnswers, fitbqAnswers).
 */
export function CourseAssessmentPage({
  product,
  course,
  questionNumber,
  coursePath,
  indexPath,
}: CourseAssessmentPageProps) {
  const owner = products[product];
  const courseTitle = findSection(owner, course)?.title ?? course;
  const assessment = useGetCourseAssessmentQuery({ params: { product }, request: { sectionName: course } });
  const saved = useGetUserDataQuery({
    params: { product },
    request: { fetchMap: answersFetchMap, fetchKey: 'TAKE' },
  });
  const [saveUserData] = useSetUserDataMutation();
  const choice = useSubmitChoice(product);
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>({});
  const [error, setError] = useState<string | null>(null);

  const items = assessment.data?.items;
  const question = items?.find((candidate) => candidate.number === questionNumber);

  // The question open is the learner's place in the course's assessment.
  const openedNumber = question?.number;
  useEffect(() => {
    if (openedNumber === undefined) return;
    void saveUserData({
      params: { product },
      request: {
        data: { currentAssessmentQuestion: { section: course, questionNumber: openedNumber } },
        deepMerge: true,
      },
    });
  }, [openedNumber, product, course, saveUserData]);

  const crumbs = [
    { label: owner.name, to: owner.productPath },
    ...(owner.indexPath ? [{ label: 'Index', to: owner.indexPath }] : []),
    { label: courseTitle, to: coursePath },
  ];

  if (assessment.isLoading) return <Loader label="Loading the course assessment" size="large" />;
  if (assessment.error) {
    const status = statusOf(assessment.error);
    if (status === 404) return <NotFound backTo={indexPath} variant="assessment" />;
    return (
      <div className="quiz-page">
        <PageHeader title={`${courseTitle}: assessment`} crumbs={crumbs} />
        {status === 403 ? (
          <section className="quiz-panel quiz-locked" aria-label="Locked assessment">
            <p>
              The course assessments are part of {owner.name}. Get {owner.name} to take them, see the
              explanation of every answer and count them towards your certificate.
            </p>
            <LinkButton to="/purchase">Get {owner.name}</LinkButton>
          </section>
        ) : (
          <section className="quiz-panel" role="alert">
            <p>The assessment could not be loaded: {getApiErrorMessage(assessment.error)}</p>
            <Button variant="secondary" onClick={() => void assessment.refetch()}>
              Try again
            </Button>
          </section>
        )}
      </div>
    );
  }
  if (!items || !question) return <NotFound backTo={indexPath} variant="assessment" />;

  const savedAnswers = (saved.data ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const savedAnswerOf = (candidate: CourseAssessmentQuestion) =>
    savedAnswers[answerKey(candidate.kind)]?.[candidate.id];
  const stateOf = (candidate: CourseAssessmentQuestion): QuestionState => {
    const verdict = verdicts[candidate.id];
    if (verdict) return verdict.correct ? 'right' : 'wrong';
    if (candidate.answeredRightAt !== null) return 'right';
    // Answered, never right: the last answer kept was wrong.
    return savedAnswerOf(candidate) !== undefined ? 'wrong' : undefined;
  };
  const verdict = verdicts[question.id];
  const view = verdict?.view ?? viewOf(question);
  const savedAnswer = savedAnswerOf(question);
  const rightAnswer: QuizAnswerValue | undefined =
    question.answeredRightAt === null
      ? undefined
      : question.kind === 'mcq'
        ? question.answer
        : question.answers?.[0];
  const given =
    verdict?.given ??
    (question.answeredRightAt !== null && question.kind === 'mcq'
      ? rightAnswer
      : question.kind === 'mcq' && typeof savedAnswer === 'number'
        ? savedAnswer
        : question.kind === 'fitb' && typeof savedAnswer === 'string'
          ? savedAnswer
          : rightAnswer);
  const rightCount = items.filter((candidate) => stateOf(candidate) === 'right').length;
  const previous = items.find((candidate) => candidate.number === questionNumber - 1);
  const next = items.find((candidate) => candidate.number === questionNumber + 1);
  const questionPath = (number: number) => `${coursePath}/assessment/${number}`;

  async function answer(value: QuizAnswerValue) {
    if (!question) return;
    setError(null);
    try {
      const reply = await choice.submit(question, value);
      setVerdicts((before) => ({
        ...before,
        [question.id]: { view: { ...view, ...reply.question }, given: value, correct: reply.correct },
      }));
      void saveUserData({
        params: { product },
        request: { data: { [answerKey(question.kind)]: { [question.id]: value } }, deepMerge: true },
      });
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  return (
    <div className="quiz-page">
      <PageHeader
        title={`Assessment question ${questionNumber}`}
        eyebrow={`${courseTitle}: course assessment`}
        lead={`Question ${questionNumber} of ${items.length}, across the whole course.`}
        crumbs={crumbs}
      />
      <p className="assessment-progress" aria-live="polite">
        {rightCount} of {items.length} answered right
      </p>
      <nav className="practice-numbers" aria-label="Questions of this assessment">
        <ol>
          {items.map((candidate) => {
            const state = stateOf(candidate);
            return (
              <li key={candidate.id}>
                <Link
                  to={questionPath(candidate.number)}
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
      <section className="quiz-panel" aria-label={`Assessment question ${questionNumber}`}>
        <QuestionCard
          key={`${question.id}-${verdict ? 'judged' : question.answeredRightAt ? 'right' : 'open'}`}
          question={view}
          given={given}
          busy={choice.busy}
          onAnswer={(value) => void answer(value)}
        />
        {error ? (
          <p className="quiz-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="quiz-actions">
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
            <LinkButton variant="secondary" to={questionPath(previous.number)}>
              ← Question {previous.number}
            </LinkButton>
          ) : null}
          {next ? (
            <LinkButton to={questionPath(next.number)}>Question {next.number} →</LinkButton>
          ) : (
            <LinkButton to={coursePath}>Back to {courseTitle}</LinkButton>
          )}
        </div>
      </section>
    </div>
  );
}
