import { combineSlices, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '@/shared/api/api-slice';
import { sessionSlice } from '@/shared/auth/session-slice';
import { signInModalSlice } from '@/shared/auth/sign-in-modal-slice';
import { noticesSlice } from '@/shared/notices/notices-slice';

/** The state every page shares: the API cache, the session, the sign-in modal and the notices. The app's store is built on it. */
export const sharedReducer = combineSlices(api, sessionSlice, signInModalSlice, noticesSlice);
export type SharedState = ReturnType<typeof sharedReducer>;

export type AppThunk<Result = void> = ThunkAction<Result, SharedState, unknown, UnknownAction>;
export type AppDispatch = ThunkDispatch<SharedState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<SharedState>();
