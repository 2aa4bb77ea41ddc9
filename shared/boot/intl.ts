/** Intl's locales for a language, and the worker that loads their data (host/boot/intl.ts, intl-worker.ts). */

/** The locale `Intl` writes a language's numbers, money and dates in: English as the US, Spanish as Latin America. */
export const intlLocale = (language: string): string =>
  language === 'en' ? 'en-US' : language === 'es' ? 'es-419' : language;

/** The locale English dates are written in, day first: '14 March 2025' (shared/format/dates.ts). */
export const ENGLISH_DATES_LOCALE = 'en-GB';

/** Every locale a page in `language` formats with. */
export const intlLocales = (language: string): string[] =>
  language === 'en' ? [intlLocale(language), ENGLISH_DATES_LOCALE] : [intlLocale(language)];

/** The worker's file, beside the portal's page (tools/prerender.tsx). */
export const INTL_WORKER_FILE = 'intl-worker.js';

/** The Trusted Types policy that passes the worker's address, and nothing else; the portal's CSP allows it by name. */
export const INTL_WORKER_POLICY = 'sm-intl';
