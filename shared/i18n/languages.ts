/** Languages; matching a name ('es-MX', 'tl') to one of ours is shared/boot/boot.ts's. */

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
 * The locale `Intl` writes a language's numbers, money and dates in: English as the US does,
 * Spanish as Latin America does ('USD 1,234.50', the catalogue's neutral Spanish, not Spain's '1234,50 US$').
 */
export const intlLocale = (language: string): string =>
  language === 'en' ? 'en-US' : language === 'es' ? 'es-419' : language;

/** Intl's number format for a language. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  new Intl.NumberFormat(intlLocale(language), options);
