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
