import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signInDialogTexts } from '@app/contracts';

/** Spec 2, Sign-in dialog: the modal's state, opened from anywhere (a page, the header, a share prompt). */
export type SignInModalState = { isOpen: boolean; text: string; checkStudent: boolean };

const initialState: SignInModalState = {
  isOpen: false,
  text: signInDialogTexts.defaultText,
  checkStudent: false,
};

export const signInModalSlice = createSlice({
  name: 'signInModal',
  initialState,
  reducers: {
    signInModalOpened: (
      state,
      action: PayloadAction<{ text?: string; checkStudent?: boolean } | undefined>,
    ) => {
      state.isOpen = true;
      state.text = action.payload?.text ?? signInDialogTexts.defaultText;
      state.checkStudent = action.payload?.checkStudent ?? false;
    },
    signInModalClosed: (state) => {
      state.isOpen = false;
    },
  },
  selectors: {
    selectSignInModal: (state) => state,
  },
});

export const { signInModalOpened, signInModalClosed } = signInModalSlice.actions;
export const { selectSignInModal } = signInModalSlice.selectors;
