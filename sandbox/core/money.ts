// Money as integer minor units (cents, centavos): conversion from wire amounts and display.

/** Digits after the decimal point of a currency's minor unit (USD 2, PHP 2, JPY 0). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A wire amount (e.g. 10.5 dollars) in minor units (1050), or null when it has more decimals than the
 * currency has (10.005 USD), so a rounding can never turn a wrong amount into a right one.
 */
export function toMinorExact(amount: number, currency: string): number | null {
  const scaled = amount * 10 ** minorDigits(currency);
  const minor = Math.round(scaled);
  return Number.isSafeInteger(minor) && Math.abs(scaled - minor) < 1e-6 ? minor : null;
}

/** Minor units back to a wire amount: 1050 USD -> 10.5. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** For people: '$10.00', '₱580.00'. */
export function formatMoney(minor: number, currency: string): string {
  const amount = fromMinor(minor, currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
