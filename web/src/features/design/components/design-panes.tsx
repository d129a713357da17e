import { useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Markdown } from '@/shared/ui/markdown';

/** The hints, one at a time: each press shows the next. */
export function HintsSection({ hints }: { hints: readonly { title: string; content: string }[] }) {
  const [shown, setShown] = useState(0);
  return (
    <section className="design-pane__section" aria-label="Hints">
      <h3>Hints</h3>
      {hints.length === 0 ? <p>This question has no hints.</p> : null}
      {shown > 0 ? (
        <ol className="design-hints">
          {hints.slice(0, shown).map((hint) => (
            <li key={hint.title} className="design-hint">
              <h4>{hint.title}</h4>
              <Markdown text={hint.content} />
            </li>
          ))}
        </ol>
      ) : null}
      {shown < hints.length ? (
        <Button variant="secondary" onClick={() => setShown((n) => n + 1)}>
          Show {hints[shown].title}
        </Button>
      ) : null}
    </section>
  );
}

type ScratchpadPaneProps = { text: string; onChange: (text: string) => void; canSave: boolean };

/** Plain text beside the drawing: requirements, estimates, the API, open questions. */
export function ScratchpadPane({ text, onChange, canSave }: ScratchpadPaneProps) {
  return (
    <div className="design-pane__body design-scratchpad">
      <label htmlFor="design-scratchpad">Scratchpad</label>
      <textarea
        id="design-scratchpad"
        className="design-scratchpad__input"
        value={text}
        maxLength={20_000}
        placeholder={
          canSave
            ? 'Requirements, estimates, the API, what to ask the interviewer. Saved as you type.'
            : 'Requirements, estimates, the API. Log in to keep them.'
        }
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The written walkthrough with its diagrams, behind a confirmation so nobody reads it by accident. */
export function WalkthroughPane({ walkthrough }: { walkthrough: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="design-pane__body">
      {shown ? (
        <Markdown text={walkthrough} className="design-walkthrough" />
      ) : (
        <>
          <p>
            The walkthrough designs the system step by step, from requirements to trade-offs, with its
            diagrams. Try the question on the whiteboard first.
          </p>
          <Button variant="secondary" onClick={() => setShown(true)}>
            Show Walkthrough
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The video pane, honestly: no video is recorded for the design questions yet, so it says so and leads
 * to the written walkthrough, which covers the same ground with diagrams.
 */
export function VideoPane({ onOpenWalkthrough }: { onOpenWalkthrough: () => void }) {
  return (
    <div className="design-pane__body">
      <h3>No video for this question yet</h3>
      <p>
        The design questions have no recorded video explanation yet. The written walkthrough covers the whole
        design, with its diagrams.
      </p>
      <Button variant="secondary" onClick={onOpenWalkthrough}>
        Open the walkthrough
      </Button>
    </div>
  );
}
