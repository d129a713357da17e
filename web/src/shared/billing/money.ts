import { formatPrice } from '@app/contracts';

/** Cents as money with two decimals (spec 9), e.g. 9900 usd → '$99.00': the contracts' rule. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return formatPrice(cents, currency);
  } catch {
    // An unknown currency code still shows its amount.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
