import type { ReactNode } from 'react';
import type { WorkspacePane } from '@app/contracts';
import type { PaneHalf, PaneStack } from '../hooks/use-panes';
import { paneLabels } from '../utils/workspace-config';

type QuestionPanesProps = {
  halves: PaneHalf[];
  /** On a phone: every open pane in one row of tabs, one pane on screen at a time. */
  stack: PaneStack | null;
  onSelectTab: (pane: WorkspacePane) => void;
  /** The content of the pane a half shows; hidden panes render nothing. */
  renderPane: (pane: WorkspacePane) => ReactNode;
};

type PaneGroupProps = {
  name: string;
  label: string;
  panes: WorkspacePane[];
  shown: WorkspacePane | undefined;
  size: number;
  onSelectTab: (pane: WorkspacePane) => void;
  renderPane: (pane: WorkspacePane) => ReactNode;
};

/** A tab list over some panes, showing one of them. */
function PaneGroup({ name, label, panes, shown, size, onSelectTab, renderPane }: PaneGroupProps) {
  return (
    <div className={`info-half info-half--${name}`} style={{ flexGrow: size }}>
      <div className="info-half__tabs" role="tablist" aria-label={label}>
        {panes.map((pane) => (
          <button
            key={pane}
            type="button"
            role="tab"
            id={`tab-${pane}`}
            aria-controls={`pane-${pane}`}
            aria-selected={shown === pane}
            className="info-half__tab"
            onClick={() => onSelectTab(pane)}
          >
            {paneLabels[pane]}
          </button>
        ))}
      </div>
      {panes.map((pane) => (
        <div
          key={pane}
          role="tabpanel"
          id={`pane-${pane}`}
          aria-labelledby={`tab-${pane}`}
          hidden={shown !== pane}
          className="info-pane"
        >
          {shown === pane ? renderPane(pane) : null}
        </div>
      ))}
    </div>
  );
}

/**
 * The info column: each half with open panes is a tab list over its panes. On a phone (`stack`) the halves
 * are one tab list instead, so the prompt has the screen and the scratchpad is a tab away.
 */
export function QuestionPanes({ halves, stack, onSelectTab, renderPane }: QuestionPanesProps) {
  return (
    <section id="workspace-question" className="workspace__info" aria-label="Question panes">
      {stack ? (
        <PaneGroup
          name="stack"
          label="Panes"
          panes={stack.panes}
          shown={stack.shown}
          size={1}
          onSelectTab={onSelectTab}
          renderPane={renderPane}
        />
      ) : (
        halves.map((half) =>
          half.panes.length === 0 ? null : (
            <PaneGroup
              key={half.name}
              name={half.name}
              label={`${half.name === 'top' ? 'Upper' : 'Lower'} panes`}
              panes={half.panes}
              shown={half.shown}
              size={half.size}
              onSelectTab={onSelectTab}
              renderPane={renderPane}
            />
          ),
        )
      )}
    </section>
  );
}
