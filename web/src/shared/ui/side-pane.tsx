import {
  useEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { SIDE_PANE_ANIMATION_MS, SIDE_PANE_BACKDROP_MS } from '@app/contracts';

type SidePaneProps = {
  isOpen: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  /** The pane's accessible name. */
  label: string;
  id?: string;
  /** Slide duration; the navigation drawer is quicker than the default pane. */
  durationMs?: number;
  children: ReactNode;
};

/**
 * A pane sliding in from the left or the right (spec 2, Other UI) on the native modal <dialog>: focus stays
 * inside, Escape and a click on the backdrop close it. Page scroll is locked on narrow screens only (CSS).
 */
export function SidePane({
  isOpen,
  onClose,
  side,
  label,
  id,
  durationMs = SIDE_PANE_ANIMATION_MS,
  children,
}: SidePaneProps) {
  const timings = {
    '--side-pane-ms': `${durationMs}ms`,
    '--side-pane-backdrop-ms': `${SIDE_PANE_BACKDROP_MS}ms`,
  } as CSSProperties;
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      id={id}
      className={`side-pane side-pane--${side}`}
      style={timings}
      aria-label={label}
      onCancel={handleCancel}
      onClick={handleClick}
    >
      <div className="side-pane__content">{children}</div>
    </dialog>
  );
}
