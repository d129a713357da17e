import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { InlineMarkdown } from '@/shared/ui/markdown';
import { type QuizAnswerValue, type QuizQuestionView, isJudged, rightAnswerText } from '../quizzes-api';

type QuestionCardProps = {
  question: QuizQuestionView;
  given: QuizAnswerValue | undefined;
  busy: boolean;
  onAnswer: (given: QuizAnswerValue) => void;
  /** The answer was revealed without being answered (a lesson practice question): no verdict is given. */
  revealed?: boolean;
};

/** One question: choose or type, "Check answer", then the server's verdict and explanation. */
export function QuestionCard({ question, given, busy, onAnswer, revealed = false }: QuestionCardProps) {
  const judged = isJudged(question);
  const [choice, setChoice] = useState<number | null>(typeof given === 'number' ? given : null);
  const [text, setText] = useState(typeof given === 'string' ? given : '');
  const verdictRef = useRef<HTMLDivElement>(null);
  const promptId = `quiz-prompt-${question.id}`;

  // The verdict takes the focus when it arrives, so a keyboard or screen-reader user hears it.
  useEffect(() => {
    if (judged) verdictRef.current?.focus();
  }, [judged]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (judged) return;
    if (question.kind === 'mcq' && choice !== null) onAnswer(choice);
    if (question.kind === 'fitb' && text.trim() !== '') onAnswer(text.trim());
  };
  const ready = question.kind === 'mcq' ? choice !== null : text.trim() !== '';

  return (
    <form className="quiz-question" onSubmit={onSubmit} aria-labelledby={promptId}>
      <p className="quiz-question__topic">
        {question.topic} · {question.kind === 'mcq' ? 'Multiple choice' : 'Fill in the blank'}
      </p>
      {question.kind === 'mcq' ? (
        <fieldset className="quiz-choices" disabled={judged || busy}>
          <legend id={promptId} className="quiz-question__prompt">
            <InlineMarkdown text={question.prompt} />
          </legend>
          {(question.choices ?? []).map((label, choiceIndex) => {
            const state = !judged
              ? undefined
              : choiceIndex === question.answer
                ? 'right'
                : choiceIndex === given
                  ? 'wrong'
                  : undefined;
            return (
              <label key={choiceIndex} className="quiz-choice" data-state={state}>
                <input
                  type="radio"
                  name={`quiz-${question.id}`}
                  value={choiceIndex}
                  checked={choice === choiceIndex}
                  onChange={() => setChoice(choiceIndex)}
                />
                {/* The text and its mark flow as one line of text, not as columns of the row. */}
                <span className="quiz-choice__text">
                  <InlineMarkdown text={label} />
                  {state === 'right' ? <span className="quiz-choice__mark"> · right answer</span> : null}
                  {state === 'wrong' ? <span className="quiz-choice__mark"> · your answer</span> : null}
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : (
        <div className="quiz-fitb">
          <label id={promptId} htmlFor={`quiz-input-${question.id}`} className="quiz-question__prompt">
            <InlineMarkdown text={question.prompt} />
          </label>
          <input
            id={`quiz-input-${question.id}`}
            className="quiz-fitb__input"
            type="text"
            autoComplete="off"
            value={text}
            disabled={judged || busy}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      )}
      {judged ? (
        <div
          ref={verdictRef}
          tabIndex={-1}
          className="quiz-verdict"
          data-correct={revealed ? 'revealed' : question.isCorrect ? 'true' : 'false'}
          role="status"
        >
          <p className="quiz-verdict__title">
            {revealed ? (
              <>
                Solution revealed. The answer: <InlineMarkdown text={rightAnswerText(question)} />
              </>
            ) : question.isCorrect ? (
              'Correct.'
            ) : (
              <>
                Not quite. The answer: <InlineMarkdown text={rightAnswerText(question)} />
              </>
            )}
          </p>
          <p className="quiz-verdict__explanation">
            <InlineMarkdown text={question.explanation ?? ''} />
          </p>
        </div>
      ) : (
        <div className="quiz-actions">
          <Button type="submit" disabled={!ready} isLoading={busy}>
            Check answer
          </Button>
        </div>
      )}
    </form>
  );
}
