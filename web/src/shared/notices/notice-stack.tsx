import { useEffect } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { noticeDismissed, selectCurrentNotice, selectNotices, type Notice } from './notices-slice';

/**
 * The snackbar: shows the head of the queue, hides it after TOAST_AUTO_HIDE_MS unless it is permanent,
 * then shows the next one. Bottom right or bottom centre, as each notice asks.
 */
export function NoticeStack() {
  const notice = useAppSelector(selectCurrentNotice);
  const queued = useAppSelector(selectNotices).length;

  return (
    <div className="snackbar-region" aria-live="polite" data-queued={queued}>
      {notice ? <Snackbar key={notice.id} notice={notice} /> : null}
    </div>
  );
}

type SnackbarProps = { notice: Notice };

function Snackbar({ notice }: SnackbarProps) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (notice.isPermanent) return;
    const timer = window.setTimeout(() => dispatch(noticeDismissed(notice.id)), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, notice.id, notice.isPermanent]);

  function handleDismiss() {
    dispatch(noticeDismissed(notice.id));
  }

  const isUrgent = notice.theme === 'failure' || notice.theme === 'warning';
  return (
    <div
      className={`toast toast--${notice.theme} toast--${notice.placement}`}
      role={isUrgent ? 'alert' : 'status'}
      data-testid="snackbar"
      data-theme={notice.theme}
      data-placement={notice.placement}
    >
      <p className="toast__text">{notice.text}</p>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={handleDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
