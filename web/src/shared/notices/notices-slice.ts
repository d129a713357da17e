import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NoticeTone = 'failure' | 'success' | 'neutral';
export type Notice = { id: string; text: string; tone: NoticeTone };
export type NoticesState = { items: Notice[] };

const initialState: NoticesState = { items: [] };

/**
 * Short messages for the user that outlive the component that raised them (a 401 seen by the API layer,
 * a failed sign-in). A minimal queue until the snackbar of issue 6 replaces its display.
 */
export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    noticeShown: {
      reducer: (state, action: PayloadAction<Notice>) => {
        // The same message raised twice in a row (several calls failing together) is shown once.
        if (state.items.some((item) => item.text === action.payload.text)) return;
        state.items.push(action.payload);
      },
      prepare: (text: string, tone: NoticeTone = 'neutral') => ({ payload: { id: nanoid(), text, tone } }),
    },
    noticeDismissed: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectNotices: (state) => state.items,
  },
});

export const { noticeShown, noticeDismissed } = noticesSlice.actions;
export const { selectNotices } = noticesSlice.selectors;
