/**
 * Money and credits, converted only here:
 * 1 credit = 0.1 dollars; dollars x 10 = credits.
 */

export const DOLLARS_PER_CREDIT = 0.1;
export const CREDITS_PER_DOLLAR = 10;

/** Credits bought with an amount of dollars (whole credits, rounded to the nearest). */
export function dollarsToCredits(dollars: number): number {
  return Math.round(dollars * CREDITS_PER_DOLLAR);
}

/** Dollars a number of credits is worth, to the cent. */
export function creditsToDollars(credits: number): number {
  return Math.round(credits * DOLLARS_PER_CREDIT * 100) / 100;
}

/** 'N Credits' with thousands separators. */
export function formatCredits(credits: number): string {
  return `${new Intl.NumberFormat('en-US').format(credits)} Credits`;
}

/**
 * An amount in a currency, with the currency's own minor units and thousands separators
 * (Intl knows them: JPY 0 decimals, KWD 3). An unknown code falls back to the code and number.
 */
export function formatMoney(amount: number, currency: string = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)}`;
  }
}

/** Minor-unit digits of a currency (0, 2 or 3). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the currency's minor units (cents), as the payment provider wants it. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDecimals(currency));
}
