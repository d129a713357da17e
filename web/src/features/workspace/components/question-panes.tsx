import type { ReactNode } from 'react';
import type { WorkspacePane } from '@app/contracts';
import type { PaneHalf } from '../hooks/use-panes';
import { paneLabels } from '../utils/workspace-config';

type QuestionPanesProps = {
  halves: PaneHalf[];
  onSelectTab: (pane: WorkspacePane) => void;
  /** The content of the pane a half shows; hidden panes render nothing. */
  renderPane: (pane: WorkspacePane) => ReactNode;
};

/** The info column: each half with open panes is a tab list over its panes. */
export function QuestionPanes({ halves, onSelectTab, renderPane }: QuestionPanesProps) {
  return (
    <section id="workspace-question" className="workspace__info" aria-label="Question panes">
      {halves.map((half) =>
        half.panes.length === 0 ? null : (
          <div
            key={half.name}
            className={`info-half info-half--${half.name}`}
            style={{ flexGrow: half.size }}
          >
            <div
              className="info-half__tabs"
              role="tablist"
              aria-label={`${half.name === 'top' ? 'Upper' : 'Lower'} panes`}
            >
              {half.panes.map((pane) => (
                <button
                  key={pane}
                  type="button"
                  role="tab"
                  id={`tab-${pane}`}
                  aria-controls={`pane-${pane}`}
                  aria-selected={half.shown === pane}
                  className="info-half__tab"
                  onClick={() => onSelectTab(pane)}
                >
                  {paneLabels[pane]}
                </button>
              ))}
            </div>
            {half.panes.map((pane) => (
              <div
                key={pane}
                role="tabpanel"
                id={`pane-${pane}`}
                aria-labelledby={`tab-${pane}`}
                hidden={half.shown !== pane}
                className="info-pane"
              >
                {half.shown === pane ? renderPane(pane) : null}
              </div>
            ))}
          </div>
        ),
      )}
    </section>
  );
}
