/**
 * Which language a tag or the portal shows, from what a page, a tag or a browser names
 * ('es-MX', 'zh-CN', 'tl', 'en-GB'). Plain functions with no imports: the shared runtime uses
 * them, and widgets/loader.ts repeats the few lines of matchLanguage (it imports nothing).
 */

/** The languages people can choose, in the order menus list them. */
export const LANGUAGES = ['en', 'fil', 'zh-Hans', 'es'] as const;
export type PublicLanguage = (typeof LANGUAGES)[number];
/** The pseudo-locale (accented, longer, right-to-left), built only for development. */
export const PSEUDO = 'en-XA';
export type Language = PublicLanguage | typeof PSEUDO;

/** Other names of a language: Tagalog is read as Filipino, and Chinese as Simplified Chinese. */
const ALIASES: Readonly<Record<string, string>> = { tl: 'fil', zh: 'zh-hans' };
/** Chinese written in traditional characters (by script, or by a region that writes them): not Simplified Chinese. */
const OTHER_SCRIPT = /^zh-(hant|tw|hk|mo)(-|$)/;
/** Languages written right to left (by their first part); the pseudo-locale is too. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * The language a tag names, or null when none of ours fits: 'es-MX' -> 'es', 'zh-CN', 'zh-SG' and
 * 'zh-Hans-*' -> 'zh-Hans', 'tl' and 'fil-PH' -> 'fil', 'en-GB' -> 'en', 'en-XA' -> the pseudo-locale.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const lower = tag?.trim().toLowerCase().replace(/_/g, '-');
  if (!lower) return null;
  if (lower === PSEUDO.toLowerCase()) return PSEUDO;
  if (OTHER_SCRIPT.test(lower)) return null;
  const [first = '', ...rest] = lower.split('-');
  const named = [ALIASES[first] ?? first, ...rest].join('-');
  return LANGUAGES.find((l) => named === l.toLowerCase() || named.startsWith(`${l.toLowerCase()}-`)) ?? null;
}

/** 'rtl' for a language written right to left, else 'ltr'. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === PSEUDO || RIGHT_TO_LEFT.has(language.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/**
 * The `lang` of the page around an element: its nearest ancestor with `lang`, going out through
 * each shadow root to its host, up to the document. Null when nothing says (or says lang="").
 */
export function pageLanguageOf(element: Element): string | null {
  let node: Element | null = element;
  while (node) {
    const found: Element | null = node.closest('[lang]');
    if (found) return found.getAttribute('lang') || null;
    const root = node.getRootNode() as Node & { host?: Element };
    node = root !== node && root.host ? root.host : null;
  }
  return null;
}

/**
 * The language an sm-* element shows: its `language` attribute (a value we do not have shows
 * English, and the element warns about it), else the nearest `lang` of the page around it, else
 * English (an English page keeps English whatever the browser says).
 */
export function elementLanguage(element: Element): Language {
  const attribute = element.getAttribute('language');
  if (attribute) return matchLanguage(attribute) ?? 'en';
  return matchLanguage(pageLanguageOf(element)) ?? 'en';
}
