import {
  useEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { MODAL_ENTER_MS, MODAL_EXIT_MS } from '@app/contracts';

type ModalProps = {
  isOpen: boolean;
  /** The user asked to close: outside click or Escape (when allowed). */
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /** False for dialogs the user must not dismiss (the forced logout). */
  isDismissible?: boolean;
  className?: string;
  children: ReactNode;
};

// The durations of spec 9 drive the CSS transitions of `.modal`.
const transitionTimes = {
  '--modal-enter-ms': `${MODAL_ENTER_MS}ms`,
  '--modal-exit-ms': `${MODAL_EXIT_MS}ms`,
} as CSSProperties;

/**
 * A modal on the native <dialog>: focus is kept inside, the page behind is inert and its scroll locked
 * (CSS), Escape closes it. An outside click lands on the dialog element itself, since its content fills it.
 */
export function Modal({
  isOpen,
  onClose,
  labelledBy,
  describedBy,
  isDismissible = true,
  className,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  // The dialog's open state lives in the DOM; this keeps it in step with the prop.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape: the close goes through the prop, so the parent's state stays the truth.
    event.preventDefault();
    if (isDismissible) onClose();
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    if (isDismissible && event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : 'modal'}
      style={transitionTimes}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={handleCancel}
      onClick={handleClick}
    >
      <div className="modal__content">{children}</div>
    </dialog>
  );
}
