import { LOGIN_FAILURE_TEXT, type OAuthStartProvider } from '@app/contracts';
import type { AppThunk } from '@/shared/lib/store';
import { noticeShown } from '@/shared/notices/notices-slice';
import { signInWithPopup } from '../utils/sign-in-popup';
import { beginSignedInSession } from './start-session';

export type SignInOutcome = 'signedIn' | 'failed' | 'abandoned';

/** The attempt in progress: a new click replaces it (the popup is reused by name). */
let currentAttempt: AbortController | null = null;

/**
 * Signs in through the provider's popup. Must be dispatched from the click itself: the popup opens
 * synchronously, while the browser still counts it as the user's doing (else it is blocked).
 */
export function signIn(provider: OAuthStartProvider, checkStudent = false): AppThunk<Promise<SignInOutcome>> {
  return async (dispatch) => {
    currentAttempt?.abort();
    const attempt = new AbortController();
    currentAttempt = attempt;
    try {
      const token = await signInWithPopup(provider, { checkStudent, signal: attempt.signal });
      dispatch(beginSignedInSession(token));
      return 'signedIn';
    } catch (error) {
      if (attempt.signal.aborted) return 'abandoned';
      console.warn(`Sign-in with ${provider} did not complete:`, error);
      dispatch(noticeShown(LOGIN_FAILURE_TEXT, 'failure'));
      return 'failed';
    } finally {
      if (currentAttempt === attempt) currentAttempt = null;
    }
  };
}
