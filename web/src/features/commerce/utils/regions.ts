/** A price region's name as people say it (United States, European Union, India). */
export function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A currency's name (US Dollar, Euro, Indian Rupee). */
export function currencyName(currency: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(currency.toUpperCase()) ?? currency;
  } catch {
    return currency.toUpperCase();
  }
}
