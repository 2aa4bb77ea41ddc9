/**
 * The page's stores, shared by every copy of the boot protocol on it (`pageStore`): each tag's record, the early
 * answers, whether this is the portal's page; and the early asks. Boot: docs/boot.md.
 */

/**
 * What a tag's code takes over when it arrives (takeBoot): what the person did to its prerendered markup, and what its
 * first view drew meanwhile. One per element, made by whichever comes first: the loader's capture or route.js's draw.
 */
export interface Capture {
  /**
   * A text field's name (or place, '#3') -> its text; a checkbox's place -> 'true' or 'false'; '@<radio group>' -> the
   * place of the radio chosen.
   */
  readonly fields: Record<string, string>;
  /** The actions taken, in order: a `data-sm-action` name (at most once), or the place of a button pressed ('#5'). */
  readonly actions: string[];
  /** A loader is recording what the person does here (widgets/loader.ts capture). */
  captured?: true;
  /** The answer's body the first view drew (survey.draw.ts): the model starts from it, so React hydrates what shows. */
  drawn?: unknown;
}

/** An answer asked for before a widget's code came (shared/api/early.ts takes it). */
export interface Early {
  readonly answer: Promise<Response>;
  /** How many have named it and not taken it yet (a call, or the first view that drew it). */
  uses: number;
  /** When it was asked for (Date.now()). */
  readonly at: number;
  /** The Authorization it was asked with ('Bearer …'); absent or '' for a public call. */
  readonly auth?: string;
  /** Its body's text, where the ask has it at once (host/boot/ask-reading.ts); else bodyOf reads the answer. */
  readonly text?: () => string;
  /** Its body, read once for the first views that draw it (widgets/survey/survey.draw.ts). */
  body?: Promise<unknown>;
}

/** An early answer's body as JSON, read once for all who read it before React (null if it failed or is not JSON). */
export function bodyOf(early: Early): Promise<unknown> {
  return (early.body ??= early.answer
    .then(async (response) => (response.ok ? JSON.parse(early.text?.() ?? (await response.clone().text())) : null))
    .catch(() => null));
}

/** Older than this, an early answer is left (its data may have changed) and no first view draws it. */
export const FRESH_MS = 30_000;

/** A page store by name, on globalThis under Symbol.for(name): every copy of this module finds the same one. */
type Stores = { [key: symbol]: unknown };
export const pageStore = <T>(name: string, make: () => T): T =>
  ((globalThis as Stores)[Symbol.for(name)] ??= make()) as T;

/** The `sm.page` store. */
interface Page {
  /** Set on the portal's own page (host/route.ts, host/main.tsx): only there may a tag move the address. */
  portal?: boolean;
  /** Each tag's record until its code takes it (takeBoot). */
  readonly boots: WeakMap<Element, Capture>;
  /** The early answers, by URL as the API client writes it. */
  readonly early: Record<string, Early>;
  /** A link from the mobile app being signed in by route.js (app-link.ts). */
  appLink?: { readonly signedIn: Promise<unknown>; readonly settled: Promise<unknown> };
}
export const page = (): Page => pageStore('sm.page', () => ({ boots: new WeakMap(), early: {} }));

/** An element's record, made empty if it has none yet. */
export function bootOf(element: Element): Capture {
  const { boots } = page();
  return boots.get(element) ?? boots.set(element, { fields: {}, actions: [] }).get(element)!;
}

/** Takes (and forgets) an element's record as its code arrives. */
export function takeBoot(element: Element | null): Capture | null {
  if (!element) return null;
  const record = page().boots.get(element) ?? null;
  page().boots.delete(element);
  return record;
}

/**
 * The portal page's `<meta>` naming, per signed-in route, the GETs its tags' first views make with the person's token
 * (`data`) and the tags whose first view draws that data (`draw`): route.js asks for them before the parser reaches
 * the block. Written by tools/prerender.tsx.
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

/**
 * Whether a path a view names for its first data (data-sm-early[-signed-in]) is on the tag's own API host
 * ('/webclient/…'): pasted markup could name another ('@evil.org/', '//evil.org'), and the token must never go there.
 */
export const isApiPath = (path: string): boolean => /^\/\w/.test(path);

/** How an early answer is asked: its answer, and its body's text where the ask has it at once (`text`). */
export type Ask = (url: string, auth: string) => Pick<Early, 'answer' | 'text'>;
const fetchEarly: Ask = (url, auth) => ({
  answer: fetch(url, { credentials: 'omit', headers: auth ? { Authorization: auth } : {} }),
});

/**
 * Asks for a GET now (unless the page has already), for the API client to take when it makes the same call with the
 * same Authorization (`auth`, '' for public), once per use counted on it. A failure is the client's to report. `ask`
 * is fetch, or route.js's host/boot/ask-reading.ts.
 */
export function askEarly(url: string, auth: string, ask: Ask = fetchEarly): Early {
  const store = page().early;
  if (!store[url]) {
    const asked = ask(url, auth);
    asked.answer.catch(() => {});
    store[url] = { ...asked, uses: 0, at: Date.now(), auth };
  }
  return store[url];
}
