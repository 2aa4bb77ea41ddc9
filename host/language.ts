/**
 * The portal's language (portalLanguage, as route.js reads it) on `<html lang>` and `dir`, which every tag follows: so
 * this module is imported before any tag is defined (host/main.tsx).
 */
import { effect, signal } from '@preact/signals-core';
import { LANGUAGE_KEY, portalLanguage, storedLanguage } from '../shared/boot/boot';
import { directionOf, LANGUAGES, type PublicLanguage } from '../shared/i18n/languages';

/** Each language as its readers write its name, for the menu. */
export const LANGUAGE_NAMES: Readonly<Record<PublicLanguage, string>> = {
  en: 'English',
  fil: 'Filipino',
  'zh-Hans': '简体中文',
  es: 'Español',
};

const inBrowser = typeof document !== 'undefined';

/** The portal's language (English when prerendering). */
export const portalChoice = signal<PublicLanguage>(
  inBrowser ? portalLanguage(storedLanguage(), navigator.languages ?? [navigator.language]) : 'en',
);

if (inBrowser) {
  effect(() => {
    const html = document.documentElement;
    const language = portalChoice.value;
    const direction = directionOf(language);
    // Written only when they change: each write restyles every element (`:lang()`, `:dir()`). The page comes with
    // English's (host/index.html).
    if (html.lang !== language) html.lang = language;
    if (html.dir !== direction) html.dir = direction;
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
