import { type KeyboardEvent, useRef } from 'react';

type PaneTabsProps<Id extends string> = {
  className: string;
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The id of the element a tab shows (only the selected tab's is on the page). */
  panelId: (id: Id) => string;
};

/**
 * A row of tabs choosing what one area shows: arrow keys, Home and End move between them (the selected
 * tab is the one in the tab order), as the WAI-ARIA tabs pattern says.
 */
export function PaneTabs<Id extends string>({
  className,
  label,
  tabs,
  selected,
  onSelect,
  panelId,
}: PaneTabsProps<Id>) {
  const listRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div ref={listRef} className={className} role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${panelId(tab.id)}-tab`}
          aria-selected={tab.id === selected}
          aria-controls={tab.id === selected ? panelId(tab.id) : undefined}
          tabIndex={tab.id === selected ? 0 : -1}
          className="design-tab"
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
