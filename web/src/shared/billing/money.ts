/** Cents as money with two decimals (spec 9), e.g. 9900 usd → '$99.00'. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    // An unknown currency code still shows its amount.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
