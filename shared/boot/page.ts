/**
 * What a page keeps for the code that comes later, in stores every copy of the boot protocol on the page shares
 * (`pageStore`, on globalThis): what a person did before a tag's code came (captures, with what was drawn), the answers
 * asked for early, and whether the page is the portal's own; and the early asks themselves.
 */

/**
 * What a tag's code takes over when it arrives (takeBoot): what the person did to its prerendered markup before then,
 * as the loader records it, and what its first view drew meanwhile. One record per element, made by whichever comes
 * first: the loader capturing the element, or route.js drawing its first view before the loader has reached it.
 */
export interface Capture {
  /**
   * What the fields hold: a text field's name (or its place among the shadow root's controls, '#3') -> its text; a
   * checkbox's place -> 'true' or 'false'; '@<radio group>' -> the place of the radio chosen.
   */
  readonly fields: Record<string, string>;
  /** The actions taken, in order: a `data-sm-action` name (at most once), or the place of a button pressed ('#5'). */
  readonly actions: string[];
  /** A loader is recording what the person does here (widgets/loader.ts capture). */
  captured?: true;
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
  /** Its body's text, where the way it was asked has it at once (host/boot/ask-reading.ts); else bodyOf reads it. */
  readonly text?: () => string;
  /** Its body, read once for the first views that draw it (widgets/survey/survey.draw.ts). */
  body?: Promise<unknown>;
}

/**
 * An early answer's body as JSON, read once however many read it (null for a failed answer, or one that is not JSON):
 * the one reader of the bodies read before React (the first views that draw them: widgets/survey/survey.draw.ts;
 * route.js, the app's token exchanged).
 */
export function bodyOf(early: Early): Promise<unknown> {
  return (early.body ??= early.answer
    .then(async (response) => (response.ok ? JSON.parse(early.text?.() ?? (await response.clone().text())) : null))
    .catch(() => null));
}

/** Older than this, an early answer is left (the data may have changed since), and a first view no longer draws it. */
export const FRESH_MS = 30_000;

/** A store of the page's, by name, on globalThis: every copy of this module on a page finds the same (made here only). */
type Stores = { [key: symbol]: unknown };
export const pageStore = <T>(name: string, make: () => T): T =>
  ((globalThis as Stores)[Symbol.for(name)] ??= make()) as T;

/** What the page keeps for the code that comes later, in one store every copy of the boot protocol shares. */
interface Page {
  /**
   * The portal's own page says so before anything else runs on it (host/route.ts, host/main.tsx): a tag there may
   * move the address on its own (a route with nothing to show goes on to another). On any other page it never does.
   */
  portal?: boolean;
  /** Each tag's record until its code takes it (takeBoot). */
  readonly boots: WeakMap<Element, Capture>;
  /** The early answers, by the address as the API client writes it. */
  readonly early: Record<string, Early>;
  /** A link from the mobile app being signed in before the portal's code comes (app-link.ts). */
  appLink?: { readonly signedIn: Promise<unknown>; readonly settled: Promise<unknown> };
}
export const page = (): Page => pageStore('sm.page', () => ({ boots: new WeakMap(), early: {} }));

/** An element's record, made empty if it has none yet (the loader capturing it, or a first view drawn for it). */
export function bootOf(element: Element): Capture {
  const { boots } = page();
  return boots.get(element) ?? boots.set(element, { fields: {}, actions: [] }).get(element)!;
}

/** Takes (and forgets) an element's record as its code arrives: the one hand-off from the boot to the element. */
export function takeBoot(element: Element | null): Capture | null {
  if (!element) return null;
  const record = page().boots.get(element) ?? null;
  page().boots.delete(element);
  return record;
}

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

/**
 * Whether a path a prerendered view names for its first data (data-sm-early, data-sm-early-signed-in) is one to ask
 * for: a path on the tag's own API host ('/webclient/…'). Markup pasted into a page could name another ('@evil.org/',
 * '//evil.org'), and the person's token must never go there.
 */
export const isApiPath = (path: string): boolean => /^\/\w/.test(path);

/** How an early answer is asked: its answer, and its body's text where the way has that at once (`text`). */
export type Ask = (url: string, auth: string) => Pick<Early, 'answer' | 'text'>;
const fetchEarly: Ask = (url, auth) => ({
  answer: fetch(url, { credentials: 'omit', headers: auth ? { Authorization: auth } : {} }),
});

/**
 * Asks for a GET now (unless the page has already), for the API client to take when its code makes the same call
 * (shared/api/early.ts) with the same Authorization (`auth`, '' for a public call), once for each use counted on it:
 * the loader for a tag's first view, route.js for the shown route. (A failure is the client's to report.) `ask` is
 * fetch's way, or one that has the body sooner while the page is parsed (route.js: host/boot/ask-reading.ts).
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
