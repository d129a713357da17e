import {
  useEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { MODAL_ENTER_MS, MODAL_EXIT_MS, MODAL_SCROLL_RESTORE_MS } from '@app/contracts';

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

type PageScrollLock = {
  holders: number;
  /** The page as it was when the first modal opened. */
  scroll: { left: number; top: number; href: string };
  previousOverflow: string;
  pendingRelease: ReturnType<typeof setTimeout> | null;
};

// One lock for every modal: a modal opening while another closes keeps it, and the first position.
let pageScrollLock: PageScrollLock | null = null;

/**
 * Spec 4: the page behind an open modal does not scroll; once the last modal closes, the lock is lifted
 * MODAL_SCROLL_RESTORE_MS later (after the exit transition, so the page does not move under it) and the
 * page put back where it was. Returns the release, which a modal calls when it closes or unmounts.
 */
function lockPageScroll(): () => void {
  if (pageScrollLock === null) {
    const root = document.documentElement;
    pageScrollLock = {
      holders: 0,
      scroll: { left: window.scrollX, top: window.scrollY, href: window.location.href },
      previousOverflow: root.style.overflow,
      pendingRelease: null,
    };
    // Overflow hidden keeps the scroll offset, so the page does not jump.
    root.style.overflow = 'hidden';
  }
  const lock = pageScrollLock;
  if (lock.pendingRelease !== null) clearTimeout(lock.pendingRelease);
  lock.pendingRelease = null;
  lock.holders += 1;

  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    lock.holders -= 1;
    if (lock.holders > 0) return;
    lock.pendingRelease = setTimeout(() => {
      pageScrollLock = null;
      document.documentElement.style.overflow = lock.previousOverflow;
      // Focus returning to the opener may have moved the page; a modal that navigated leaves it alone.
      if (window.location.href === lock.scroll.href)
        window.scrollTo({ left: lock.scroll.left, top: lock.scroll.top, behavior: 'instant' });
    }, MODAL_SCROLL_RESTORE_MS);
  };
}

/**
 * A modal on the native <dialog>: focus is kept inside, the page behind is inert and its scroll locked
 * until shortly after it closes, Escape closes it. An outside click lands on the dialog element itself,
 * since its content fills it.
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

  // Before showModal, so the position kept is the page's own.
  useEffect(() => {
    if (!isOpen) return;
    return lockPageScroll();
  }, [isOpen]);

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
