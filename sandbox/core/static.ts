// Serving the built portal from dist/ as a CDN would: content types, cache headers and ETags, each file in the
// encoding the browser accepts best (the build's precompressed copies, see tools/compress.ts), no way out of the folder.
// Also the portal's own static server in the production shape (sandbox/production.ts).
import { createReadStream } from 'node:fs';
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { compress, ENCODINGS, MIN_BYTES, type Encoding } from './compression.js';
import { escapeHtml, page } from './html.js';
import { cacheControl, contentType } from './portal-headers.js';

export type HtmlHeaders = (res: ServerResponse) => void;

/** Changes every HTML page on its way out (the runtime config block); `tag` names the change in the ETag. */
export interface HtmlTransform {
  apply: (html: string) => string;
  tag: string;
}

async function statFile(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

function sendPage(res: ServerResponse, setHtmlHeaders: HtmlHeaders, status: number, title: string, body: string): void {
  setHtmlHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(page(title, body));
}

async function notFound(
  res: ServerResponse,
  setHtmlHeaders: HtmlHeaders,
  root: string,
  pathname: string,
): Promise<void> {
  const built = await statFile(join(root, 'index.html'));
  const hint = built ? '' : '<p>The portal is not built yet: run <code>npm run build</code> first.</p>';
  sendPage(
    res,
    setHtmlHeaders,
    404,
    'Not found',
    `<h1>Not found</h1><p><code>${escapeHtml(pathname)}</code> does not exist.</p>${hint}<p><a href="/">Home</a></p>`,
  );
}

/** Whether HTML is a whole page (a doctype or an html element first), not a fragment to put into one. */
function isDocument(html: string): boolean {
  return /^\s*<(!doctype\s+html|html[\s>])/i.test(html);
}

/** How a response's body is encoded: one of the build's encodings, or as it is. */
export type ContentCoding = Encoding | 'identity';

/** The server's order of preference among encodings the browser rates equally. */
const PREFERENCE: readonly ContentCoding[] = [...(Object.keys(ENCODINGS) as Encoding[]), 'identity'];

/**
 * The encoding to send, from the request's Accept-Encoding and the encodings the file has.
 * The highest-rated one wins (ties: brotli, then gzip, then the file as it is); `;q=0` refuses
 * one, `*` rates every one not named. The file goes as it is without the header, when nothing
 * else is accepted, and even when the browser refuses that too.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  const rated = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const value = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    if (Number.isFinite(value) && value >= 0 && value <= 1) rated.set(name === 'x-gzip' ? 'gzip' : name, value);
  }
  // Unrated, the file as it is stays acceptable, but only as the last resort.
  const rate = (coding: ContentCoding) => rated.get(coding) ?? rated.get('*') ?? 0;
  let best: ContentCoding = 'identity';
  let bestRate = 0;
  for (const coding of PREFERENCE.filter((c) => c === 'identity' || available.includes(c))) {
    if (rate(coding) > bestRate) {
      best = coding;
      bestRate = rate(coding);
    }
  }
  return best;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET and HEAD) or is `*`. */
function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Adds a field to the Vary header, keeping what the app put there (Origin for CORS). */
function addVary(res: ServerResponse, field: string): void {
  const fields = String(res.getHeader('Vary') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) fields.push(field);
  res.setHeader('Vary', fields.join(', '));
}

/**
 * The precompressed copies the build wrote beside a file: plain files (a link could lead out of dist) not older
 * than the file (a copy of an earlier version would send stale bytes).
 */
async function compressedCopies(file: string, info: Stats): Promise<Map<Encoding, Stats>> {
  const copies = new Map<Encoding, Stats>();
  for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
    const copy = await lstat(file + suffix).catch(() => undefined);
    if (copy?.isFile() && copy.mtimeMs >= info.mtimeMs) copies.set(encoding, copy);
  }
  return copies;
}

/** Whether a file is a compressed copy of another one beside it: never a resource of its own. */
async function isCompressedCopy(file: string): Promise<boolean> {
  const suffix = Object.values(ENCODINGS).find((s) => file.endsWith(s));
  return suffix !== undefined && Boolean((await statFile(file.slice(0, -suffix.length)))?.isFile());
}

/**
 * Pages changed on their way out are compressed here instead, once per page, change and encoding:
 * the newest few are kept.
 */
const onTheFly = new Map<string, Promise<Buffer>>();
const ON_THE_FLY_KEPT = 32;

function compressOnce(key: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  let copy = onTheFly.get(key);
  if (!copy) {
    copy = Promise.resolve().then(() => compress(body, encoding));
    onTheFly.set(key, copy);
    if (onTheFly.size > ON_THE_FLY_KEPT) onTheFly.delete(onTheFly.keys().next().value!);
  }
  return copy;
}

/** Serves GET/HEAD for a path under distDir. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  distDir: string,
  pathname: string,
  setHtmlHeaders: HtmlHeaders,
  htmlTransform?: HtmlTransform,
  { sourceMaps = false }: { sourceMaps?: boolean } = {},
): Promise<void> {
  const root = resolve(distDir);
  // One check, on the path as the file is read: decoded once (a `%2Emap` is a `.map`), then every rule.
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound(res, setHtmlHeaders, root, pathname);
  }
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const segments = relative.split(/[/\\]/);
  // No NUL bytes, no dot segments (.., .git, .env): nothing outside dist, nothing hidden; and source maps (the
  // portal's sources, comments and all) only when asked for: SANDBOX_SOURCE_MAPS=1.
  if (
    relative.includes('\0') ||
    segments.some((s) => s.startsWith('.')) ||
    (!sourceMaps && relative.toLowerCase().endsWith('.map'))
  ) {
    return notFound(res, setHtmlHeaders, root, pathname);
  }
  let file = resolve(root, `.${relative}`);
  if (!file.startsWith(root + sep)) return notFound(res, setHtmlHeaders, root, pathname);

  let info = await statFile(file);
  if (info?.isDirectory()) {
    file = join(file, 'index.html');
    info = await statFile(file);
  }
  if (!info?.isFile()) {
    if (relative === '/index.html') {
      return sendPage(
        res,
        setHtmlHeaders,
        503,
        'Portal not built',
        '<h1>The portal is not built yet</h1><p>Run <code>npm run build</code> first, then reload this page.</p>' +
          '<p>The API sandbox is running: see <a href="/sandbox">/sandbox</a>.</p>',
      );
    }
    return notFound(res, setHtmlHeaders, root, pathname);
  }
  // A symlink must not lead outside dist either, and a compressed copy is only sent in its file's place.
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
  if (!realFile.startsWith(realRoot + sep) || (await isCompressedCopy(file)))
    return notFound(res, setHtmlHeaders, root, pathname);

  const type = contentType(file);
  const isHtml = type.startsWith('text/html');
  if (isHtml) setHtmlHeaders(res);
  // Only whole pages are changed on their way out; a fragment (a tag's markup, a snippet) goes as built.
  const html = isHtml && htmlTransform ? await readFile(file, 'utf8') : undefined;
  const transform = html !== undefined && isDocument(html) ? htmlTransform : undefined;
  // A changed page has no copies on disk (they hold the page as built): it is compressed here when big enough.
  const copies = transform ? undefined : await compressedCopies(file, info);
  const available = copies ? [...copies.keys()] : info.size >= MIN_BYTES ? (Object.keys(ENCODINGS) as Encoding[]) : [];
  const encoding = chooseEncoding(req.headers['accept-encoding'], available);
  const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${transform ? `-${transform.tag}` : ''}`;
  const etag = `W/"${version}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader('Cache-Control', cacheControl(relative));
  if (available.length > 0) addVary(res, 'Accept-Encoding');
  if (matchesETag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  if (transform) {
    let body: Buffer = Buffer.from(transform.apply(html!), 'utf8');
    if (encoding !== 'identity') body = await compressOnce(`${file}|${version}|${encoding}`, body, encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const sent = encoding === 'identity' ? file : file + ENCODINGS[encoding];
  res.setHeader('Content-Length', (encoding === 'identity' ? info : copies!.get(encoding)!).size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(sent), res);
}
