import { useEffect, useRef, useState } from 'react';
import type { ProblemProductId } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { type QuizAnswerValue, type QuizQuestionView, useSubmitChoice } from '../quizzes-api';
import { QuestionCard } from './question-card';

type PracticePanelProps = {
  product: ProblemProductId;
  /** The questions not yet judged in the learner's quiz: practice would show nothing new of the others. */
  questions: readonly QuizQuestionView[];
  onDone: () => void;
};

/** A question of the list other than the last one shown, at random. */
function pick(questions: readonly QuizQuestionView[], last: string | null): QuizQuestionView | undefined {
  const others = questions.length > 1 ? questions.filter((question) => question.id !== last) : questions;
  return others[Math.floor(Math.random() * others.length)];
}

/**
 * Practice (submissions/mcq/create, submissions/fitb/create): one quiz question at a time, at random,
 * judged on the server, which only then sends the right answer and the explanation. A tally of this
 * session's answers; the quiz itself (its answers and score) is left as it is.
 */
export function PracticePanel({ product, questions, onDone }: PracticePanelProps) {
  const choice = useSubmitChoice(product);
  const [current, setCurrent] = useState(() => pick(questions, null));
  const [given, setGiven] = useState<QuizAnswerValue | undefined>(undefined);
  const [tally, setTally] = useState({ right: 0, answered: 0 });
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  if (!current) return null;

  async function answer(question: QuizQuestionView, value: QuizAnswerValue) {
    setError(null);
    try {
      const reply = await choice.submit(question, value);
      setGiven(value);
      setCurrent({ ...question, ...reply.question });
      setTally((before) => ({
        right: before.right + (reply.correct ? 1 : 0),
        answered: before.answered + 1,
      }));
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  const next = () => {
    setGiven(undefined);
    setError(null);
    setCurrent(pick(questions, current.id));
  };

  return (
    <section className="quiz-panel" aria-labelledby="practice-heading">
      <h2 id="practice-heading" ref={headingRef} tabIndex={-1} className="quiz-practice__title">
        Practice
      </h2>
      <p className="quiz-progress__label" data-testid="practice-tally" aria-live="polite">
        {tally.answered === 0
          ? 'Answer a question; its right answer and explanation follow.'
          : `${tally.right} of ${tally.answered} right this session`}
      </p>
      <QuestionCard
        key={`${current.id}-${tally.answered}`}
        question={current}
        given={given}
        busy={choice.busy}
        onAnswer={(value) => void answer(current, value)}
      />
      {error ? (
        <p className="quiz-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="quiz-actions">
        {given !== undefined && questions.length > 1 ? (
          <Button onClick={next}>Another question</Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          Back to the quiz
        </Button>
      </div>
    </section>
  );
}
