// @vitest-environment node
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP } from './csp.js';
import { startSandbox, type TestSandbox } from '../test-support.js';

/** The portal page's: the sandbox's, and the policy its head script starts the Intl worker with (host/boot/intl.ts). */
const PORTAL_CSP = CSP.replace('trusted-types sm-portal', 'trusted-types sm-portal sm-intl');

let sb: TestSandbox;
let dist: string;
beforeAll(async () => {
  sb = await startSandbox({ allowedOrigins: ['http://blog.test'] });
  dist = join(sb.dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'main-abc123.css'), 'body{}');
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  writeFileSync(join(sb.dir, 'secret.txt'), 'outside dist');
  symlinkSync(join(sb.dir, 'secret.txt'), join(dist, 'link.txt'));
});
afterAll(async () => {
  await sb.stop();
});

/** A raw request, so paths like /../ reach the server unnormalised. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request bodies', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await sb.call('POST', '/webclient/auth/login', {
      body: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message: 'The request body is not valid JSON.', errorCode: null });
  });

  it('answers 400 naming the field for invalid values and a non-object body', async () => {
    const bad = await sb.post('/webclient/auth/forgot-password', { email: 'nope' });
    expect(bad.body).toEqual({ status: 400, message: 'email: must be a valid email', errorCode: null });
    const arr = await sb.post('/webclient/auth/forgot-password', [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body.message).toMatch(/^body: /);
    const wrongType = await sb.post('/webclient/auth/login', { email: 5, password: 'x' });
    expect(wrongType.body.message).toBe('email: must be a string');
  });

  it('answers 413 for a 100 KB body', async () => {
    const res = await sb.post('/webclient/auth/login', { email: 'a@example.org', password: 'x'.repeat(100 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, errorCode: null });
    // the connection is still usable afterwards
    expect((await sb.get('/api/country')).status).toBe(200);
  });

  it('answers 415 for a body that is not declared as JSON', async () => {
    const res = await sb.call('POST', '/webclient/auth/login', {
      body: '{"email":"a@b.c","password":"x"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('errors', () => {
  it('answers unknown API routes with 404 JSON and wrong methods with 405', async () => {
    for (const [method, path] of [
      ['GET', '/webclient/nope'],
      ['POST', '/nothing/here'],
      ['GET', '/api/unknown'],
      ['GET', '/sandbox/nope'],
    ] as const) {
      const res = await sb.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ status: 404, message: 'Not found.', errorCode: null });
    }
    const wrong = await sb.call('GET', '/webclient/auth/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.body).toMatchObject({ status: 405, errorCode: null });
  });

  it('never shows a stack trace: an internal failure is a 500 "Internal error"', async () => {
    const broken = await startSandbox();
    broken.sandbox.db.exec('DROP TABLE login_attempts');
    const res = await broken.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, message: 'Internal error', errorCode: null });
    expect(res.text).not.toMatch(/at .*\.ts|Error:|SqliteError/);
    await broken.stop();
  });
});

describe('headers', () => {
  it('sends security headers on API answers and CSP on pages', async () => {
    const api = await sb.get('/api/country');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(api.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/', '/sandbox', '/sandbox/mail']) {
      const res = await sb.get(path);
      expect(res.headers.get('content-security-policy'), path).toBe(path === '/' ? PORTAL_CSP : CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("names its pages' icon, so a browser does not ask for /favicon.ico and log a 404", async () => {
    const res = await sb.get('/sandbox/mail');
    expect(res.text).toContain('<link rel="icon" href="data:,">');
    expect(CSP).toContain("img-src 'self' data:");
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await sb.call('GET', '/api/country', { headers: { Origin: 'http://blog.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://blog.test');
    const other = await sb.call('GET', '/api/country', { headers: { Origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await sb.preflight('/webclient/auth/login', 'http://blog.test');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://blog.test');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key');
    const refused = await fetch(`${sb.url}/webclient/auth/login`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('static portal', () => {
  it('serves index.html at / with no-cache and hashed assets with a long cache', async () => {
    const index = await fetch(`${sb.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(await index.text()).toContain('<title>Portal</title>');

    const js = await fetch(`${sb.url}/assets/main-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${sb.url}/assets/main-abc123.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    const svg = await fetch(`${sb.url}/logo.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('no-cache');

    const etag = js.headers.get('etag')!;
    const again = await fetch(`${sb.url}/assets/main-abc123.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('refuses to leave dist', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd',
      '/.env',
      '/link.txt',
      '/index.html%00.js',
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('outside dist');
      expect(res.body, path).not.toContain('SECRET');
    }
  });

  it('explains how to build when dist is missing', async () => {
    const bare = await startSandbox();
    const res = await fetch(`${bare.url}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('Run <code>npm run build</code> first');
    await bare.stop();
    rmSync(join(bare.dir), { recursive: true, force: true });
  });
});

describe('sandbox pages', () => {
  it('shows sent mail escaped, with links, newest first', async () => {
    await sb.post('/webclient/auth/register', {
      first_name: '<script>alert(1)</script>',
      last_name: 'X',
      email: 'xss@example.org',
      password: 'secret-1',
      country_code: 'US',
      gender: 'None',
      phone_number: '',
      method: 'email',
    });
    await sb.post('/webclient/auth/resend-activation', { email: 'xss@example.org' });
    const page = await sb.get('/sandbox/mail?to=xss@example.org');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;');
    expect(page.text).toMatch(/<a href="http:\/\/portal\.test\/#\/verify-email\?_t=[A-Za-z0-9_-]+">/);

    const list = await sb.mail('xss@example.org');
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]!).sort()).toEqual(['links', 'sent_at', 'subject', 'text', 'to']);
    expect(list[0]!.links[0]).not.toBe(list[1]!.links[0]);
  });
});
