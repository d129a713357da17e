import { useEffect, useRef } from 'react';
import { countdownParts, type OfferingsReply } from '@app/contracts';
import { useNow } from '@/shared/lib/use-now';

type Promotion = NonNullable<OfferingsReply['promotion']>;

type PromotionNoticeProps = {
  promotion: Promotion;
  /** Called once when the countdown reaches zero: the prices change then. */
  onEnded: () => void;
};

/**
 * The promotion the prices include (a holiday sale or the new-account offer), with the time left
 * counting down each second. When it ends the page prices again.
 */
export function PromotionNotice({ promotion, onEnded }: PromotionNoticeProps) {
  const now = useNow(1000);
  const endsAt = Date.parse(promotion.endsAt);
  const left = countdownParts(endsAt, now);
  const hasEnded = now >= endsAt;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!hasEnded || reported.current === promotion.endsAt) return;
    reported.current = promotion.endsAt;
    onEnded();
  }, [hasEnded, onEnded, promotion.endsAt]);

  const ends = new Date(endsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section
      className="promotion-notice"
      aria-label="Promotion"
      data-promotion={promotion.kind}
      data-testid="promotion-notice"
    >
      <p className="promotion-notice__title">
        {promotion.name}
        {promotion.kind === 'holiday' ? `: ${promotion.percent}% off` : ''}
      </p>
      <p className="promotion-notice__text">
        {hasEnded ? (
          'This offer has ended; prices are being updated.'
        ) : (
          <>
            Included in the prices below. Ends <time dateTime={promotion.endsAt}>{ends}</time>, in{' '}
            <span className="promotion-notice__countdown" data-testid="promotion-countdown">
              {left.days > 0 ? `${left.days}d ` : ''}
              {pad(left.hours)}h {pad(left.mins)}m {pad(left.secs)}s
            </span>
            .
          </>
        )}
      </p>
    </section>
  );
}

const pad = (value: number) => String(value).padStart(2, '0');
