// Serving the built portal from dist/: content types, cache headers, no way out of the folder.
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { escapeHtml, page } from './html.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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

export type HtmlHeaders = (res: ServerResponse) => void;

/** Changes every HTML file on its way out (the runtime config block); `tag` names the change in the ETag. */
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

async function notFound(res: ServerResponse, setHtmlHeaders: HtmlHeaders, root: string, pathname: string): Promise<void> {
  const built = await statFile(join(root, 'index.html'));
  const hint = built ? '' : '<p>The portal is not built yet: run <code>npm run build</code> first.</p>';
  sendPage(res, setHtmlHeaders, 404, 'Not found', `<h1>Not found</h1><p><code>${escapeHtml(pathname)}</code> does not exist.</p>${hint}<p><a href="/">Home</a></p>`);
}

/** Serves GET/HEAD for a path under distDir. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  distDir: string,
  pathname: string,
  setHtmlHeaders: HtmlHeaders,
  htmlTransform?: HtmlTransform,
): Promise<void> {
  const root = resolve(distDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound(res, setHtmlHeaders, root, pathname);
  }
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const segments = relative.split(/[/\\]/);
  // No NUL bytes, no dot segments (.., .git, .env): nothing outside dist, nothing hidden.
  if (relative.includes('\0') || segments.some((s) => s.startsWith('.'))) {
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
      return sendPage(res, setHtmlHeaders, 503, 'Portal not built',
        '<h1>The portal is not built yet</h1><p>Run <code>npm run build</code> first, then reload this page.</p>' +
          '<p>The API sandbox is running: see <a href="/sandbox">/sandbox</a>.</p>');
    }
    return notFound(res, setHtmlHeaders, root, pathname);
  }
  // A symlink must not lead outside dist either.
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
  if (!realFile.startsWith(realRoot + sep)) return notFound(res, setHtmlHeaders, root, pathname);

  const type = contentType(file);
  const isHtml = type.startsWith('text/html');
  if (isHtml) setHtmlHeaders(res);
  const transform = isHtml ? htmlTransform : undefined;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${transform ? `-${transform.tag}` : ''}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader(
    'Cache-Control',
    relative.startsWith('/assets/') && !type.startsWith('text/html') ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  if (transform) {
    const body = Buffer.from(transform.apply(await readFile(file, 'utf8')), 'utf8');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.setHeader('Content-Length', info.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res);
}
