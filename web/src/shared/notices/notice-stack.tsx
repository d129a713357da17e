import { useEffect } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { noticeDismissed, selectNotices, type Notice } from './notices-slice';

/** The queued notices, bottom right; each hides itself after a while or on its close button. */
export function NoticeStack() {
  const notices = useAppSelector(selectNotices);

  return (
    <div className="notice-stack" aria-live="polite">
      {notices.map((notice) => (
        <NoticeToast key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

type NoticeToastProps = { notice: Notice };

function NoticeToast({ notice }: NoticeToastProps) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(noticeDismissed(notice.id)), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, notice.id]);

  function handleDismiss() {
    dispatch(noticeDismissed(notice.id));
  }

  return (
    <div className={`toast toast--${notice.tone}`} role={notice.tone === 'failure' ? 'alert' : 'status'}>
      <p className="toast__text">{notice.text}</p>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={handleDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
