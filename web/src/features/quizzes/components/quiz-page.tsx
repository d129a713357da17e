import { useEffect, useRef, useState } from 'react';
import type { ProblemProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { findSection, products } from '@/shared/catalog/products';
import { Button, LinkButton } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { InlineMarkdown } from '@/shared/ui/markdown';
import { PageHeader } from '@/shared/ui/page';
import {
  type QuizAnswerValue,
  type QuizView,
  givenAnswerText,
  isJudged,
  rightAnswerText,
  useAnswerQuizMutation,
  useFinishQuizMutation,
  useGetQuizUnlocksQuery,
  useListQuizzesQuery,
  useStartQuizMutation,
} from '../quizzes-api';
import { PracticePanel } from './practice-panel';
import { QuestionCard } from './question-card';
import './quiz.css';

type QuizPageProps = { product: ProblemProductId };

/**
 * A product's quiz (spec 3 and 7) for a signed-in learner: start it (or resume it where they stopped),
 * one question at a time, each answer judged on the server and shown with its explanation, then the
 * score with a review of every question, against the score the certificate needs; retake at will.
 * A learner who does not own the product is told how to get it; visitors get the sign-in prompt in the
 * page's place (the route's signInReason).
 */
export function QuizPage({ product }: QuizPageProps) {
  const owner = products[product];
  const section = findSection(owner, 'quiz');
  const title = section?.title ?? `${owner.name} quiz`;
  const crumbs = [
    { label: owner.name, to: owner.productPath },
    ...(owner.indexPath ? [{ label: 'Index', to: owner.indexPath }] : []),
  ];
  const list = useListQuizzesQuery({ params: { product } });
  const unlocks = useGetQuizUnlocksQuery({ params: { product } });
  const [latest, setLatest] = useState<QuizView | null>(null);

  const header = (
    <PageHeader title={title} eyebrow={owner.name} lead={section?.description ?? ''} crumbs={crumbs} />
  );
  if (list.isLoading) return <Loader label="Loading the quiz" size="large" />;
  if (list.error) {
    const notOwned = 'status' in list.error && (list.error.status === 403 || list.error.status === 401);
    return (
      <div className="quiz-page">
        {header}
        {notOwned ? (
          <section className="quiz-panel quiz-locked" aria-label="Locked quiz">
            <p>
              This quiz is part of {owner.name}. Get {owner.name} to take it, see the explanation of every
              answer and work towards the certificate.
            </p>
            <LinkButton to="/purchase">Get {owner.name}</LinkButton>
          </section>
        ) : (
          <section className="quiz-panel" role="alert">
            <p>The quiz could not be loaded: {getApiErrorMessage(list.error)}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </section>
        )}
      </div>
    );
  }
  const listed = (list.data?.[0] as QuizView | undefined) ?? null;
  if (!listed || listed.questions.length === 0) {
    return (
      <div className="quiz-page">
        {header}
        <section className="quiz-panel">
          <p>No quiz questions are published for {owner.name} yet. Come back soon.</p>
        </section>
      </div>
    );
  }
  const quiz = latest?.id === listed.id ? latest : listed;
  const required = unlocks.data?.quizScoreRequired ?? null;
  const best = unlocks.data?.quizScore ?? null;

  return (
    <div className="quiz-page">
      {header}
      <ScoreStanding best={best} required={required} />
      <QuizRunner key={quiz.id} product={product} quiz={quiz} required={required} onQuiz={setLatest} />
    </div>
  );
}

function ScoreStanding({ best, required }: { best: number | null; required: number | null }) {
  if (required === null) return null;
  const reached = best !== null && best >= required;
  return (
    <p className="quiz-standing" data-testid="quiz-standing">
      Your best score: <strong>{best ?? 0}%</strong> · the certificate needs {required}%
      {reached ? ' · reached ✓' : ''}
    </p>
  );
}

type RunnerProps = {
  product: ProblemProductId;
  quiz: QuizView;
  required: number | null;
  onQuiz: (quiz: QuizView) => void;
};

type Stage = 'intro' | 'question' | 'practice';

function QuizRunner({ product, quiz, required, onQuiz }: RunnerProps) {
  const [start, started] = useStartQuizMutation();
  const [answer, answering] = useAnswerQuizMutation();
  const [finish, finishing] = useFinishQuizMutation();
  const [stage, setStage] = useState<Stage>('intro');
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const finished = quiz.finishedAt != null;
  const questions = quiz.questions;
  const answeredCount = questions.filter((question) => quiz.userAnswers[question.id] !== undefined).length;
  const firstOpen = questions.findIndex((question) => quiz.userAnswers[question.id] === undefined);

  async function run(action: () => Promise<{ quiz: unknown }>) {
    setError(null);
    try {
      const reply = await action();
      onQuiz(reply.quiz as QuizView);
      return reply.quiz as QuizView;
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
      return null;
    }
  }

  const begin = async () => {
    const fresh = await run(() => start({ params: { product }, request: { id: quiz.id } }).unwrap());
    if (fresh) {
      setIndex(0);
      setStage('question');
    }
  };
  const resume = () => {
    setIndex(firstOpen >= 0 ? firstOpen : questions.length - 1);
    setStage('question');
  };
  const submit = (questionId: string, given: QuizAnswerValue) =>
    run(() =>
      answer({
        params: { product },
        request: { id: quiz.id, answers: { ...quiz.userAnswers, [questionId]: given } },
      }).unwrap(),
    );
  const complete = () =>
    run(() => finish({ params: { product }, request: { id: quiz.id, answers: quiz.userAnswers } }).unwrap());

  const errorNote = error ? (
    <p className="quiz-error" role="alert">
      {error}
    </p>
  ) : null;

  if (finished) {
    return (
      <>
        {errorNote}
        <QuizResults quiz={quiz} required={required} onRetake={begin} retaking={started.isLoading} />
      </>
    );
  }
  if (stage === 'practice') {
    return (
      <PracticePanel
        product={product}
        questions={questions.filter((question) => !isJudged(question))}
        onDone={() => setStage('intro')}
      />
    );
  }
  if (stage === 'intro') {
    const inProgress = answeredCount > 0;
    return (
      <section className="quiz-panel quiz-intro" aria-label="About this quiz">
        <p>
          {questions.length} questions, multiple choice and fill in the blank. Each answer is checked as you
          give it, with an explanation; once given it stays until you retake the quiz.
          {required !== null ? ` The certificate needs a score of ${required}%.` : ''}
        </p>
        {inProgress ? (
          <p>
            You have answered {answeredCount} of {questions.length} questions.
          </p>
        ) : null}
        {errorNote}
        <div className="quiz-actions">
          {inProgress ? (
            <>
              <Button onClick={resume}>Resume quiz</Button>
              <Button variant="secondary" onClick={() => void begin()} isLoading={started.isLoading}>
                Start over
              </Button>
            </>
          ) : (
            <Button onClick={() => void begin()} isLoading={started.isLoading}>
              Start quiz
            </Button>
          )}
          {questions.some((question) => !isJudged(question)) ? (
            <Button variant="secondary" onClick={() => setStage('practice')}>
              Practise a question
            </Button>
          ) : null}
        </div>
        <p className="quiz-standing">
          Practice asks one question at a time, picked at random, and checks it the same way; it never changes
          your quiz answers or your score.
        </p>
      </section>
    );
  }

  const question = questions[index];
  const isLast = index === questions.length - 1;
  return (
    <section className="quiz-panel" aria-label="Quiz question">
      <QuizProgress answered={answeredCount} total={questions.length} position={index + 1} />
      <QuestionCard
        key={question.id}
        question={question}
        given={quiz.userAnswers[question.id]}
        busy={answering.isLoading}
        onAnswer={(given) => void submit(question.id, given)}
      />
      {errorNote}
      {answeredCount < questions.length ? (
        <p id="quiz-finish-note" className="quiz-standing">
          Finishing now counts the {questions.length - answeredCount} unanswered questions as wrong.
        </p>
      ) : null}
      <div className="quiz-actions">
        {index > 0 ? (
          <Button variant="secondary" onClick={() => setIndex(index - 1)}>
            Previous question
          </Button>
        ) : null}
        {!isLast ? (
          <Button variant={isJudged(question) ? 'primary' : 'secondary'} onClick={() => setIndex(index + 1)}>
            {isJudged(question) ? 'Next question' : 'Skip for now'}
          </Button>
        ) : null}
        <Button
          variant={answeredCount === questions.length ? 'primary' : 'secondary'}
          onClick={() => void complete()}
          isLoading={finishing.isLoading}
          aria-describedby={answeredCount < questions.length ? 'quiz-finish-note' : undefined}
        >
          Finish quiz
        </Button>
      </div>
    </section>
  );
}

function QuizProgress({ answered, total, position }: { answered: number; total: number; position: number }) {
  return (
    <div className="quiz-progress">
      <p className="quiz-progress__label">
        Question {position} of {total} · {answered} answered
      </p>
      <div
        className="quiz-progress__bar"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} questions answered`}
      >
        <span className="quiz-progress__fill" style={{ width: `${(100 * answered) / total}%` }} />
      </div>
    </div>
  );
}

type ResultsProps = {
  quiz: QuizView;
  required: number | null;
  onRetake: () => void;
  retaking: boolean;
};

/** The finished quiz: the score against what the certificate needs, and every question reviewed. */
function QuizResults({ quiz, required, onRetake, retaking }: ResultsProps) {
  const score = quiz.score ?? 0;
  const correct = quiz.correctCount ?? quiz.questions.filter((question) => question.isCorrect).length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="quiz-panel quiz-results" aria-labelledby="quiz-results-heading">
      <h2 id="quiz-results-heading" ref={headingRef} tabIndex={-1}>
        Your score: {score}%
      </h2>
      <p data-testid="quiz-result-summary">
        {correct} of {quiz.questions.length} correct.{' '}
        {required === null
          ? null
          : score >= required
            ? `That meets the ${required}% the certificate needs.`
            : `The certificate needs ${required}%: retake the quiz when you are ready.`}
      </p>
      <div className="quiz-actions">
        <Button onClick={onRetake} isLoading={retaking}>
          Retake quiz
        </Button>
      </div>
      <h3>Review</h3>
      <ol className="quiz-review">
        {quiz.questions.map((question) => (
          <li key={question.id} data-correct={question.isCorrect ? 'true' : 'false'}>
            <p className="quiz-review__prompt">
              <InlineMarkdown text={question.prompt} />
            </p>
            <p>
              <span className="quiz-review__verdict">{question.isCorrect ? '✓ Correct' : '✗ Incorrect'}</span>{' '}
              · Your answer:{' '}
              <InlineMarkdown text={givenAnswerText(question, quiz.userAnswers[question.id])} />
            </p>
            {!question.isCorrect ? (
              <p>
                Right answer: <InlineMarkdown text={rightAnswerText(question)} />
              </p>
            ) : null}
            <p className="quiz-review__explanation">
              <InlineMarkdown text={question.explanation ?? ''} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
