import {
  AUTH_MESSAGE_SOURCE,
  buildPath,
  startOAuth,
  type AuthMessage,
  type OAuthStartProvider,
} from '@app/contracts';

const POPUP_NAME = 'ae-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const POPUP_CLOSED_POLL_MS = 500;
/**
 * The product site a sign-in starts from (spec 7, Sign-in flow). Only the shell exists so far, and it
 * belongs to the algorithms product.
 */
const SIGN_IN_PARTITION = 'algoexpert';

export class SignInFailedError extends Error {
  override name = 'SignInFailedError';
}

type SignInPopupOptions = { checkStudent: boolean; signal: AbortSignal };

/**
 * Runs a provider's sign-in in a popup and resolves with the token its last page posts to this window
 * (spec 4, Login). Rejects with SignInFailedError when the popup is blocked, reports an error or is
 * closed without a token; with the signal's reason when the attempt is abandoned.
 */
export function signInWithPopup(
  provider: OAuthStartProvider,
  { checkStudent, signal }: SignInPopupOptions,
): Promise<string> {
  const query = new URLSearchParams({
    redirect: window.location.href,
    partition: SIGN_IN_PARTITION,
    checkStudent: String(checkStudent),
  });
  const popup = window.open(`${buildPath(startOAuth, { provider })}?${query}`, POPUP_NAME, popupFeatures());
  if (!popup) return Promise.reject(new SignInFailedError('The sign-in window was blocked.'));
  popup.focus();

  return new Promise<string>((resolve, reject) => {
    let closedSeen = false;

    const closedPoll = window.setInterval(() => {
      if (!popup.closed) return;
      // The last page posts, then closes itself: one more round lets a message already queued arrive.
      if (!closedSeen) {
        closedSeen = true;
        return;
      }
      finish();
      reject(new SignInFailedError('The sign-in window was closed before it handed over a token.'));
    }, POPUP_CLOSED_POLL_MS);

    function handleMessage(event: MessageEvent) {
      // Only our own origin's page, in the popup we opened, may hand over a token.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (!isAuthMessage(event.data)) return;
      finish();
      if (event.data.type === 'token' && event.data.token) resolve(event.data.token);
      else reject(new SignInFailedError(event.data.type === 'error' ? event.data.message : 'Empty token.'));
    }

    function handleAbort() {
      finish();
      reject(signal.reason);
    }

    function finish() {
      window.clearInterval(closedPoll);
      window.removeEventListener('message', handleMessage);
      signal.removeEventListener('abort', handleAbort);
    }

    window.addEventListener('message', handleMessage);
    signal.addEventListener('abort', handleAbort);
  });
}

/** Centred on the current window. */
function popupFeatures(): string {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

function isAuthMessage(data: unknown): data is AuthMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<Record<keyof AuthMessage, unknown>>;
  if (message.source !== AUTH_MESSAGE_SOURCE) return false;
  if (message.type === 'token') return typeof (data as { token?: unknown }).token === 'string';
  return message.type === 'error';
}
