/**
 * Answers the page asked for before a widget's code arrived. A prerendered first view names the
 * public GETs it will make (`data-sm-early="<path> <path>"`, see widgets/donate); the loader
 * (widgets/loader.ts, which imports nothing and so writes this store's key out itself) asks for
 * them as soon as it finds the tag, so the data travels while the code does. The API client then
 * takes the answer instead of asking again: once for each tag that named it, and never once it
 * is older than FRESH_MS.
 */
export interface Early {
  readonly answer: Promise<Response>;
  /** How many tags named it and have not taken it yet. */
  uses: number;
  /** When it was asked for (Date.now()). */
  readonly at: number;
}

export const EARLY_KEY = Symbol.for('sm.early');
/** Older than this, an early answer is left: the data may have changed since. */
export const FRESH_MS = 30_000;

/** The early answer for `url` (the address as the client writes it: a copy, so every tag that named it can read it), or null. */
export function takeEarly(url: string): Promise<Response> | null {
  const store = (globalThis as Record<symbol, Record<string, Early> | undefined>)[EARLY_KEY];
  const early = store?.[url];
  if (!early) return null;
  const stale = Date.now() - early.at > FRESH_MS;
  if (--early.uses < 1 || stale) delete store[url];
  return stale ? null : early.answer.then((response) => response.clone());
}
