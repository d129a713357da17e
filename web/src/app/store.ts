import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { startSession } from '@/features/auth/api/start-session';
import { api } from '@/shared/api/api-slice';
import { sharedReducer } from '@/shared/lib/store';
import { reportVisits } from '@/shared/telemetry/visits';
import { reportWindowErrors } from '@/shared/telemetry/window-errors';

export const store = configureStore({
  reducer: sharedReducer,
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  // RTK Query's answers notify the page at the end of the current task rather than at the next animation
  // frame (the default): a list whose data has arrived renders now and shows in the coming frame.
  enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
});

// Lets queries refetch when the window regains focus or the network comes back.
setupListeners(store.dispatch);

// Once per page load, not per render: the token refresh must never run twice with the same token.
store.dispatch(startSession());
reportWindowErrors(store.dispatch);
reportVisits(store);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
