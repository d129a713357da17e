import { type RefObject, useEffect, useRef } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * Closes a popup (a popover, a menu) the way people expect: Escape pressed while focus is inside it or on
 * its button, or a press anywhere outside `container` (which holds both the button and the popup).
 * Listens only while `isOpen`. On Escape the caller moves focus back to the button; an outside press
 * leaves focus where the press put it.
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onDismiss: (reason: DismissReason) => void,
) {
  // The latest callback without re-subscribing at every render.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    if (!isOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!container.current?.contains(document.activeElement)) return;
      event.preventDefault();
      dismiss.current('escape');
    }
    function handlePointerDown(event: PointerEvent) {
      if (container.current && !container.current.contains(event.target as Node)) dismiss.current('outside');
    }
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [container, isOpen]);
}
