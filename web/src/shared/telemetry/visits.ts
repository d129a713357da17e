import { VISIT_EVENT, type VisitBody } from '@app/contracts';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import type { AppDispatch, SharedState } from '@/shared/lib/store';
import { logEvent } from './log-event';

/** What this browser has told the server: its first visit, and its first visit signed in. */
const VISIT_FLAGS = { first: 'ae_visit_recorded', signedIn: 'ae_visit_signed_in_recorded' } as const;
type VisitFlag = keyof typeof VISIT_FLAGS;

function isRecorded(flag: VisitFlag): boolean {
  try {
    return window.localStorage.getItem(VISIT_FLAGS[flag]) !== null;
  } catch {
    return false;
  }
}

function markRecorded(flag: VisitFlag) {
  try {
    window.localStorage.setItem(VISIT_FLAGS[flag], new Date().toISOString());
  } catch {
    // Without storage a later page load says it again; the server keeps the first.
  }
}

/**
 * The learner funnel's first step (issue 21): a browser records its first visit, then once more its
 * first visit signed in, so the server ties the machine to the account it signed in (the server takes
 * the account from the session, never from the body). Each is sent until one is acknowledged; a failed
 * one is tried again at the next page load, and telemetry never breaks the page.
 */
export function reportVisits(store: {
  dispatch: AppDispatch;
  getState: () => SharedState;
  subscribe: (listener: () => void) => () => void;
}): () => void {
  const sending = new Set<VisitFlag>();
  const done = new Set<VisitFlag>((['first', 'signedIn'] as const).filter(isRecorded));

  async function send(flag: VisitFlag) {
    sending.add(flag);
    // Within the call's limits: a longer address is cut rather than refused.
    const body: VisitBody = {
      path: window.location.pathname.slice(0, 500),
      ...(document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {}),
    };
    if (await store.dispatch(logEvent(VISIT_EVENT, body, { withMachine: true }))) {
      done.add(flag);
      markRecorded(flag);
      // A first visit made signed in ties the machine to the account already.
      if (flag === 'first' && selectIsSignedIn(store.getState())) {
        done.add('signedIn');
        markRecorded('signedIn');
      }
    }
  }

  function check() {
    if (!done.has('first') && !sending.has('first')) void send('first');
    else if (
      done.has('first') &&
      !done.has('signedIn') &&
      !sending.has('signedIn') &&
      selectIsSignedIn(store.getState())
    )
      void send('signedIn');
  }

  check();
  return store.subscribe(check);
}
