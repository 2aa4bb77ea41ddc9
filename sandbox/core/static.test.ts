// @vitest-environment node
// Serving dist/ as a CDN would: the build's brotli and gzip copies (tools/compress.ts) sent to the browsers that accept
// them, with Content-Encoding, Vary: Accept-Encoding, the right length and an ETag per encoding.
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../tools/compress.js';
import { MIN_BYTES } from './compression.js';
import { startSandbox, type TestSandbox } from '../test-support.js';
import { chooseEncoding } from './static.js';

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it('prefers brotli, then gzip, then the file as it is', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('deflate', both)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br', [])).toBe('identity');
  });

  it('sends the file as it is when the request does not say, or asks for nothing', () => {
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
    expect(chooseEncoding('identity', both)).toBe('identity');
  });

  it('honours q=0 and the ratings', () => {
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br; q=0.0, gzip;q=0', both)).toBe('identity');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5', both)).toBe('gzip');
    expect(chooseEncoding('BR;Q=0.8, GZIP;Q=0.8', both)).toBe('br');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('x-gzip', both)).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, identity', both)).toBe('identity');
    // identity refused and nothing else acceptable: the file as it is all the same
    expect(chooseEncoding('identity;q=0', both)).toBe('identity');
    // a rating that is not a number is ignored
    expect(chooseEncoding('br;q=high, gzip', both)).toBe('gzip');
  });
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let sb: TestSandbox;
let dist: string;

/** A request whose body is read as sent (fetch would decompress it). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (b) => b,
};

// Text that compresses well, over the size below which no copy is made.
const SCRIPT = `export const words = [${Array.from({ length: 300 }, (_, i) => `"word ${i}"`).join(', ')}];\n`;
const MARKUP = `<style>:host{display:block;min-height:274px}</style><form part="card">${'<label>Email <input name="email"></label>'.repeat(20)}</form>`;
const PAGE = `<!doctype html>\n<html><head><meta charset="utf-8"><title>Portal</title></head><body>${'<p>Sacred music</p>'.repeat(60)}</body></html>\n`;

beforeAll(async () => {
  sb = await startSandbox({ allowedOrigins: ['http://blog.test'] });
  dist = join(sb.dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'widgets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), JSON.stringify({ mappings: SCRIPT }));
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export const x = 1;\n');
  writeFileSync(join(dist, 'widgets', 'loader.js'), SCRIPT.replace('words', 'tags'));
  mkdirSync(join(dist, 'widgets', 'markup'));
  writeFileSync(join(dist, 'widgets', 'markup', 'sm-demo.html'), MARKUP);
  mkdirSync(join(dist, 'snippets'));
  writeFileSync(
    join(dist, 'snippets', 'sm-demo.html'),
    `<sm-demo><template shadowrootmode="open">${MARKUP}</template></sm-demo>\n`,
  );
  writeFileSync(join(dist, 'logo.png'), Buffer.alloc(2048));
  compressDir(dist);
});
afterAll(async () => {
  await sb.stop();
});

describe('the build writes compressed copies', () => {
  it('beside each text file big enough, and nothing for small files, maps and images', () => {
    for (const file of ['index.html', 'assets/app-abc123.js', 'widgets/loader.js']) {
      const original = readFileSync(join(dist, file));
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(original), file).toBe(true);
    }
    expect(readFileSync(join(dist, 'assets', 'tiny-abc123.js')).length).toBeLessThan(MIN_BYTES);
    for (const file of ['assets/tiny-abc123.js', 'assets/app-abc123.js.map', 'logo.png', 'assets/app-abc123.js.br']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });
});

describe('serving dist', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
  ])('Accept-Encoding %s: sends %s with its length, and the bytes of the file', async (accept, encoding) => {
    const res = await raw('/assets/app-abc123.js', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decode[encoding]!(res.body).toString()).toBe(SCRIPT);
    if (encoding !== 'identity') expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('sends the file as it is to a request without Accept-Encoding', async () => {
    const res = await raw('/widgets/loader.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(SCRIPT.replace('words', 'tags'));
  });

  it('has one ETag per encoding, and answers 304 only to the one it would send', async () => {
    const br = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    const gzip = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    const plain = await raw('/assets/app-abc123.js');
    const tags = [br, gzip, plain].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);

    const again = await raw('/assets/app-abc123.js', {
      'Accept-Encoding': 'br, gzip',
      'If-None-Match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Origin, Accept-Encoding');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': gzip.headers.etag! })).status,
    ).toBe(304);
    expect((await raw('/assets/app-abc123.js', { 'If-None-Match': `"other", ${plain.headers.etag!}` })).status).toBe(
      304,
    );

    // A cache holding the brotli copy asks on behalf of a browser that takes only gzip: it gets gzip.
    const other = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(other.body).toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    const head = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary', 'cache-control']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(dist, 'assets', 'app-abc123.js.br')).length);
  });

  it('sends small files and images as they are, with no Vary on the encoding', async () => {
    for (const path of ['/assets/tiny-abc123.js', '/logo.png']) {
      const res = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.headers.vary, path).toBe('Origin');
    }
  });

  it('never sends a compressed copy under its own name', async () => {
    for (const path of [
      '/assets/app-abc123.js.br',
      '/assets/app-abc123.js.gz',
      '/index.html.br',
      '/widgets/loader.js.gz',
    ]) {
      const res = await raw(path, { 'Accept-Encoding': 'gzip, br' });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('ignores a copy older than its file (a file changed after the build)', async () => {
    const file = join(dist, 'assets', 'changed-abc123.js');
    const changed = SCRIPT.replace('words', 'changed');
    writeFileSync(file, SCRIPT);
    compressDir(dist);
    writeFileSync(file, changed);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const res = await raw('/assets/changed-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(changed);
  });

  it('compresses the portal page with its runtime config block, not the copy of the page as built', async () => {
    const plain = await raw('/', {});
    expect(plain.body.toString()).toContain('id="sm-runtime-config"');
    for (const encoding of ['br', 'gzip']) {
      const res = await raw('/', { 'Accept-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Origin, Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode[encoding]!(res.body).equals(plain.body)).toBe(true);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      const again = await raw('/', { 'Accept-Encoding': encoding, 'If-None-Match': res.headers.etag! });
      expect(again.status).toBe(304);
      // the same bytes the second time (kept, not compressed again)
      expect((await raw('/', { 'Accept-Encoding': encoding })).body.equals(res.body)).toBe(true);
    }
  });

  it("sends a tag's markup and its snippet as built, from their copies: they are parts of a page, not pages", async () => {
    for (const file of ['widgets/markup/sm-demo.html', 'snippets/sm-demo.html']) {
      const built = readFileSync(join(dist, file));
      const res = await raw(`/${file}`, { 'Accept-Encoding': 'br' });
      expect(res.status, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBe('br');
      expect(res.body.equals(readFileSync(join(dist, `${file}.br`))), file).toBe(true);
      expect(brotliDecompressSync(res.body).equals(built), file).toBe(true);
      expect((await raw(`/${file}`)).body.equals(built), file).toBe(true);
    }
  });
});

describe('what the run command keeps to itself, and the portal page’s own headers', () => {
  it('answers 404 for source maps unless they are asked for (SANDBOX_SOURCE_MAPS=1)', async () => {
    expect(existsSync(join(dist, 'assets', 'app-abc123.js.map'))).toBe(true);
    for (const path of [
      '/assets/app-abc123.js.map',
      '/assets/APP-abc123.js.MAP',
      '/assets/nothing.js.map',
      // Encoded, as the file is read decoded: one check after one decoding.
      '/assets/app-abc123.js.m%61p',
      '/assets/app-abc123.js%2Emap',
      '/assets/app-abc123.js%2emap',
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).not.toContain('mappings');
    }
    const asked = await startSandbox({ sourceMaps: true });
    try {
      mkdirSync(join(asked.dir, 'dist', 'assets'), { recursive: true });
      writeFileSync(join(asked.dir, 'dist', 'assets', 'app-abc123.js.map'), '{"mappings":""}');
      const res = await fetch(`${asked.url}/assets/app-abc123.js.map`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('{"mappings":""}');
    } finally {
      await asked.stop();
    }
  });

  it('sends the portal page with a Permissions-Policy of what it uses and COOP same-origin-allow-popups', async () => {
    const res = await raw('/');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const policy = res.headers['permissions-policy'] as string;
    const features = Object.fromEntries(policy.split(/,\s*/).map((d) => d.split('=') as [string, string]));
    // What the portal uses: Apple Pay on its own page, copying a gift code.
    expect(features).toMatchObject({ payment: '(self)', 'clipboard-write': '(self)' });
    // Nothing else.
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'fullscreen', 'publickey-credentials-get'])
      expect(features[feature], feature).toBe('()');
    expect(Object.values(features).filter((v) => v !== '()')).toEqual(['(self)', '(self)']);
    // The sandbox's own pages (a checkout, its helpers) are held to the same (tests/security/pages.test.ts).
    expect((await raw('/sandbox/checkout/none')).headers['permissions-policy']).toBe(res.headers['permissions-policy']);
  });
});
