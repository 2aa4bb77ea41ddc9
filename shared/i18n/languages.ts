/** Languages; matching a name ('es-MX', 'tl') to one of ours is shared/boot/boot.ts's. */

import { intlLocale, PSEUDO } from '../boot/boot';

export {
  elementLanguage,
  intlLocale,
  LANGUAGES,
  matchLanguage,
  pageLanguageOf,
  PSEUDO,
  type Language,
  type PublicLanguage,
} from '../boot/boot';

/** Languages written right to left (by their first part); the pseudo-locale is too. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/** 'rtl' for a language written right to left, else 'ltr'. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === PSEUDO || RIGHT_TO_LEFT.has(language.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/** The formats made so far, by kind, language and options: making one is slow (a list of prices made dozens). */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function made<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let found = formats.get(key) as F | undefined;
  if (!found) formats.set(key, (found = make()));
  return found;
}

/** Intl's number format for a language. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  made(`number ${language} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale(language), options));

/** Intl's date format for a language. */
export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  made(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale(language), options));
