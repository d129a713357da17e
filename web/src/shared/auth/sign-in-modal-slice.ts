import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signInDialogTexts } from '@app/contracts';

/** A clip the dialog embeds (spec 2): a file the platform serves, named for assistive technology. */
export type SignInModalVideo = {
  src: string;
  title: string;
  poster?: string;
  /** A WebVTT captions track. */
  captionsSrc?: string;
};

/** Spec 2, Sign-in dialog: the modal's state, opened from anywhere (a page, the header, a share prompt). */
export type SignInModalState = {
  isOpen: boolean;
  text: string;
  checkStudent: boolean;
  /** Shown above the text and providers; a signed-in visitor sees the video alone. */
  video: SignInModalVideo | null;
};

export type SignInModalOptions = { text?: string; checkStudent?: boolean; video?: SignInModalVideo };

const initialState: SignInModalState = {
  isOpen: false,
  text: signInDialogTexts.defaultText,
  checkStudent: false,
  video: null,
};

export const signInModalSlice = createSlice({
  name: 'signInModal',
  initialState,
  reducers: {
    signInModalOpened: (state, action: PayloadAction<SignInModalOptions | undefined>) => {
      state.isOpen = true;
      state.text = action.payload?.text ?? signInDialogTexts.defaultText;
      state.checkStudent = action.payload?.checkStudent ?? false;
      state.video = action.payload?.video ?? null;
    },
    // The rest is kept, so the dialog does not change while it fades out.
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
