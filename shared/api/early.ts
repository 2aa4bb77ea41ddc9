/**
 * Answers the page asked for before a widget's code arrived: the GETs a prerendered first view names
 * (`data-sm-early`, public; `data-sm-early-signed-in`, with the token), asked by the loader as soon as it finds
 * the tag (docs/loader.md; the store is the boot protocol's, shared/boot/boot.ts). The API client takes the answer
 * instead of asking again: only for a call with the same Authorization (none for a public one), once for each tag
 * that named it, and never once older than FRESH_MS (docs/boot.md).
 *
 * A first view may draw the answer before its code comes (widgets/survey/survey.draw.ts); what it drew goes with
 * that element's capture (shared/boot/page.ts `drawn`), for its model to start from.
 */
import { FRESH_MS, page } from '../boot/boot';

/**
 * The early answer for `url` (the address as the client writes it: a copy, so every tag that named it can read it)
 * asked with the same Authorization as the call's (`auth`, null for a public call), or null.
 */
export function takeEarly(url: string, auth: string | null): Promise<Response> | null {
  const store = page().early;
  const early = store[url];
  // Asked for another person (or with a token for a public call), or each tag that named it has it already (a tag
  // whose first view drew it: widgets/survey/survey.draw.ts): not this call's answer.
  if (!early || (early.auth || null) !== auth || early.uses < 1) return null;
  const stale = Date.now() - early.at > FRESH_MS;
  if (--early.uses < 1 || stale) delete store[url];
  return stale ? null : early.answer.then((response) => response.clone());
}
