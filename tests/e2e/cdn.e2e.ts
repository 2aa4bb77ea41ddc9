/**
 * The run command serves the build as a CDN would, checked against dist/ over HTTP: every file
 * with compressed copies travels as brotli or gzip and decodes to the very bytes of the build,
 * and the portal page fetches every chunk its script imports at once, through its modulepreload
 * links, under its CSP, with the files compressed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage } from './support';

const dist = resolve(import.meta.dirname, '../../dist');

/** A GET whose body is read as sent (fetch would decode it). */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, baseUrl()), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The files of dist/ that the build compressed (those with a .br copy beside them), relative to dist/. */
function compressedFiles(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return compressedFiles(path);
    return entry.name.endsWith('.br') ? [relative(dist, path.slice(0, -'.br'.length)).split('\\').join('/')] : [];
  });
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

describe('compressed files', () => {
  it('every compressed file of the build decodes to its bytes in dist/, in brotli and in gzip', async () => {
    const files = compressedFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'widgets/loader.js',
        'widgets/markup/sm-newsletter.html',
        'snippets/sm-newsletter.html',
        'index.html',
      ]),
    );
    for (const file of files) {
      // Whole pages (the portal, the docs) get their runtime config on the way out: they must match the page as served.
      const built = readFileSync(join(dist, file));
      const expected =
        /\.html$/.test(file) && /^\s*<!doctype html/i.test(built.toString('utf8'))
          ? (await get(`/${file}`, {})).body
          : built;
      for (const [encoding, decode] of Object.entries(decoders)) {
        const res = await get(`/${file}`, { 'Accept-Encoding': encoding });
        expect(res.status, file).toBe(200);
        expect(res.headers['content-encoding'], file).toBe(encoding);
        expect(res.headers.vary, file).toContain('Accept-Encoding');
        expect(Number(res.headers['content-length']), file).toBe(res.body.length);
        expect(decode(res.body).equals(expected), `${file} (${encoding})`).toBe(true);
      }
    }
  });
});

/** The portal's script and every chunk it imports statically, directly or not, from Vite's manifest. */
function portalFiles(): { entry: string; chunks: string[] } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    for (const next of manifest[key]?.imports ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        visit(next);
      }
    }
  };
  visit('index.html');
  return { entry: manifest['index.html']!.file, chunks: [...seen].map((key) => manifest[key]!.file).sort() };
}

describe('the portal page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fetches every chunk its script imports at once (modulepreload), compressed, under its CSP', async () => {
    const { context, page, errors } = await newPage(browser);
    const { entry, chunks } = portalFiles();
    expect(chunks.length).toBeGreaterThan(3);
    const requested = new Set<string>();
    const encodings = new Map<string, string | null>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname.slice(1)));
    page.on('response', async (response) => {
      if (response.url().startsWith(baseUrl()))
        encodings.set(new URL(response.url()).pathname, await response.headerValue('content-encoding'));
    });
    // The page's script is held back: a chunk found only by importing it could not be asked for meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    await page.route(`${baseUrl()}/${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    const loading = page.goto(`${baseUrl()}/#/login`, { waitUntil: 'networkidle' });
    try {
      await expect.poll(() => chunks.filter((chunk) => !requested.has(chunk)), { timeout: 15_000 }).toEqual([]);
    } finally {
      release();
      await loading;
    }
    await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname.slice(1)),
    );
    // The page's own links name exactly the chunks of its script, and all of them are in the head (the loader adds
    // more there, for the route's tags).
    const listed = await page.$eval('#sm-modulepreload', (t) =>
      [...(t as HTMLTemplateElement).content.querySelectorAll('link')].map((l) =>
        new URL(l.getAttribute('href')!, location.href).pathname.slice(1),
      ),
    );
    expect(listed.sort()).toEqual(chunks);
    expect(preloaded).toEqual(expect.arrayContaining(chunks));
    // The pages after a payment are preloaded on a payment page only (host/route.ts), never on a public one.
    expect([...requested].filter((path) => /PaymentPages/.test(path))).toEqual([]);

    // Each file the build compressed came in brotli (Chromium asks for it from localhost, a secure origin).
    const fileOf = (path: string) => (path === '/' ? 'index.html' : path.slice(1));
    const compressed = [...encodings].filter(([path]) => existsSync(join(dist, `${fileOf(path)}.br`)));
    const expected = ['index.html', entry, ...chunks].filter((file) => existsSync(join(dist, `${file}.br`)));
    expect(compressed.map(([path]) => fileOf(path))).toEqual(expect.arrayContaining(expected));
    for (const [path, encoding] of compressed) expect(encoding, path).toBe('br');
    expect(errors).toEqual([]);
    await context.close();
  });
});
