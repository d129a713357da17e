import { useEffect, useId, useRef, useState } from 'react';
import {
  signInDialogTexts,
  signInProviderLabels,
  signInProviders,
  type OAuthStartProvider,
  type SignInProvider,
} from '@app/contracts';
import type { SignInModalVideo } from '@/shared/auth/sign-in-modal-slice';
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
  /** An embedded video shown above the text and providers (a product's introduction). */
  video?: SignInModalVideo | null;
  /**
   * False for a signed-in visitor: the dialog then shows its video alone, under the video's title. Taken at
   * each opening, so a sign-in made from the dialog does not change it while it fades out.
   */
  offersSignIn?: boolean;
};

/** The sign-in dialog of spec 2: one button per provider, plus the developer sign-in where it is on. */
export function SignInDialog({
  isOpen,
  onClose,
  text = signInDialogTexts.defaultText,
  checkStudent = false,
  video = null,
  offersSignIn: offersSignInNow = true,
}: SignInDialogProps) {
  // Read again at each opening: a sign-in and sign-out since the last one change it, without a reload.
  const [hint, setHint] = useState(previousLoginHint);
  const [offersSignIn, setOffersSignIn] = useState(offersSignInNow);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setHint(previousLoginHint());
      setOffersSignIn(offersSignInNow);
    }
  }
  const dispatch = useAppDispatch();
  const headingId = useId();
  const textId = useId();
  const [isWaiting, setIsWaiting] = useState(false);
  const { data, isLoading, isError } = useListSignInProvidersQuery(undefined, {
    skip: !isOpen || !offersSignIn,
  });

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

  if (!offersSignIn) {
    return (
      <Modal isOpen={isOpen} onClose={onClose} labelledBy={headingId} className="sign-in sign-in--video-only">
        <DialogHeader headingId={headingId} heading={video?.title ?? 'Video'} onClose={onClose} />
        {video ? <DialogVideo video={video} isOpen={isOpen} labelledBy={headingId} /> : null}
      </Modal>
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      labelledBy={headingId}
      describedBy={textId}
      className={video ? 'sign-in sign-in--with-video' : 'sign-in'}
    >
      <DialogHeader headingId={headingId} heading="Log in" onClose={onClose} />
      {video ? <DialogVideo video={video} isOpen={isOpen} /> : null}
      <p id={textId} className="sign-in__text">
        {text}
      </p>
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

type DialogHeaderProps = { headingId: string; heading: string; onClose: () => void };

function DialogHeader({ headingId, heading, onClose }: DialogHeaderProps) {
  return (
    <div className="sign-in__header">
      <h2 id={headingId}>{heading}</h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

type DialogVideoProps = {
  video: SignInModalVideo;
  isOpen: boolean;
  /** A heading that already names the clip; otherwise its title is shown as a caption. */
  labelledBy?: string;
};

/**
 * The embedded clip: native controls, never started by itself, only its metadata fetched until played. The
 * dialog stays in the page while it fades out and after; closing pauses the clip and lets its media go.
 */
function DialogVideo({ video, isOpen, labelledBy }: DialogVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const captionId = useId();

  // Without its src (React removes it on close), load() empties the element: playback and download stop.
  useEffect(() => {
    const element = videoRef.current;
    if (isOpen || !element) return;
    element.pause();
    element.load();
  }, [isOpen]);

  return (
    <figure className="sign-in__video">
      <video
        ref={videoRef}
        src={isOpen ? video.src : undefined}
        poster={video.poster}
        controls
        preload="metadata"
        playsInline
        aria-labelledby={labelledBy ?? captionId}
      >
        {video.captionsSrc ? (
          <track kind="captions" src={video.captionsSrc} srcLang="en" label="English" />
        ) : null}
        <a href={video.src}>Download the video</a>
      </video>
      {labelledBy ? null : <figcaption id={captionId}>{video.title}</figcaption>}
    </figure>
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
