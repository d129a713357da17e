import { useState } from 'react';
import { difficultyLabels, type Difficulty } from '@app/contracts';
import { Button } from '@/shared/ui/button';
import { Markdown } from '@/shared/ui/markdown';
import type { WorkspaceQuestion } from '../workspace-question';

type PromptPaneProps = {
  question: WorkspaceQuestion;
  note: string;
  onNoteChange: (note: string) => void;
  canSave: boolean;
};

/** The prompt: the question, its hints one at a time, the optimal complexity on request, a personal note. */
export function PromptPane({ question, note, onNoteChange, canSave }: PromptPaneProps) {
  const [hintsShown, setHintsShown] = useState(0);
  const [complexityShown, setComplexityShown] = useState(false);
  const hints = question.hints;
  return (
    <div className="info-pane__body prompt-pane">
      <h2 className="prompt-pane__title">{question.name}</h2>
      <p className="prompt-pane__meta">
        <span className={`difficulty difficulty--${question.difficulty}`}>
          {difficultyLabels[question.difficulty as Difficulty]}
        </span>
        <span>{question.category}</span>
      </p>
      <Markdown text={question.prompt} className="prompt-pane__prompt" />

      <section className="prompt-pane__section" aria-label="Hints">
        <h3>Hints</h3>
        {hints.length === 0 ? <p>This question has no hints.</p> : null}
        <ol className="hints">
          {hints.slice(0, hintsShown).map((hint) => (
            <li key={hint.title} className="hint">
              <h4>{hint.title}</h4>
              <Markdown text={hint.content} />
            </li>
          ))}
        </ol>
        {hintsShown < hints.length ? (
          <Button variant="secondary" onClick={() => setHintsShown((n) => n + 1)}>
            Show {hints[hintsShown].title}
          </Button>
        ) : null}
      </section>

      {question.complexity ? (
        <section className="prompt-pane__section" aria-label="Optimal complexity">
          <h3>Optimal Space &amp; Time Complexity</h3>
          {complexityShown ? (
            <p className="complexity">
              <code>{question.complexity.time}</code> time · <code>{question.complexity.space}</code> space
            </p>
          ) : (
            <Button variant="secondary" onClick={() => setComplexityShown(true)}>
              Show Optimal Complexity
            </Button>
          )}
        </section>
      ) : null}

      <section className="prompt-pane__section">
        <h3>
          <label htmlFor="question-note">My Note</label>
        </h3>
        <textarea
          id="question-note"
          className="note-input"
          value={note}
          placeholder={
            canSave
              ? 'What to remember about this question: the trick, the trap, what to try next time.'
              : 'Log in to keep a note on this question.'
          }
          rows={3}
          maxLength={5000}
          onChange={(event) => onNoteChange(event.target.value)}
        />
      </section>
    </div>
  );
}

type ScratchpadPaneProps = { text: string; onChange: (text: string) => void; canSave: boolean };

/** Free text beside the code: notes while solving, test cases worked by hand, a plan. */
export function ScratchpadPane({ text, onChange, canSave }: ScratchpadPaneProps) {
  return (
    <div className="info-pane__body scratchpad-pane">
      <label htmlFor="scratchpad" className="visually-hidden">
        Scratchpad
      </label>
      <textarea
        id="scratchpad"
        className="scratchpad-input"
        value={text}
        spellCheck={false}
        placeholder={
          canSave
            ? 'Your scratchpad: plan, draw examples, think out loud. Saved as you type.'
            : 'Your scratchpad.'
        }
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

type WalkthroughPaneProps = {
  question: WorkspaceQuestion;
  language: string;
  onCopy: (text: string) => void;
};

/** The written walkthrough and the reference solution, behind a confirmation so nobody sees it by accident. */
export function WalkthroughPane({ question, language, onCopy }: WalkthroughPaneProps) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <div className="info-pane__body walkthrough-pane">
        <p>The walkthrough explains the solution step by step and shows the reference code.</p>
        <Button variant="secondary" onClick={() => setShown(true)}>
          Show Walkthrough
        </Button>
      </div>
    );
  }
  const solution = question.solutions?.[language];
  return (
    <div className="info-pane__body walkthrough-pane">
      {question.walkthrough ? <Markdown text={question.walkthrough} /> : <p>No walkthrough yet.</p>}
      {solution ? (
        <section aria-label="Reference solution">
          <div className="walkthrough-pane__solution-head">
            <h3>Reference solution ({language})</h3>
            <Button variant="link" onClick={() => onCopy(solution)}>
              Copy
            </Button>
          </div>
          <pre className="walkthrough-pane__solution">
            <code>{solution}</code>
          </pre>
        </section>
      ) : null}
    </div>
  );
}
