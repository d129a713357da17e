import { Link, useNavigate } from 'react-router-dom';
import { type OpenPanes, type WorkspaceOptions, type WorkspacePane, canClosePane } from '@app/contracts';
import { Button } from '@/shared/ui/button';
import { useQuestionStatus } from '../hooks/use-question-status';
import { paneLabels } from '../utils/workspace-config';
import type { TimedMode, WorkspaceQuestion } from '../workspace-question';
import { useWorkspaceProduct } from '../workspace-product';
import { WorkspaceSettings } from './workspace-settings';

type WorkspaceBarProps = {
  question: WorkspaceQuestion;
  signedIn: boolean;
  openPanes: OpenPanes;
  onTogglePane: (pane: WorkspacePane) => void;
  options: WorkspaceOptions;
  onOptionsChange: (change: Partial<WorkspaceOptions>) => void;
  fresh: boolean;
  onFreshToggle: () => void;
  /** A timed assessment: no walkthrough, video or solutions, and its own bar slot. */
  timed?: TimedMode;
};

/** The panes a timed assessment offers: the question and the learner's own notes. */
const timedPanes: readonly WorkspacePane[] = ['prompt', 'scratchpad'];

/**
 * The workspace's top bar: breadcrumb, the latest submission's indicator, one toggle per pane (the only
 * open pane cannot be closed), the settings and the next available question.
 */
export function WorkspaceBar({
  question,
  signedIn,
  openPanes,
  onTogglePane,
  options,
  onOptionsChange,
  fresh,
  onFreshToggle,
  timed,
}: WorkspaceBarProps) {
  const navigate = useNavigate();
  const { listPath, questionPath } = useWorkspaceProduct();
  const { indicator, nextQuestionId } = useQuestionStatus(question, signedIn);

  function handleNextQuestion() {
    if (nextQuestionId !== undefined) navigate(questionPath(nextQuestionId));
  }

  return (
    <header className="workspace__bar">
      <nav aria-label="Breadcrumb" className="workspace__crumbs">
        <Link to={timed?.backTo ?? listPath}>{timed?.backLabel ?? 'Questions'}</Link>
        <span aria-hidden="true"> / </span>
        <h1 className="workspace__title" title={question.name}>
          {question.name}
        </h1>
      </nav>
      <span
        className={`submission-indicator submission-indicator--${indicator.theme}`}
        data-testid="submission-indicator"
        title={indicator.label}
      >
        {indicator.label}
      </span>
      <div className="workspace__panes" role="group" aria-label="Panes">
        {(Object.keys(paneLabels) as WorkspacePane[])
          .filter((pane) => !timed || timedPanes.includes(pane))
          .map((pane) => {
            const isLocked = openPanes[pane] && !canClosePane(openPanes, pane);
            return (
              <button
                key={pane}
                type="button"
                className="pane-toggle"
                aria-pressed={openPanes[pane]}
                disabled={isLocked}
                title={isLocked ? 'The only open pane stays open' : undefined}
                onClick={() => onTogglePane(pane)}
              >
                {paneLabels[pane]}
              </button>
            );
          })}
      </div>
      <WorkspaceSettings
        options={options}
        onChange={onOptionsChange}
        fresh={fresh}
        onFreshToggle={onFreshToggle}
      />
      {timed ? (
        timed.barSlot
      ) : nextQuestionId !== undefined ? (
        <Button variant="secondary" onClick={handleNextQuestion}>
          Next Question
        </Button>
      ) : null}
    </header>
  );
}
