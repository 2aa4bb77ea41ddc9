// The security headers on everything the sandbox answers, and the Content-Security-Policy of HTML. One policy, widened
// only by name: the portal's page reaches the Auth emulator, a payment page's forms lead back to the portal, and the
// portal served on its own origin (sandbox/production.ts) calls the API on another.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { TRUSTED_TYPES_POLICY } from '../../shared/boot/trusted-types.js';

/** Origins a page may use beyond its own, by what for. */
export interface CspSources {
  /** what its scripts may call (connect-src) */
  connect?: readonly string[];
  /** where its images may come from (img-src) */
  img?: readonly string[];
  /** what it may frame besides its own origin's pages (frame-src; default-src otherwise) */
  frame?: readonly string[];
  /** where its forms may send the person, redirects after a submit included (form-action) */
  formAction?: readonly string[];
  /** the inline scripts it may run, by hash (script-src): `'sha256-…'`, as scriptHashes gives them */
  scripts?: readonly string[];
  /** the Trusted Types policies its scripts create besides the tags' one (trusted-types), by name */
  policies?: readonly string[];
}

/**
 * Whether a value is an http(s) origin exactly as browsers write one (no path, no trailing slash): anything else could
 * add a directive to the policy, and could never match a request's Origin anyway.
 */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** A script's hash as a CSP source, and nothing else (no keyword, no origin, no second directive). */
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

function sources(own: readonly string[], extra: readonly string[] = []): string {
  return [...new Set([...own, ...extra.filter(isOrigin)])].join(' ');
}

/** The policy of the sandbox's HTML, with the given origins added where named. */
export function contentSecurityPolicy(extra: CspSources = {}): string {
  return (
    `default-src 'self'; img-src ${sources(["'self'", 'data:'], extra.img)}; style-src 'self' 'unsafe-inline'; ` +
    `script-src ${["'self'", ...(extra.scripts ?? []).filter((hash) => SCRIPT_HASH.test(hash))].join(' ')}; ` +
    `connect-src ${sources(["'self'"], extra.connect)}; ` +
    (extra.frame?.some(isOrigin) ? `frame-src ${sources([], extra.frame)}; ` : '') +
    `frame-ancestors 'none'; base-uri 'self'; ` +
    `form-action ${sources(["'self'"], extra.formAction)}; ` +
    // Every HTML sink takes only what the portal's one policy passed (shared/boot/trusted-types.ts).
    `require-trusted-types-for 'script'; ` +
    `trusted-types ${[TRUSTED_TYPES_POLICY, ...(extra.policies ?? []).filter((name) => /^[\w-]+$/.test(name))].join(' ')}`
  );
}

/**
 * The hashes (`'sha256-…'`) of the inline scripts a page runs: its <script> elements without a src whose type is a
 * script's (none, a JavaScript type, or module). A data block (`type="application/json"`) runs nothing and needs none.
 * The portal's page has one, route.js, which the build writes into its head (tools/prerender.tsx inlineHead).
 */
export function scriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (type && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const pageHashes = new Map<string, { version: string; hashes: string[] }>();
/** scriptHashes of a page on disk (the built portal's index.html), read again only when the file changed; none when it is not there. */
export function pageScriptHashes(file: string): string[] {
  let version: string;
  try {
    const info = statSync(file);
    version = `${info.size}-${info.mtimeMs}`;
  } catch {
    return [];
  }
  const known = pageHashes.get(file);
  if (known?.version === version) return known.hashes;
  const hashes = scriptHashes(readFileSync(file, 'utf8'));
  pageHashes.set(file, { version, hashes });
  return hashes;
}

/** The policy of the sandbox's own pages. */
export const CSP = contentSecurityPolicy();

/** What every answer carries, JSON and files included. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** What HTML carries besides: its policy, and no framing. */
export function setHtmlHeaders(res: ServerResponse, policy = CSP): void {
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('X-Frame-Options', 'DENY');
}
