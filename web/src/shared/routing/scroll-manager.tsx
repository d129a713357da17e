import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { HASH_SCROLL_DELAY_MS } from '@app/contracts';

/**
 * Spec 2: every pathname change starts at the top of the page; a hash in the url scrolls smoothly to its
 * element after HASH_SCROLL_DELAY_MS, once the page had time to render it.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();

  useLayoutEffect(() => {
    // The browser must not put back an old position on reload or back: the page decides.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => {
    if (!hash) return;
    const id = safeDecode(hash.slice(1));
    const timer = window.setTimeout(() => {
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);

  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
