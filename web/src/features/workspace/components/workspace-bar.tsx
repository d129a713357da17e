import { Link, useNavigate } from 'react-router-dom';
import { type OpenPanes, type WorkspaceOptions, type WorkspacePane, canClosePane } from '@app/contracts';
import { Button } from '@/shared/ui/button';
import { paneLabels } from '../utils/workspace-config';
import { WorkspaceSettings } from './workspace-settings';

/** The latest submission's state, as `submissionIndicators` gives it. */
type SubmissionIndicator = { theme: string; label: string };

type WorkspaceBarProps = {
  questionName: string;
  indicator: SubmissionIndicator;
  openPanes: OpenPanes;
  onTogglePane: (pane: WorkspacePane) => void;
  options: WorkspaceOptions;
  onOptionsChange: (change: Partial<WorkspaceOptions>) => void;
  fresh: boolean;
  onFreshToggle: () => void;
  nextQuestionId: string | undefined;
};

/** The workspace's top bar: breadcrumb, latest submission, pane toggles, settings and the next question. */
export function WorkspaceBar({
  questionName,
  indicator,
  openPanes,
  onTogglePane,
  options,
  onOptionsChange,
  fresh,
  onFreshToggle,
  nextQuestionId,
}: WorkspaceBarProps) {
  const navigate = useNavigate();

  function handleNextQuestion() {
    navigate(`/questions/${nextQuestionId}`);
  }

  return (
    <header className="workspace__bar">
      <nav aria-label="Breadcrumb" className="workspace__crumbs">
        <Link to="/questions">Questions</Link>
        <span aria-hidden="true"> / </span>
        <h1 className="workspace__title">{questionName}</h1>
      </nav>
      <span
        className={`submission-indicator submission-indicator--${indicator.theme}`}
        data-testid="submission-indicator"
        title={indicator.label}
      >
        {indicator.label}
      </span>
      <PaneToggles openPanes={openPanes} onToggle={onTogglePane} />
      <WorkspaceSettings
        options={options}
        onChange={onOptionsChange}
        fresh={fresh}
        onFreshToggle={onFreshToggle}
      />
      {nextQuestionId !== undefined ? (
        <Button variant="secondary" onClick={handleNextQuestion}>
          Next Question
        </Button>
      ) : null}
    </header>
  );
}

type PaneTogglesProps = { openPanes: OpenPanes; onToggle: (pane: WorkspacePane) => void };

/** One button per pane; the only open pane cannot be closed. */
function PaneToggles({ openPanes, onToggle }: PaneTogglesProps) {
  return (
    <div className="workspace__panes" role="group" aria-label="Panes">
      {(Object.keys(paneLabels) as WorkspacePane[]).map((pane) => {
        const isLocked = openPanes[pane] && !canClosePane(openPanes, pane);
        return (
          <button
            key={pane}
            type="button"
            className="pane-toggle"
            aria-pressed={openPanes[pane]}
            disabled={isLocked}
            title={isLocked ? 'The only open pane stays open' : undefined}
            onClick={() => onToggle(pane)}
          >
            {paneLabels[pane]}
          </button>
        );
      })}
    </div>
  );
}
