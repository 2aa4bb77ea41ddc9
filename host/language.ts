/**
 * The portal's language: what the person chose in the footer's menu (kept in this browser's
 * local storage), else the first of the browser's languages we have, else English
 * (shared/i18n/languages.ts portalLanguage). It sets `<html lang>` and `dir`, which every tag on
 * the portal follows, so this module is imported before any tag is defined (host/main.tsx).
 */
import { effect, signal } from '@preact/signals-core';
import { directionOf, LANGUAGES, matchLanguage, PSEUDO, type PublicLanguage } from '../shared/i18n/languages';

/** Where the menu's choice is kept. */
export const LANGUAGE_KEY = 'sm.portal.language';

/** Each language as its readers write its name, for the menu. */
export const LANGUAGE_NAMES: Readonly<Record<PublicLanguage, string>> = { en: 'English', fil: 'Filipino', 'zh-Hans': '简体中文', es: 'Español' };

/** The first of the browser's languages we have (navigator.languages), or null. */
export function firstAvailable(tags: readonly string[]): PublicLanguage | null {
  for (const tag of tags) {
    const language = matchLanguage(tag);
    if (language && language !== PSEUDO) return language;
  }
  return null;
}

/**
 * The portal's language: the one the person chose in the menu (kept in local storage; anything
 * else stored there is ignored), else the first of the browser's languages we have, else English.
 */
export function portalLanguage(stored: string | null, browser: readonly string[]): PublicLanguage {
  return LANGUAGES.find((l) => l === stored) ?? firstAvailable(browser) ?? 'en';
}

const inBrowser = typeof document !== 'undefined';

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The portal's language (English when prerendering). */
export const portalChoice = signal<PublicLanguage>(inBrowser ? portalLanguage(stored(), navigator.languages ?? [navigator.language]) : 'en');

if (inBrowser) {
  effect(() => {
    document.documentElement.lang = portalChoice.value;
    document.documentElement.dir = directionOf(portalChoice.value);
  });
}

/** The menu's choice: remembered in this browser, and everything on the portal redraws in it. */
export function chooseLanguage(language: string): void {
  const chosen = LANGUAGES.find((l) => l === language);
  if (!chosen) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, chosen);
  } catch {
    /* storage disabled: the choice holds until the page closes */
  }
  portalChoice.value = chosen;
}
