import { useEffect } from 'react';
import { offlineTexts } from '@app/contracts';
import { useAppDispatch } from '@/shared/lib/store';
import { useRouteMeta } from '@/shared/routing/route-handle';
import { noticeDismissed, noticeShown } from './notices-slice';

const OFFLINE_NOTICE_ID = 'offline';

/**
 * Spec 4, Offline banner: on the pages where work is saved as you go, losing the connection shows a
 * message that stays until it returns; then a restore message shows (and hides on its own).
 */
export function OfflineNotice() {
  const dispatch = useAppDispatch();
  const isWatched = useRouteMeta().watchesOffline;

  useEffect(() => {
    if (!isWatched) return;
    function handleOffline() {
      dispatch(
        noticeShown(offlineTexts.offline, 'warning', {
          id: OFFLINE_NOTICE_ID,
          isPermanent: true,
          placement: 'bottomCentre',
        }),
      );
    }
    function handleOnline() {
      dispatch(noticeDismissed(OFFLINE_NOTICE_ID));
      dispatch(noticeShown(offlineTexts.restored, 'success', { placement: 'bottomCentre' }));
    }
    if (!navigator.onLine) handleOffline();
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
    };
  }, [isWatched, dispatch]);

  return null;
}
