// The security headers on everything the sandbox answers, and the Content-Security-Policy of HTML. One policy, widened
// only by name: the portal's page reaches the Auth emulator, a payment page's forms lead back to the portal, and the
// portal served on its own origin (sandbox/production.ts) calls the API on another.
import type { ServerResponse } from 'node:http';
import { TRUSTED_TYPES_POLICY } from '../../shared/boot/boot.js';

/** Origins a page may use beyond its own, by what for. */
export interface CspSources {
  /** what its scripts may call (connect-src) */
  connect?: readonly string[];
  /** where its images may come from (img-src) */
  img?: readonly string[];
  /** where its forms may send the person, redirects after a submit included (form-action) */
  formAction?: readonly string[];
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

function sources(own: readonly string[], extra: readonly string[] = []): string {
  return [...new Set([...own, ...extra.filter(isOrigin)])].join(' ');
}

/** The policy of the sandbox's HTML, with the given origins added where named. */
export function contentSecurityPolicy(extra: CspSources = {}): string {
  return (
    `default-src 'self'; img-src ${sources(["'self'", 'data:'], extra.img)}; style-src 'self' 'unsafe-inline'; ` +
    `script-src 'self'; connect-src ${sources(["'self'"], extra.connect)}; frame-ancestors 'none'; base-uri 'self'; ` +
    `form-action ${sources(["'self'"], extra.formAction)}; ` +
    // Every HTML sink takes only what the portal's one policy passed (shared/boot/boot.ts trustedHTML).
    `require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY}`
  );
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

/**
 * What the portal uses of the browser's powerful features, and nothing else: payment (Apple Pay on its own pages) and
 * writing to the clipboard (copying a gift code); every other feature is off for the page and anything it frames.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), ' +
  'gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(self), picture-in-picture=(), ' +
  'publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=(), clipboard-read=(), ' +
  'clipboard-write=(self)';

/**
 * The portal's own pages besides: the Permissions-Policy above, and a browsing context group of their own that still
 * keeps the social sign-in popup's way back to the page (same-origin-allow-popups).
 */
export function setPortalPageHeaders(res: ServerResponse): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
}
