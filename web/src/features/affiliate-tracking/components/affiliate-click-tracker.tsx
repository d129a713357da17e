import { useEffect } from 'react';
import { drainAffiliateClicks } from '@/shared/referral/referral';
import { useTrackAffiliateClickMutation } from '../api/track-affiliate-click';

/** Sends the affiliate clicks seen on this page (spec 7: fire and forget, errors ignored). Renders nothing. */
export function AffiliateClickTracker() {
  const [track] = useTrackAffiliateClickMutation();

  useEffect(
    () =>
      drainAffiliateClicks((code) => {
        const call = track(code);
        void call
          .unwrap()
          .catch(() => undefined)
          .finally(() => call.reset());
      }),
    [track],
  );

  return null;
}
