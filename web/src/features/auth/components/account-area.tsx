import { lazy, Suspense, useState } from 'react';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { selectSignInModal, signInModalClosed, signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { Loader } from '@/shared/ui/loader';
import './auth.css';

// Loaded when needed: an anonymous visitor's first page carries neither the dialog nor the account menu.
const loadSignInDialog = () => import('./sign-in-dialog');
const SignInDialog = lazy(() => loadSignInDialog().then((module) => ({ default: module.SignInDialog })));
const SignedInAccount = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.SignedInAccount })),
);

/** The header's account area: "Log in" (and the sign-in dialog) for visitors, the account once signed in. */
export function AccountArea() {
  const isSignedIn = useIsSignedInHere();
  const modal = useAppSelector(selectSignInModal);
  const dispatch = useAppDispatch();
  // Mounted from the first opening on, so closing plays the dialog's exit transition.
  const [isDialogMounted, setIsDialogMounted] = useState(false);
  if (modal.isOpen && !isDialogMounted) setIsDialogMounted(true);

  function handleOpenDialog() {
    dispatch(signInModalOpened());
  }

  function handleCloseDialog() {
    dispatch(signInModalClosed());
  }

  return (
    <>
      {isSignedIn ? (
        <Suspense fallback={<Loader label="Loading your account" />}>
          <SignedInAccount />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={handleOpenDialog}
          onPointerEnter={() => void loadSignInDialog()}
          onFocus={() => void loadSignInDialog()}
        >
          Log in
        </button>
      )}
      {isDialogMounted ? (
        <Suspense fallback={null}>
          <SignInDialog
            // Signed in, there is nothing to sign in to: only a dialog carrying a video still opens.
            isOpen={modal.isOpen && (!isSignedIn || modal.video !== null)}
            onClose={handleCloseDialog}
            text={modal.text}
            checkStudent={modal.checkStudent}
            video={modal.video}
            offersSignIn={!isSignedIn}
          />
        </Suspense>
      ) : null}
    </>
  );
}
