/**
 * The boot protocol: every fact that the code running before React (widgets/loader.ts, the survey's
 * draw module, host/route.ts) and the code running after it (the session, capture, the API client's
 * early answers, the portal's language) must agree on, written once.
 *
 * It imports nothing and touches nothing when imported, so the pre-React files can carry their own
 * copy of it: the build gives each of them one (vite.config.ts bootCopies), and host/route.ts is
 * bundled on its own into the plain script route.js. tests/boot.test.ts fails if one of its literals
 * is written anywhere else.
 */

// ---- Local storage -------------------------------------------------------------------------------

/** Where the session of the page's own API host is kept (shared/session/session.ts). */
export const SESSION_KEY = 'sm.session.v1';

/** The storage key of an API host's session: the page's own host ('') keeps the plain key. */
export function sessionKeyFor(apiBase: string): string {
  return apiBase ? `${SESSION_KEY}@${apiBase}` : SESSION_KEY;
}

/**
 * Where a payment record of an API host is kept (shared/payments/records.ts): sm.payment.<name>, or
 * sm.payment.<name>@<api base> for another host than the page's own.
 */
export function paymentRecordKey(name: string, apiBase: string): string {
  return `sm.payment.${name}${apiBase ? `@${apiBase}` : ''}`;
}

/** Whether storage holds a payment record of an API host under that name, whatever it says (false if blocked). */
export function hasPaymentRecord(name: string, apiBase: string): boolean {
  try {
    return localStorage.getItem(paymentRecordKey(name, apiBase)) !== null;
  } catch {
    return false;
  }
}

/** Where the portal keeps the language chosen in its footer's menu (host/language.ts). */
export const LANGUAGE_KEY = 'sm.portal.language';

/** A session's sign-in as storage keeps it (the record's `auth`). */
export interface StoredAuth {
  readonly accessToken: string;
  readonly tokenType: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/**
 * The Authorization ('Bearer …') of whoever is signed in on an API host, read from storage as the session reads it, or
 * '' when no one is: no record, one past its expiry (no one's, as for the session), a record that cannot be read, or
 * storage blocked. The pre-React code uses it to draw and ask for what the person will see; the session (which checks
 * the whole record) stays the judge once its code is there: an answer asked with a token it would not read is never
 * taken (shared/api/early.ts takes only an answer asked with the session's own Authorization).
 */
export function storedAuthorization(apiBase: string, now: number = Date.now()): string {
  const auth = storedRecord(apiBase)?.auth;
  return auth && auth.expiresAt > now ? `${auth.tokenType} ${auth.accessToken}` : '';
}

/** The session record as storage keeps it (shared/session/session.ts reads and checks it whole). */
export interface StoredRecord {
  readonly v: 1;
  readonly auth: StoredAuth | null;
  readonly user: unknown;
  readonly fromApps: boolean;
  readonly nextPage: unknown;
}

/** The stored record of someone signed in and nothing more (`fromApps`: signed in by the mobile app's link). */
export function signedInRecord(auth: StoredAuth, fromApps = false): string {
  return JSON.stringify({ v: 1, auth, user: null, fromApps, nextPage: null } satisfies StoredRecord);
}

/** The stored session record of an API host as written, or null (none, unreadable, or storage blocked). */
export function storedRecord(apiBase: string): Partial<StoredRecord> | null {
  try {
    const record: unknown = JSON.parse(localStorage.getItem(sessionKeyFor(apiBase))!);
    return record && typeof record === 'object' ? record : null;
  } catch {
    return null;
  }
}

// ---- What the page keeps for the code that comes later --------------------------------------------

/**
 * What a person did to a prerendered tag before its code arrived, as the loader records it; the element hands it to
 * its model when its code arrives (shared/ui/capture.ts).
 */
export interface Capture {
  /**
   * What the fields hold: a text field's name (or its place among the shadow root's controls, '#3') -> its text; a
   * checkbox's place -> 'true' or 'false'; '@<radio group>' -> the place of the radio chosen.
   */
  readonly fields: Record<string, string>;
  /** The actions taken, in order: a `data-sm-action` name (at most once), or the place of a button pressed ('#5'). */
  readonly actions: string[];
  /**
   * The body of the API's answer that the first view drew before the code came (widgets/survey/survey.draw.ts): the
   * model starts from it, so React hydrates what the person sees.
   */
  drawn?: unknown;
}

/** An answer the loader asked for before a widget's code came (shared/api/early.ts takes it). */
export interface Early {
  readonly answer: Promise<Response>;
  /** How many tags named it and have not taken it yet (a call takes it, or the first view that drew it). */
  uses: number;
  /** When it was asked for (Date.now()). */
  readonly at: number;
  /** The Authorization it was asked with ('Bearer …'); absent or '' for a public call. */
  readonly auth?: string;
  /** Its body, read once for the first views that draw it (widgets/survey/survey.draw.ts). */
  body?: Promise<unknown>;
}

/**
 * An early answer's body as JSON, read once however many read it (null for a failed answer, or one that is not JSON),
 * for the first views that draw it (widgets/survey/survey.draw.ts); route.js reads some as they come (askReading).
 */
export function bodyOf(early: Early): Promise<unknown> {
  return (early.body ??= early.answer
    .then((response) => (response.ok ? response.clone().json() : null))
    .catch(() => null));
}

/** Older than this, an early answer is left (the data may have changed since), and a first view no longer draws it. */
export const FRESH_MS = 30_000;

/** A store of the page's, by name, on globalThis: every copy of this module on a page finds the same (made here only). */
type Stores = { [key: symbol]: unknown };
export const pageStore = <T>(name: string, make: () => T): T =>
  ((globalThis as Stores)[Symbol.for(name)] ??= make()) as T;
const store = pageStore;

/**
 * The portal's own page says so before anything else runs on it (host/route.ts, host/main.tsx): a tag there may move
 * the address on its own (a route with nothing to show goes on to another). On any other page a tag never moves it.
 */
export const markPortalPage = (): void => void store('sm.portal-page', () => true);
export const isPortalPage = (): boolean => (globalThis as Stores)[Symbol.for('sm.portal-page')] === true;

/** The page's captures, by element. */
export const captures = (): WeakMap<Element, Capture> => store('sm.capture', () => new WeakMap<Element, Capture>());
/** What a first view drew before the loader captured its element (route.js draws so): its capture's `drawn`. */
export const drawnEarly = (): WeakMap<Element, unknown> => store('sm.drawn', () => new WeakMap<Element, unknown>());

/** The page's early answers, by the address as the API client writes it. */
export const earlyAnswers = (): Record<string, Early> => store('sm.early', () => ({}));

/**
 * What each signed-in route's prerendered block first asks for, written into the portal page's head before route.js
 * (tools/prerender.tsx) so that it asks at once, before the parser has reached the block: `<meta name="sm-first-data"
 * content='{"/survey":{"data":["/survey-question"],"draw":["sm-survey"]}}'>`: by route, the GETs its tags' first views
 * make with the person's token (their data-sm-early-signed-in), and the tags whose first view draws that data.
 */
export const FIRST_DATA_META = 'sm-first-data';
export interface FirstData {
  readonly data: readonly string[];
  readonly draw: readonly string[];
}

/** The portal page's templates of modulepreload links, by what they load (tools/modulepreload.ts; route.js). */
export const MODULEPRELOADS = {
  portal: 'sm-modulepreload',
  paymentResults: 'sm-modulepreload-payment-results',
} as const;

// ---- A link from the mobile app ------------------------------------------------------------------------

/** The call that exchanges the app's one-time token for a session (shared/api/auth.ts mobileLogin). */
export const MOBILE_LOGIN_PATH = '/webclient/auth/mobile-login';
/** The signed-in person's profile (shared/api/auth.ts profile), which the portal asks for as it starts. */
export const PROFILE_PATH = '/webclient/account/profile';

/**
 * Whether a path a prerendered view names for its first data (data-sm-early, data-sm-early-signed-in) is one to ask
 * for: a path on the tag's own API host ('/webclient/…'). Markup pasted into a page could name another ('@evil.org/',
 * '//evil.org'), and the person's token must never go there.
 */
export const isApiPath = (path: string): boolean => /^\/\w/.test(path);

/**
 * Asks for a GET now (unless the page has already), for the API client to take when its code makes the same call
 * (shared/api/early.ts) with the same Authorization (`auth`, '' for a public call), once for each use counted on it:
 * the loader for a tag's first view, route.js for the shown route. (A failure is the client's to report.) `ask` is
 * fetch, or what asks as it does (route.js reads some bodies as they come: host/route.ts askReading).
 */
export function askEarly(url: string, auth: string, ask: typeof fetch = fetch): Early {
  const store = earlyAnswers();
  if (!store[url]) {
    const answer = ask(url, { credentials: 'omit', headers: auth ? { Authorization: auth } : {} });
    answer.catch(() => {});
    store[url] = { answer, uses: 0, at: Date.now(), auth };
  }
  return store[url];
}

/** A link from the mobile app with its one-time token (`_t`): where it opens, and the `type` that says where it goes. */
export interface AppLink {
  readonly token: string;
  /** '/login' or '/register' (with a `type`: sign in, then go to the type's page), '/update-payment', '/direct-subscribe'. */
  readonly path: string;
  readonly type: string | null;
}

/** The app link an address holds ('#/login?_t=…&type=topup'), or null. */
export function appLinkOf(hash: string): AppLink | null {
  const [path = '', ...rest] = hash.replace(/^#/, '').split('?');
  const query = new URLSearchParams(rest.join('?'));
  const token = query.get('_t');
  const type = query.get('type');
  if (!token) return null;
  if ((path === '/login' || path === '/register') && type) return { token, path, type };
  return path === '/update-payment' || path === '/direct-subscribe' ? { token, path, type: null } : null;
}

/**
 * An app link signed in before the portal's code came (host/route.ts): `signedIn` once the token's exchange has
 * answered (the session written, or left to the portal's code to finish), `settled` once the page has moved on to the
 * type's page (or will not: a refused token, another account signed in here).
 */
interface AppLinkSignIn {
  readonly signedIn: Promise<unknown>;
  readonly settled: Promise<unknown>;
}
const appLinkSignIn = (): { current?: AppLinkSignIn } => store('sm.app-link', () => ({}));

/** Says an app link is being signed in before the portal's code comes (host/route.ts). */
export function beginAppLinkSignIn(flow: AppLinkSignIn): void {
  appLinkSignIn().current = flow;
}

/** Resolves once the app link's sign-in has answered (at once when there is none): whose token to ask data with. */
export function appLinkSignedIn(): Promise<unknown> {
  return appLinkSignIn().current?.signedIn ?? Promise.resolve();
}

/** Resolves once the app link's sign-in has moved the page on (at once when there is none): the portal may start. */
export function appLinkSettled(): Promise<unknown> {
  return appLinkSignIn().current?.settled ?? Promise.resolve();
}

// ---- Languages --------------------------------------------------------------------------------------

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

/**
 * The language a tag names, or null when none of ours fits: 'es-MX' -> 'es', 'zh-CN', 'zh-SG' and
 * 'zh-Hans-*' -> 'zh-Hans', 'tl' and 'fil-PH' -> 'fil', 'en-GB' -> 'en', 'en-XA' -> the pseudo-locale.
 * (Written short: the loader and route.js carry it.)
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const lower = tag?.trim().toLowerCase().replace(/_/g, '-') ?? '';
  if (lower === PSEUDO.toLowerCase()) return PSEUDO;
  if (OTHER_SCRIPT.test(lower)) return null;
  // Its first part read through the aliases, and a '-' after it, so 'es' and 'es-MX' both start with 'es-'.
  const named = `${lower.replace(/^(tl|zh)(?=-|$)/, (first) => ALIASES[first]!)}-`;
  return LANGUAGES.find((l) => named.startsWith(`${l.toLowerCase()}-`)) ?? null;
}

/**
 * The `lang` of the page around an element: its nearest ancestor with `lang`, going out through
 * each shadow root to its host, up to the document. Null when nothing says (or says lang="").
 */
export function pageLanguageOf(element: Element): string | null {
  for (let node: Element | null = element; node; node = (node.getRootNode() as Partial<ShadowRoot>).host ?? null) {
    const found = node.closest('[lang]');
    if (found) return found.getAttribute('lang') || null;
  }
  return null;
}

/**
 * The language an sm-* element shows: its `language` attribute (a value we do not have shows
 * English, and the element warns about it), else the nearest `lang` of the page around it, else
 * English (an English page keeps English whatever the browser says).
 */
export function elementLanguage(element: Element): Language {
  return matchLanguage(element.getAttribute('language') || pageLanguageOf(element)) ?? 'en';
}

/**
 * The portal's language: the one the person chose in the menu (`stored`; anything else stored there is ignored),
 * else the first of the browser's languages we have, else English.
 */
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

// ---- The API host -------------------------------------------------------------------------------------

/**
 * An API host's or portal's address as the code keys and calls it: an absolute http(s) URL (a relative one is read
 * against the page) without a trailing slash; null for anything else.
 */
export function normaliseBase(
  value: string | null | undefined,
  pageUrl: string | undefined = globalThis.location?.href,
): string | null {
  try {
    const url = new URL(value!, pageUrl);
    return value && /^https?:$/.test(url.protocol) ? url.href.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/** The API host the build names (VITE_API_BASE) for a tag with no good `api-base`; '' is the page's own origin. */
export const BUILD_API_BASE: string = normaliseBase(import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

/** A tag's API host: its `api-base` when that is a good address, else the build's. */
export function apiBaseOf(attribute: string | null | undefined): string {
  return normaliseBase(attribute) ?? BUILD_API_BASE;
}
