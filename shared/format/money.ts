import '@messages/format';
import { english, type Translate } from '../i18n/catalogue';
import { numberFormat } from '../i18n/languages';

/** 'N Credits' with thousands separators. */
export function formatCredits(credits: number, t: Translate = english): string {
  return t('format.credits', { credits });
}

/**
 * An amount in a currency, in the language shown, with the currency's own minor units and
 * thousands separators (Intl knows them: JPY 0 decimals, KWD 3; English writes '$1,234.50', Spanish
 * 'USD 1,234.50': intlLocale). An unknown code falls back to the code and number.
 */
export function formatMoney(amount: number, currency: string = 'USD', language: string = 'en'): string {
  try {
    return numberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${numberFormat(language, { maximumFractionDigits: 2 }).format(amount)}`;
  }
}

/** Minor-unit digits of a currency (0, 2 or 3). */
export function currencyDecimals(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * How many decimals a number has as written (its shortest form: 4.999999999 has 9, 1e-7 has 7, 10 has 0); Infinity
 * for a number that is not finite.
 */
export function decimalsOf(amount: number): number {
  if (!Number.isFinite(amount)) return Infinity;
  const [mantissa = '', exponent = '0'] = String(Math.abs(amount)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * The one rule for amounts, on the client and on the server: an amount has at most as many decimals as its currency
 * (2 for USD and PHP, 0 for JPY). Answers the amount in minor units, or null when it has more decimals (4.999999999
 * dollars is never taken as $5) or is not a finite number.
 */
export function toMinorExact(amount: number, currency: string): number | null {
  const digits = currencyDecimals(currency);
  if (decimalsOf(amount) > digits) return null;
  const minor = Math.round(amount * 10 ** digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The rule's message, after the field's name on the server ('amount: must have at most 2 decimals'). */
export function precisionRule(currency: string): string {
  const digits = currencyDecimals(currency);
  return digits === 0 ? 'must be a whole number' : `must have at most ${digits} decimal${digits === 1 ? '' : 's'}`;
}

/**
 * The rule's message as a form shows it under an amount field, saying how to fix it; its example is written as the
 * language writes numbers ('12.50' in English), like the amounts beside it.
 */
export function precisionMessage(currency: string, t: Translate = english, language: string = 'en'): string {
  const digits = currencyDecimals(currency);
  return digits === 0
    ? t('format.wholeAmount', { currency })
    : t('format.decimalAmount', {
        digits,
        example: numberFormat(language, { minimumFractionDigits: digits }).format(12.5),
      });
}
