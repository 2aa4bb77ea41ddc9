/** The languages we show, and how a tag's, a page's or a stored choice is matched to one. */
import { LANGUAGE_KEY } from './storage';

/** The languages people can choose, in the order menus list them. */
export const LANGUAGES = ['en', 'fil', 'zh-Hans', 'es'] as const;
export type PublicLanguage = (typeof LANGUAGES)[number];
/** The pseudo-locale (accented, longer, right-to-left), built only for development. */
export const PSEUDO = 'en-XA';
export type Language = PublicLanguage | typeof PSEUDO;

/** Other names of a language: Tagalog is read as Filipino, and Chinese as Simplified Chinese. */
const ALIASES: Readonly<Record<string, string>> = { tl: 'fil', zh: 'zh-hans' };
/** Chinese in traditional characters (by script, or by a region that writes them): not Simplified Chinese. */
const OTHER_SCRIPT = /^zh-(hant|tw|hk|mo)(-|$)/;

/**
 * The language a tag names, or null when none of ours fits: 'es-MX' -> 'es', 'zh-CN', 'zh-SG' and 'zh-Hans-*' ->
 * 'zh-Hans', 'tl' and 'fil-PH' -> 'fil', 'en-GB' -> 'en', 'en-XA' -> the pseudo-locale. (Short: the loader and route.js
 * carry it.)
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const lower = tag?.trim().toLowerCase().replace(/_/g, '-') ?? '';
  if (lower === PSEUDO.toLowerCase()) return PSEUDO;
  if (OTHER_SCRIPT.test(lower)) return null;
  // Its first part read through the aliases, and a '-' after it, so 'es' and 'es-MX' both start with 'es-'.
  const named = `${lower.replace(/^(tl|zh)(?=-|$)/, (first) => ALIASES[first]!)}-`;
  return LANGUAGES.find((l) => named.startsWith(`${l.toLowerCase()}-`)) ?? null;
}

/** The nearest `lang` around an element, out through each shadow root to its host; null for none or lang="". */
export function pageLanguageOf(element: Element): string | null {
  for (let node: Element | null = element; node; node = (node.getRootNode() as Partial<ShadowRoot>).host ?? null) {
    const found = node.closest('[lang]');
    if (found) return found.getAttribute('lang') || null;
  }
  return null;
}

/**
 * The language an sm-* element shows: its `language` attribute (one we do not have shows English, and the element
 * warns), else the page's `lang` around it, else English (whatever the browser says).
 */
export function elementLanguage(element: Element): Language {
  return matchLanguage(element.getAttribute('language') || pageLanguageOf(element)) ?? 'en';
}

/** The portal's language: the menu's (`stored`, if one of ours), else the browser's first we have, else English. */
export function portalLanguage(stored: string | null, browser: readonly string[]): PublicLanguage {
  const chosen = LANGUAGES.find((l) => l === stored);
  if (chosen) return chosen;
  for (const tag of browser) {
    const language = matchLanguage(tag);
    if (language && language !== PSEUDO) return language;
  }
  return 'en';
}

/** The language chosen in the portal's menu, as stored (null when none, or storage is blocked). */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}
