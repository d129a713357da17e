import { useEffect } from 'react';
import { countdownParts } from '@app/contracts';
import { useNow } from '@/shared/lib/use-now';

type AssessmentCountdownProps = {
  expiresAt: string;
  /** Called once when the time runs out (the page asks the server how the assessment stands). */
  onExpired?: () => void;
};

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The time left of a running assessment (spec 2, Other UI: a countdown in hours, mins and secs), ticking
 * every second. Screen readers hear it once a minute, not every tick; the last five minutes look urgent.
 */
export function AssessmentCountdown({ expiresAt, onExpired }: AssessmentCountdownProps) {
  const now = useNow(1000);
  const target = Date.parse(expiresAt);
  const left = countdownParts(target, now);
  const over = now >= target;
  const urgent = !over && target - now <= 5 * 60 * 1000;
  useEffect(() => {
    if (over) onExpired?.();
  }, [over, onExpired]);
  const hours = left.days * 24 + left.hours;
  return (
    <span
      className={`assessment-countdown${urgent ? ' assessment-countdown--urgent' : ''}${over ? ' assessment-countdown--over' : ''}`}
      data-testid="assessment-countdown"
    >
      <span className="visually-hidden" aria-live="polite">
        {over ? 'Time is up.' : `${hours * 60 + left.mins + 1} minutes left.`}
      </span>
      <span aria-hidden="true">
        {over ? 'Time is up' : `${hours > 0 ? `${hours}:` : ''}${two(left.mins)}:${two(left.secs)}`}
      </span>
    </span>
  );
}
