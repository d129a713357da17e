import { type KeyboardEvent, useRef } from 'react';

/** When the workspace is laid out for a phone: the same query as workspace.css's phone rules. */
export const PHONE_LAYOUT_QUERY = '(width < 768px)';

export type WorkspaceView = 'question' | 'code' | 'results';

const views: readonly { id: WorkspaceView; label: string; controls: string }[] = [
  { id: 'question', label: 'Question', controls: 'workspace-question' },
  { id: 'code', label: 'Code', controls: 'workspace-code' },
  { id: 'results', label: 'Results', controls: 'workspace-results' },
];

type WorkspaceViewTabsProps = {
  view: WorkspaceView;
  onSelect: (view: WorkspaceView) => void;
};

/**
 * On a phone the workspace shows one part at a time: the question's panes, the code, or the results. These
 * tabs choose it (arrow keys, Home and End move between them); wider screens hide them and show all three.
 */
export function WorkspaceViewTabs({ view, onSelect }: WorkspaceViewTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = views.findIndex((candidate) => candidate.id === view);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % views.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + views.length) % views.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? views.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(views[next].id);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div
      ref={listRef}
      className="workspace__views"
      role="tablist"
      aria-label="Workspace parts"
      onKeyDown={handleKeyDown}
    >
      {views.map((candidate) => (
        <button
          key={candidate.id}
          type="button"
          role="tab"
          className="workspace__view-tab"
          aria-selected={candidate.id === view}
          aria-controls={candidate.controls}
          tabIndex={candidate.id === view ? 0 : -1}
          onClick={() => onSelect(candidate.id)}
        >
          {candidate.label}
        </button>
      ))}
    </div>
  );
}
