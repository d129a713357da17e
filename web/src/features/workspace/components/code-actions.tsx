import { Button } from '@/shared/ui/button';
import type { RunAction, RunOutcome } from './run-results';

type CodeActionsProps = {
  outcome: RunOutcome;
  /** Whiteboard mode only submits. */
  canRun: boolean;
  /** The language is still warming up on the server: it runs, but the first runs may be slow. */
  warmingUp: boolean;
  onAction: (action: RunAction) => void;
};

/**
 * Run Code and Submit Code under the editor, both disabled while an action runs; while the language warms
 * up on the server, Run Code says so.
 */
export function CodeActions({ outcome, canRun, warmingUp, onAction }: CodeActionsProps) {
  const running = outcome.kind === 'running';
  return (
    <div className="code-actions" data-warming-up={warmingUp || undefined}>
      {canRun ? (
        <Button
          variant="secondary"
          isLoading={running && outcome.action === 'run'}
          disabled={running}
          onClick={() => onAction('run')}
          title={
            warmingUp
              ? "Warming up on the server: the first runs may be slower than usual (Ctrl or ⌘ + ')"
              : "Ctrl or ⌘ + '"
          }
        >
          Run Code
          {warmingUp ? <span className="code-actions__warming"> (warming up)</span> : null}
        </Button>
      ) : null}
      <Button
        isLoading={running && outcome.action === 'submit'}
        disabled={running}
        onClick={() => onAction('submit')}
        title="Shift + Ctrl or ⌘ + '"
      >
        Submit Code
      </Button>
    </div>
  );
}
