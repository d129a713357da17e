import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { readLoginToken } from './login-token';

/** Whether this tab is signed in. The token itself stays in its cookie: every tab reads the same one. */
export type SessionState = { isSignedIn: boolean };

export const sessionSlice = createSlice({
  name: 'session',
  // Lazy: the cookie is read when the store is created, after a `?token=` in the url was adopted.
  initialState: (): SessionState => ({ isSignedIn: readLoginToken() !== null }),
  reducers: {
    sessionStarted: (state) => {
      state.isSignedIn = true;
    },
    sessionEnded: (state) => {
      state.isSignedIn = false;
    },
  },
  selectors: {
    selectIsSignedIn: (state) => state.isSignedIn,
  },
});

export const { sessionStarted, sessionEnded } = sessionSlice.actions;
export const { selectIsSignedIn } = sessionSlice.selectors;

/** Whether this tab is signed in, for components that must not load the session's API calls. */
export function useIsSignedInHere(): boolean {
  return useSelector((state: { session: SessionState }) => selectIsSignedIn(state));
}
