import { useState } from 'react';
import { type WorkspacePane, defaultOpenPanes, paneHalves, togglePane, topHalfSize } from '@app/contracts';

export type PaneHalf = {
  name: 'top' | 'bottom';
  /** The half's open panes, in order. */
  panes: WorkspacePane[];
  /** The pane whose tab is selected: the last one chosen while it is open, else the half's first. */
  shown: WorkspacePane | undefined;
  /** The half's share of the info column. */
  size: number;
};

/** Every open pane as one row of tabs, as a phone shows them: the pane chosen last, else the first open. */
export type PaneStack = { panes: WorkspacePane[]; shown: WorkspacePane | undefined };

/**
 * The info column's panes (spec 4): which are open (never none), and which tab each half shows. Opening a
 * pane selects it in its half. On a phone the halves become one row of tabs (`stack`), showing the pane
 * chosen last.
 */
export function usePanes() {
  const [openPanes, setOpenPanes] = useState(defaultOpenPanes);
  const [activeTop, setActiveTop] = useState<WorkspacePane>('prompt');
  const [activeBottom, setActiveBottom] = useState<WorkspacePane>('scratchpad');
  const [chosenLast, setChosenLast] = useState<WorkspacePane>('prompt');

  function toggle(pane: WorkspacePane) {
    const next = togglePane(openPanes, pane);
    setOpenPanes(next);
    if (next[pane]) selectTab(pane);
  }

  function selectTab(pane: WorkspacePane) {
    setChosenLast(pane);
    if ((paneHalves.top as readonly WorkspacePane[]).includes(pane)) setActiveTop(pane);
    else setActiveBottom(pane);
  }

  const topSize = topHalfSize(openPanes);
  const halves: PaneHalf[] = [
    halfOf('top', paneHalves.top, activeTop, topSize),
    halfOf('bottom', paneHalves.bottom, activeBottom, 1 - topSize),
  ];
  function halfOf(
    name: PaneHalf['name'],
    members: readonly WorkspacePane[],
    active: WorkspacePane,
    size: number,
  ): PaneHalf {
    const panes = members.filter((pane) => openPanes[pane]);
    return { name, panes, shown: panes.includes(active) ? active : panes[0], size };
  }

  const stacked = halves.flatMap((half) => half.panes);
  const stack: PaneStack = {
    panes: stacked,
    shown: stacked.includes(chosenLast) ? chosenLast : stacked[0],
  };

  return { openPanes, togglePane: toggle, selectTab, halves, stack };
}
