import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  countdownParts,
  currentFlashSale,
  SALE_BANNER_COUNTDOWN_REFRESH_MS,
  SALE_BANNER_QUERY_PARAM,
  saleBannerStatus,
  saleBannerTexts,
  saleCountdownTarget,
} from '@app/contracts';
import { useNow } from '@/shared/lib/use-now';
import { useRouteMeta } from '@/shared/routing/route-handle';
import './sale-banner.css';

export const SALE_BANNER_DISMISSED_KEY = 'ae_sale_banner_dismissed';

type SaleBannerProps = {
  /** Undefined while the visitor's products are loading: nothing shows until they are known. */
  ownsAllProducts: boolean | undefined;
};

/**
 * The timed sale banner of spec 4 and 9: shown while a sale runs, with a countdown to its extension date
 * (then to its end) refreshed every 100 ms. Hidden on the excluded routes, for visitors owning every
 * product, with `?sale-banner=false` (which also dismisses it), and once closed or BUY NOW was clicked.
 */
export function SaleBanner({ ownsAllProducts }: SaleBannerProps) {
  const { showsSaleBanner } = useRouteMeta();
  const [searchParams] = useSearchParams();
  const now = useNow(SALE_BANNER_COUNTDOWN_REFRESH_MS);
  const sale = currentFlashSale(now);
  const [dismissedSale, setDismissedSale] = useState(readDismissed);
  const isHiddenByQuery = searchParams.get(SALE_BANNER_QUERY_PARAM) === 'false';

  useEffect(() => {
    if (isHiddenByQuery && sale) {
      writeDismissed(sale.id);
      setDismissedSale(sale.id);
    }
  }, [isHiddenByQuery, sale]);

  if (!sale || ownsAllProducts !== false) return null;
  const status = saleBannerStatus(sale, now);
  const isRunning = status === 'beforeExtensionDate' || status === 'afterExtensionDate';
  if (!isRunning || isHiddenByQuery || !showsSaleBanner || dismissedSale === sale.id) return null;

  const left = countdownParts(saleCountdownTarget(sale, now), now);

  function handleDismiss() {
    if (!sale) return;
    writeDismissed(sale.id);
    setDismissedSale(sale.id);
  }

  return (
    <section className="sale-banner" aria-label="Sale" data-status={status}>
      <p className="sale-banner__title">{saleBannerTexts.title}</p>
      <p className="sale-banner__subtitle">{saleBannerTexts.subtitle}</p>
      <p className="sale-banner__countdown" data-testid="sale-countdown">
        <CountdownPart value={left.days} unit="days" />
        <CountdownPart value={left.hours} unit="hours" />
        <CountdownPart value={left.mins} unit="mins" />
        <CountdownPart value={left.secs} unit="secs" />
      </p>
      <Link to="/purchase" className="sale-banner__buy" onClick={handleDismiss}>
        {saleBannerTexts.button}
      </Link>
      <button
        type="button"
        className="sale-banner__close"
        aria-label="Close sale banner"
        onClick={handleDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

function CountdownPart({ value, unit }: { value: number; unit: string }) {
  return (
    <span className="sale-banner__part" data-unit={unit}>
      <span className="sale-banner__value">{String(value).padStart(2, '0')}</span>
      <span className="sale-banner__unit">{unit}</span>
    </span>
  );
}

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(SALE_BANNER_DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(saleId: string) {
  try {
    window.localStorage.setItem(SALE_BANNER_DISMISSED_KEY, saleId);
  } catch {
    // Without storage the dismissal lasts as long as the page.
  }
}
