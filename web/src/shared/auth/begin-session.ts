import { api } from '@/shared/api/api-slice';
import type { AppThunk } from '@/shared/lib/store';
import { saveLoginToken } from './login-token';
import { sessionStarted } from './session-slice';

/** A sign-in produced a token: keep it and load who signed in. */
export function beginSession(token: string): AppThunk {
  return (dispatch) => {
    saveLoginToken(token);
    dispatch(sessionStarted());
    dispatch(api.util.invalidateTags(['UserInfo', 'Billing']));
  };
}
