/**
 * The page's Trusted Types policy, `sm-portal`: everything our code writes into an HTML sink goes through it (the
 * loader stamping a tag's markup file, a widget's <style>, the survey's empty <template>). A page that enforces
 * Trusted Types (`require-trusted-types-for 'script'`) lets the tags work by allowing it by name
 * (`trusted-types sm-portal`).
 *
 * What it passes, and who can reach it:
 * - Markup only byte for byte as the build wrote it: a text whose SHA-256 is on the build's list of markup files
 *   (`WRITTEN`, which the loader carries), checked by the copy of this module that created the policy. That copy holds
 *   the policy in this module alone: no script on the page can reach it.
 * - Text with no markup in it (not one '<': a style sheet, ''): it can make no element in any sink, so every copy of
 *   this module on the page (the loader's, the widgets' code, another version's) may ask for it, through the page
 *   store's `sm.trusted-text`, which passes nothing else.
 */
import { pageStore } from './boot';

export const TRUSTED_TYPES_POLICY = 'sm-portal';

interface HTMLPolicy {
  createHTML(html: string): unknown;
}

/**
 * Whether the policy passes a text: none with markup in it (a '<') unless it is one of the texts `written` holds,
 * which the build wrote.
 */
export function acceptHTML(html: string, written: ReadonlySet<string>): string {
  if (!html.includes('<') || written.has(html)) return html;
  throw new TypeError(`${TRUSTED_TYPES_POLICY} refused HTML: ${html.slice(0, 40)}`);
}

/** The texts this copy found on the build's list: the policy it created passes them. */
const written = new Set<string>();
/** No markup at all: what the way for text passes. */
const NO_MARKUP: ReadonlySet<string> = new Set();
/** The policy, where this copy created it (undefined where another did, or where the browser has none). */
let policy: HTMLPolicy | undefined;

/**
 * The page's way to text with no markup: made by whichever copy asks first, which creates the policy and keeps it. False
 * where the page does not allow the policy (or another script took its name); null where the browser has no Trusted
 * Types (or when prerendering in Node).
 */
function textPolicy(): ((text: string) => string) | false | null {
  const types = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: HTMLPolicy): HTMLPolicy } })
    .trustedTypes;
  if (!types) return null;
  return pageStore('sm.trusted-text', () => {
    try {
      const created = types.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (html) => acceptHTML(html, written) });
      policy = created;
      return (text: string) => created.createHTML(acceptHTML(text, NO_MARKUP)) as string;
    } catch {
      // Kept as false (not null): asked once, whichever copy asks.
      return false;
    }
  });
}

// Created as this module loads: the loader is the first script of ours on a page, so its copy holds the policy before
// any widget's code asks for it.
textPolicy();

/**
 * Text with no markup in it (a style sheet, '') as an HTML sink on a page enforcing Trusted Types takes it; where the
 * browser has none, or the page does not allow the policy, the text itself (such a page's sinks then refuse it).
 * Typed as the string the DOM's sinks are typed to take.
 */
export function trustedText(text: string): string {
  const pass = textPolicy();
  return pass ? pass(text) : acceptHTML(text, NO_MARKUP);
}

/** The first 12 bytes of a text's SHA-256 (UTF-8), in base64: how the build's list names each markup file (tools/prerender.tsx). */
export async function markupHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest, 0, 12)));
}

/**
 * A markup file's text as an HTML sink takes it, when it is byte for byte one of the files the build wrote (its hash
 * is in `list`, the hashes separated by spaces); else null: the tag then waits for its code, which renders it. Null
 * too where this copy cannot vouch for it: the page's policy is another copy's, or the page is not a secure context
 * (no crypto.subtle to hash with).
 */
export async function trustedMarkup(text: string, list: string): Promise<string | null> {
  try {
    // Hashed once per text, however many of its tags the page holds.
    if (!written.has(text)) {
      if (!list.split(' ').includes(await markupHash(text))) return null;
      written.add(text);
    }
    if (textPolicy() === null) return text;
    return policy ? (policy.createHTML(text) as string) : null;
  } catch {
    return null;
  }
}
