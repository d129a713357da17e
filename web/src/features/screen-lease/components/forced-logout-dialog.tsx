import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LOGOUT_COUNTDOWN_SECONDS, logoutCountdownText, logoutDialogTexts } from '@app/contracts';
import { Modal } from '@/shared/ui/modal';

type ForcedLogoutDialogProps = {
  /** Called once, when the countdown reaches zero. */
  onCountdownEnd: () => void;
  /** Offered once the user is logged out: before that the dialog cannot be dismissed. */
  onClose?: () => void;
};

/** Spec 8, Logout dialog: someone else uses the account; logged out after a visible countdown. */
export function ForcedLogoutDialog({ onCountdownEnd, onClose }: ForcedLogoutDialogProps) {
  const headingId = useId();
  const bodyId = useId();
  const secondsLeft = useCountdown(LOGOUT_COUNTDOWN_SECONDS, onCountdownEnd);

  function handleClose() {
    onClose?.();
  }

  return (
    <Modal
      isOpen
      onClose={handleClose}
      isDismissible={Boolean(onClose)}
      labelledBy={headingId}
      describedBy={bodyId}
      className="forced-logout"
    >
      <h2 id={headingId}>{logoutDialogTexts.title}</h2>
      <p id={bodyId}>{logoutDialogTexts.body}</p>
      <p className="forced-logout__countdown" aria-live="polite">
        {logoutCountdownText(secondsLeft)}
      </p>
      <p className="forced-logout__contact">
        Think this is a mistake? <Link to="/help">Contact us</Link>.
      </p>
      {onClose ? (
        <div className="forced-logout__actions">
          <button type="button" className="button button--primary" onClick={handleClose}>
            OK
          </button>
        </div>
      ) : null}
    </Modal>
  );
}

/** Whole seconds left until a deadline set at mount, updated once per second; `onEnd` runs at zero. */
function useCountdown(seconds: number, onEnd: () => void): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  // The latest callback, read when the countdown ends without restarting it.
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        onEndRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return secondsLeft;
}
