import { useId, useState } from 'react';
import {
  signInDialogTexts,
  signInProviderLabels,
  signInProviders,
  type OAuthStartProvider,
  type SignInProvider,
} from '@app/contracts';
import { useAppDispatch } from '@/shared/lib/store';
import { Modal } from '@/shared/ui/modal';
import { useListSignInProvidersQuery } from '../api/list-sign-in-providers';
import { signIn } from '../api/sign-in';
import { previousLoginHint } from '../utils/previous-login';

type SignInDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Why the user is asked to sign in; the default text of spec 2 otherwise. */
  text?: string;
  checkStudent?: boolean;
  /** An embedded video shown above the providers (a product's introduction). */
  videoUrl?: string;
};

/** The sign-in dialog of spec 2: one button per provider, plus the developer sign-in where it is on. */
export function SignInDialog({
  isOpen,
  onClose,
  text = signInDialogTexts.defaultText,
  checkStudent = false,
  videoUrl,
}: SignInDialogProps) {
  // Read again at each opening: a sign-in and sign-out since the last one change it, without a reload.
  const [hint, setHint] = useState(previousLoginHint);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setHint(previousLoginHint());
  }
  const dispatch = useAppDispatch();
  const headingId = useId();
  const textId = useId();
  const [isWaiting, setIsWaiting] = useState(false);
  const { data, isLoading, isError } = useListSignInProvidersQuery(undefined, { skip: !isOpen });

  // Until the list arrives the buttons wait; if it cannot be had, the server's own answer will tell.
  function isAvailable(provider: SignInProvider): boolean {
    if (isError) return true;
    return data?.providers.some((entry) => entry.provider === provider && entry.available) ?? false;
  }

  async function handleSignIn(provider: OAuthStartProvider) {
    setIsWaiting(true);
    const outcome = await dispatch(signIn(provider, checkStudent));
    if (outcome === 'abandoned') return;
    setIsWaiting(false);
    onClose();
  }

  return (
    <Modal isOpen={isOpen} onClose={onClose} labelledBy={headingId} describedBy={textId} className="sign-in">
      <div className="sign-in__header">
        <h2 id={headingId}>Log in</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p id={textId} className="sign-in__text">
        {text}
      </p>
      {videoUrl ? (
        <iframe
          className="sign-in__video"
          src={videoUrl}
          title="Introduction video"
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : null}
      {hint ? (
        <p className="sign-in__previous" data-testid="previous-login-hint">
          {hint}
        </p>
      ) : null}
      <ul className="sign-in__providers">
        {signInProviders.map((provider) => (
          <ProviderButton
            key={provider}
            provider={provider}
            isAvailable={isAvailable(provider)}
            isLoading={isLoading}
            onSignIn={handleSignIn}
          />
        ))}
      </ul>
      {data?.fakeProviderEnabled ? (
        <div className="sign-in__developer">
          <button type="button" className="button button--secondary" onClick={() => handleSignIn('fake')}>
            Developer sign-in
          </button>
          <p className="sign-in__hint">Local runs and tests only: signs in with any email and name.</p>
        </div>
      ) : null}
      {isWaiting ? (
        <p className="sign-in__status" role="status">
          Finish signing in in the window that opened.
        </p>
      ) : null}
    </Modal>
  );
}

type ProviderButtonProps = {
  provider: SignInProvider;
  isAvailable: boolean;
  isLoading: boolean;
  onSignIn: (provider: SignInProvider) => void;
};

function ProviderButton({ provider, isAvailable, isLoading, onSignIn }: ProviderButtonProps) {
  const hintId = useId();
  const label = signInProviderLabels[provider];
  const isUnavailable = !isAvailable && !isLoading;

  return (
    <li className="sign-in__provider">
      <button
        type="button"
        className={`provider-button provider-button--${provider}`}
        disabled={!isAvailable}
        aria-describedby={isUnavailable ? hintId : undefined}
        onClick={() => onSignIn(provider)}
      >
        <span className="provider-button__mark" aria-hidden="true">
          {label.charAt(0)}
        </span>
        Log in with {label}
      </button>
      {isUnavailable ? (
        <span id={hintId} className="sign-in__hint">
          {label} sign-in is not set up on this site.
        </span>
      ) : null}
    </li>
  );
}
