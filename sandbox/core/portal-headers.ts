// What every file of the built portal is answered with, written once: the build writes it out for static hosts
// (tools/deploy.ts: dist/_headers and dist/nginx.conf), and the sandbox's own static servers apply the same rules
// (core/static.ts, sandbox/production.ts). Change a header here and both change.
import { readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { INTL_WORKER_POLICY } from '../../shared/boot/intl.js';
import { contentSecurityPolicy, type CspSources } from './csp.js';

/** The content type of each kind of file the build writes (a build with another kind fails: tools/deploy.ts). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // The tags' type declarations (widgets/sm-widgets.d.ts): text to read, not the MPEG stream hosts guess from ".ts".
  '.ts': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Hashed files (`assets/`: every chunk's name carries a hash of its content) never change under their name: a year,
 * immutable, so a return visit asks for none of them.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything with a fixed name is kept but asked about again on every use (a 304 when unchanged): the portal's pages
 * (they name the hashed files of their own build, and their inline script's hash must match the CSP sent with them),
 * `widgets/loader.js` and the tags' modules (embedders link them by name), the markup and snippet files (they match
 * the modules of their build). A stale copy of any of them would load files a new deploy no longer has.
 */
export const REVALIDATE = 'no-cache';

/** How long a file may be kept, by its path in the build (`/assets/x-1a2b3c4d.js`). */
export function cacheControl(path: string): string {
  return path.startsWith('/assets/') && !path.endsWith('.html') ? IMMUTABLE : REVALIDATE;
}

/** What every file carries: no type sniffing, no referrer, and open to other origins (the blog's loader imports the modules). */
export const EVERY_FILE: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Access-Control-Allow-Origin': '*',
};

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
 * What the portal's pages carry besides their CSP: no framing, only the browser features the portal uses
 * (PERMISSIONS_POLICY), and a browsing context group of their own that keeps the social sign-in popup's way back
 * (same-origin-allow-popups).
 */
export const PORTAL_PAGE: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/** Sets PORTAL_PAGE on an answer of the sandbox's (its CSP is set apart: csp.ts setHtmlHeaders). */
export function setPortalPageHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(PORTAL_PAGE)) res.setHeader(name, value);
}

/** What a build is deployed with, read from its settings. */
export interface DeploySettings {
  /** the API host (VITE_API_BASE), when it is another origin than the portal's */
  api?: string;
  /** the Firebase Auth domain (VITE_FIREBASE_AUTH_DOMAIN), when social sign-in is configured */
  firebaseAuthDomain?: string;
  /** the hashes of the pages' inline scripts, `'sha256-…'` (csp.ts scriptHashes) */
  scripts: readonly string[];
}

/** The hosts Firebase Auth's web SDK talks to, besides the project's own auth domain. */
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/** The CSP of the portal's pages: calls and images to the API host, Firebase Auth when configured, the inline scripts by hash. */
export function portalPolicy(settings: DeploySettings): string {
  const firebase = settings.firebaseAuthDomain ? `https://${settings.firebaseAuthDomain}` : undefined;
  const sources: CspSources = {
    connect: [...(settings.api ? [settings.api] : []), ...(firebase ? FIREBASE_CONNECT : [])],
    img: settings.api ? [settings.api] : [],
    frame: firebase ? [firebase] : [],
    scripts: settings.scripts,
    // The worker's address route.js passes (host/boot/intl.ts).
    policies: [INTL_WORKER_POLICY],
  };
  return contentSecurityPolicy(sources);
}

/** Whether a file is a page the browser opens (the portal, the docs), not a fragment a script fetches. */
export function isPage(path: string): boolean {
  return path.endsWith('.html') && !path.startsWith('/widgets/') && !path.startsWith('/snippets/');
}

/** One rule of the deployment: the headers of the paths it matches (`/x` exactly, or `/dir/*` everything under). */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * The rules for a build whose files (paths from its root, `/index.html`, `/assets/…`) are given: every file's own, then
 * each folder's (its caching, and the page headers where it holds pages: a stylesheet beside them loses nothing by
 * them), then each file at the top (`/` is its index.html). Types are named where a host might guess them wrong. Rules
 * never give a header twice for one path, so hosts that merge matching rules (Netlify, Cloudflare Pages) send each
 * header once.
 */
export function deploymentRules(files: readonly string[], settings: DeploySettings): HeaderRule[] {
  const rules: HeaderRule[] = [{ path: '/*', headers: { ...EVERY_FILE } }];
  const pageHeaders = { 'Content-Security-Policy': portalPolicy(settings), ...PORTAL_PAGE };
  const folderOf = (file: string) => file.slice(0, Math.max(0, file.indexOf('/', 1)));
  for (const folder of [...new Set(files.map(folderOf).filter(Boolean))].sort()) {
    const headers = { 'Cache-Control': cacheControl(`${folder}/`) };
    if (files.some((file) => folderOf(file) === folder && isPage(file))) Object.assign(headers, pageHeaders);
    rules.push({ path: `${folder}/*`, headers });
  }
  for (const file of [...files].sort()) {
    const topLevel = !folderOf(file);
    const headers: Record<string, string> = topLevel ? { 'Cache-Control': cacheControl(file) } : {};
    if (topLevel && isPage(file)) Object.assign(headers, pageHeaders);
    if (extname(file) === '.ts') headers['Content-Type'] = contentType(file);
    if (Object.keys(headers).length === 0) continue;
    rules.push({ path: file, headers });
    if (file === '/index.html') rules.push({ path: '/', headers });
  }
  return rules;
}

/** The headers the rules give one path, as a static host applies them. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.path.endsWith('/*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}

/**
 * The files of a build a host serves, as paths from its root (`/index.html`): not the compressed copies beside them
 * (sent in their file's place), source maps (the sources stay private), dot folders (Vite's manifest) or the
 * deployment's own files (`/_headers`, `/_nginx.conf`).
 */
export function servedFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = `${under}/${entry.name}`;
    if (entry.name.startsWith('.') || (!under && entry.name.startsWith('_'))) return [];
    if (entry.isDirectory()) return servedFiles(dir, path);
    return entry.isFile() && !/\.(map|br|gz)$/.test(entry.name) ? [path] : [];
  });
}
