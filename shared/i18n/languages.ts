/**
 * Which language a tag or the portal shows, from what a page, a tag or a browser names
 * ('es-MX', 'zh-CN', 'tl', 'en-GB'). Matching a name to one of ours is the boot protocol's
 * (shared/boot/boot.ts matchLanguage), which the loader and route.js use too.
 */

import { PSEUDO } from '../boot/boot';

export {
  elementLanguage,
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

/**
 * The locale `Intl` writes a language's numbers, money and dates in (the compiled messages' numbers too): English as
 * the US writes it, Spanish as Latin America does ('es-419': 'USD 1,234.50', the neutral Spanish of the catalogue, for
 * readers in the Americas and the Philippines, rather than Spain's '1234,50 US$'), every other language as named.
 */
export const intlLocale = (language: string): string =>
  language === 'en' ? 'en-US' : language === 'es' ? 'es-419' : language;

/** Intl's number format for a language, in its intlLocale (money and plain numbers: shared/format/money.ts). */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  new Intl.NumberFormat(intlLocale(language), options);
