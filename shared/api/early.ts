/**
 * Answers the page asked for before a widget's code arrived. A prerendered first view names the
 * GETs it will make: `data-sm-early="<path> <path>"` the public ones a visitor who is not signed in
 * makes (see widgets/donate), `data-sm-early-signed-in` the ones a signed-in person makes with their
 * token (see widgets/topup). The loader (widgets/loader.ts; the store and its lifetime are the boot protocol's,
 * shared/boot/boot.ts) asks for the ones that fit whoever is signed in on the tag's API host as
 * soon as it finds the tag, so the data travels while the code does. The API client then takes the
 * answer instead of asking again: only a call sent with the same Authorization (none for a public
 * one), once for each tag that named it, and never once it is older than FRESH_MS (docs/boot.md).
 *
 * A first view may draw the answer before its code comes (`<template data-sm-draw>` in its markup: see
 * widgets/survey/survey.draw.ts), which reads its body once (`body`); what it drew goes with that element's capture
 * (shared/boot/page.ts `drawn`), for its model to start from.
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
