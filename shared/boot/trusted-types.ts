/**
 * The page's Trusted Types policy, `sm-portal`, through which all our code's HTML sink writes go (a page enforcing
 * Trusted Types allows it by name). It passes:
 * - markup byte for byte as the build wrote it (its SHA-256 on the build's list, `WRITTEN`), checked by the copy of
 *   this module that created the policy, which alone holds it;
 * - text with no '<' (a style sheet, ''), which can make no element: for every copy of this module on the page,
 *   through the page store `sm.trusted-text`, which passes nothing else.
 */
import { pageStore } from './boot';

export const TRUSTED_TYPES_POLICY = 'sm-portal';

interface HTMLPolicy {
  createHTML(html: string): unknown;
}

/** The text, if the policy passes it: one with no '<', or one of `written`; else throws. */
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
 * The page's way to text with no markup, made by the first copy to ask, which creates the policy and keeps it. False
 * where the page does not allow the policy (or its name is taken); null without Trusted Types (or in Node).
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

// Created as this module loads: the loader, our first script on a page, holds the policy.
textPolicy();

/**
 * Text with no markup (a style sheet, '') as an HTML sink enforcing Trusted Types takes it; else the text itself.
 * Typed as the string the DOM's sinks are typed to take.
 */
export function trustedText(text: string): string {
  const pass = textPolicy();
  return pass ? pass(text) : acceptHTML(text, NO_MARKUP);
}

/** The first 12 bytes of a text's SHA-256 (UTF-8), in base64: how the build's list names each markup file. */
export async function markupHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest, 0, 12)));
}

/**
 * A markup file's text as an HTML sink takes it, when its hash is in `list` (space-separated); else null, and the tag
 * waits for its code. Null too where this copy cannot vouch for it: the policy is another copy's, or no crypto.subtle
 * (not a secure context).
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
