import { Button } from '@/shared/ui/button';
import type { RunAction, RunOutcome } from './run-results';

type CodeActionsProps = {
  outcome: RunOutcome;
  /** Whiteboard mode only submits. */
  canRun: boolean;
  onAction: (action: RunAction) => void;
};

/** Run Code and Submit Code under the editor, both disabled while an action runs. */
export function CodeActions({ outcome, canRun, onAction }: CodeActionsProps) {
  const running = outcome.kind === 'running';
  return (
    <div className="code-actions">
      {canRun ? (
        <Button
          variant="secondary"
          isLoading={running && outcome.action === 'run'}
          disabled={running}
          onClick={() => onAction('run')}
          title="Ctrl or ⌘ + '"
        >
          Run Code
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
