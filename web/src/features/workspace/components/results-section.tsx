import { Button } from '@/shared/ui/button';
import { type RunAction, type RunOutcome, RunResults } from './run-results';

type ResultsSectionProps = {
  outcome: RunOutcome;
  /** Whiteboard mode has no quick test. */
  canRun: boolean;
  quickInput: string;
  onQuickInputChange: (input: string) => void;
  onAction: (action: RunAction) => void;
};

/** The results column: the last outcome, and the quick test on an input of the learner's own. */
export function ResultsSection({
  outcome,
  canRun,
  quickInput,
  onQuickInputChange,
  onAction,
}: ResultsSectionProps) {
  const running = outcome.kind === 'running';
  return (
    <section id="workspace-results" className="workspace__results" aria-label="Results">
      <h2 className="workspace__results-title">Results</h2>
      <RunResults outcome={outcome} />
      {canRun ? (
        <details className="quick-test">
          <summary>Quick Test</summary>
          <label htmlFor="quick-test-input">Input (JSON, keyed by parameter name)</label>
          <textarea
            id="quick-test-input"
            className="quick-test__input"
            value={quickInput}
            spellCheck={false}
            rows={4}
            onChange={(event) => onQuickInputChange(event.target.value)}
          />
          <Button
            variant="secondary"
            isLoading={running && outcome.action === 'quick'}
            disabled={running}
            onClick={() => onAction('quick')}
          >
            Run Quick Test
          </Button>
        </details>
      ) : null}
    </section>
  );
}
