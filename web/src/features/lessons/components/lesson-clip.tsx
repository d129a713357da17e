import { useEffect, useId, useRef } from 'react';
import type { LessonVideo } from '@app/contracts';
import { WATCHED_FRACTION } from '../lesson-progress';

/** Seconds of playback between two saves of where the learner is. */
const SAVE_EVERY_SECONDS = 10;

type LessonClipProps = {
  video: LessonVideo;
  /** Where the learner left this clip (whole seconds), or undefined. */
  savedSeconds: number | undefined;
  watched: boolean;
  /** Saves the place (signed in only: the callbacks are omitted otherwise). */
  onTime?: (seconds: number) => void;
  onWatched?: () => void;
};

export function formatClipTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A lesson's explainer clip with English captions. For a signed-in learner it starts where they left it,
 * saves their place every few seconds of playback, when paused and when they leave, and counts as
 * watched once they reach WATCHED_FRACTION of it.
 */
export function LessonClip({ video, savedSeconds, watched, onTime, onWatched }: LessonClipProps) {
  const captionId = useId();
  const element = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef<number | undefined>(savedSeconds);
  const resumed = useRef(false);
  const watchedSent = useRef(watched);
  const callbacks = useRef({ onTime, onWatched });
  callbacks.current = { onTime, onWatched };

  // Start where the learner left the clip, once, unless they already moved it or nearly finished it.
  useEffect(() => {
    const clip = element.current;
    if (!clip || resumed.current || savedSeconds === undefined) return;
    if (savedSeconds <= 0 || savedSeconds >= video.seconds - 1) return;
    const resume = () => {
      if (resumed.current) return;
      resumed.current = true;
      if (clip.currentTime < 0.5) clip.currentTime = savedSeconds;
    };
    if (clip.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else clip.addEventListener('loadedmetadata', resume, { once: true });
    return () => clip.removeEventListener('loadedmetadata', resume);
  }, [savedSeconds, video.seconds]);

  useEffect(() => {
    const clip = element.current;
    if (!clip) return;
    const save = () => {
      const seconds = Math.floor(clip.currentTime);
      if (seconds === lastSaved.current) return;
      lastSaved.current = seconds;
      callbacks.current.onTime?.(seconds);
    };
    const onTimeUpdate = () => {
      resumed.current = true;
      if (!watchedSent.current && clip.currentTime >= video.seconds * WATCHED_FRACTION) {
        watchedSent.current = true;
        callbacks.current.onWatched?.();
      }
      if (Math.abs(clip.currentTime - (lastSaved.current ?? 0)) >= SAVE_EVERY_SECONDS) save();
    };
    clip.addEventListener('timeupdate', onTimeUpdate);
    clip.addEventListener('pause', save);
    window.addEventListener('pagehide', save);
    return () => {
      clip.removeEventListener('timeupdate', onTimeUpdate);
      clip.removeEventListener('pause', save);
      window.removeEventListener('pagehide', save);
      if (resumed.current) save();
    };
  }, [video.seconds]);

  const place = watched
    ? 'Watched'
    : savedSeconds && savedSeconds > 0 && savedSeconds < video.seconds - 1
      ? `Resumes at ${formatClipTime(savedSeconds)}`
      : null;
  return (
    <figure className="lesson-clip">
      <video
        ref={element}
        src={video.src}
        controls
        preload="metadata"
        playsInline
        aria-describedby={captionId}
      >
        <track kind="captions" src={video.captionsSrc} srcLang="en" label="English" default />
        <a href={video.src}>Download the clip</a>
      </video>
      <figcaption id={captionId} className="lesson-clip__caption">
        <span className="lesson-clip__title">{video.title}</span>
        <span className="lesson-clip__meta">
          {formatClipTime(video.seconds)}
          {place ? <span className="lesson-clip__place"> · {place}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
