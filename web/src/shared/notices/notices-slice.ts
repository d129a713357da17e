import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ToastTheme } from '@app/contracts';

export type SnackbarPlacement = 'bottomRight' | 'bottomCentre';

/** One snackbar (toast) of the queue (spec 2, Other UI; spec 4, Snackbar). */
export type Notice = {
  id: string;
  text: string;
  theme: ToastTheme;
  placement: SnackbarPlacement;
  /** A permanent snackbar stays until it is closed or replaced; others hide after TOAST_AUTO_HIDE_MS. */
  isPermanent: boolean;
};

export type NoticeOptions = Partial<Pick<Notice, 'placement' | 'isPermanent'>> & {
  /** A fixed id lets the raiser take the notice back (the offline message when the connection returns). */
  id?: string;
};

export type NoticesState = { items: Notice[] };

const initialState: NoticesState = { items: [] };

/**
 * The snackbar queue: messages that outlive the component that raised them (a 401 seen by the API layer,
 * a failed sign-in, the offline message). Only the head is shown; when it hides, the next one shows.
 */
export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    noticeShown: {
      reducer: (state, action: PayloadAction<Notice>) => {
        // The same message queued twice (several calls failing together) is shown once.
        if (state.items.some((item) => item.text === action.payload.text || item.id === action.payload.id))
          return;
        state.items.push(action.payload);
      },
      prepare: (text: string, theme: ToastTheme = 'neutralDark', options: NoticeOptions = {}) => ({
        payload: {
          id: options.id ?? nanoid(),
          text,
          theme,
          placement: options.placement ?? 'bottomRight',
          isPermanent: options.isPermanent ?? false,
        },
      }),
    },
    noticeDismissed: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectNotices: (state) => state.items,
    selectCurrentNotice: (state) => state.items[0] ?? null,
  },
});

export const { noticeShown, noticeDismissed } = noticesSlice.actions;
export const { selectNotices, selectCurrentNotice } = noticesSlice.selectors;
