// @vitest-environment node
// The portal's runtime config: embedded in dist's HTML at serve time, and at /sandbox/runtime-config.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FirebaseSettings } from '../../shared/auth/runtime-config.js';
import { CSP } from './csp.js';

/** The portal page's: the sandbox's, and the policy its head script starts the Intl worker with (host/boot/intl.ts). */
const PORTAL_CSP = CSP.replace('trusted-types sm-portal', 'trusted-types sm-portal sm-intl');
import { emulatorUrlFromHost, injectRuntimeConfig, resolveFirebaseSettings, scriptSafeJson } from './firebase.js';
import { startSandbox, type TestSandbox } from '../test-support.js';

const EMULATOR = 'http://127.0.0.1:9099';
const INDEX =
  '<!doctype html>\n<html><head><meta charset="utf-8"><title>Portal</title></head><body><sm-login></sm-login></body></html>\n';
const BLOCK = /<script type="application\/json" id="sm-runtime-config">(.*?)<\/script>/;

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.stop();
  sb = undefined;
});

/** A sandbox whose dist/ holds index.html, a nested page and a script; social on or off. */
async function withDist(social: boolean, firebase: Record<string, unknown> = {}) {
  sb = await startSandbox({
    firebase: { authEmulatorUrl: social ? EMULATOR : null, ...firebase },
    // no token is checked here: keeps firebase-admin (and FIREBASE_AUTH_EMULATOR_HOST) out of this file
    verifyIdToken: () => Promise.reject(new Error('not used')),
  });
  const dist = join(sb.dir, 'dist');
  mkdirSync(join(dist, 'widgets'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'widgets', 'demo.html'), '<html><HEAD><title>Demo</title></HEAD><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("</head>")');
  return { sb, dist };
}

function embedded(text: string): unknown {
  const m = BLOCK.exec(text);
  expect(m, 'the runtime config block').not.toBeNull();
  return JSON.parse(m![1]!);
}

const CONFIG_ON = {
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'demo-sm-portal.firebaseapp.com',
    projectId: 'demo-sm-portal',
    authEmulatorUrl: EMULATOR,
  },
};
// Social sign-in off: a demo project without the emulator is not offered to the portal at all.
const CONFIG_OFF = {};

describe('runtime config', () => {
  it('is served at /sandbox/runtime-config.json, with the emulator only while it runs', async () => {
    const on = await withDist(true);
    const res = await on.sb.get('/sandbox/runtime-config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(res.text)).toEqual(CONFIG_ON);
    // what the portal reads it with (shared/auth/runtime-config.ts)
    expect(FirebaseSettings.safeParse(JSON.parse(res.text).firebase).success).toBe(true);
    await on.sb.stop();

    const off = await withDist(false);
    expect(JSON.parse((await off.sb.get('/sandbox/runtime-config.json')).text)).toEqual(CONFIG_OFF);
  });

  it('is inserted before </head> of every HTML page of dist at serve time; the files stay as built', async () => {
    const { sb: s, dist } = await withDist(true);
    const res = await s.get('/');
    expect(res.status).toBe(200);
    expect(embedded(res.text)).toEqual(CONFIG_ON);
    expect(res.text.indexOf('id="sm-runtime-config"')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text.replace(BLOCK, '')).toBe(INDEX);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(INDEX); // never written to disk

    const nested = await s.get('/widgets/demo.html');
    expect(embedded(nested.text)).toEqual(CONFIG_ON);
    expect(nested.text.indexOf('sm-runtime-config')).toBeLessThan(nested.text.indexOf('</HEAD>'));

    const script = await s.get('/assets/app.js');
    expect(script.text).toBe('console.log("</head>")');

    const head = await s.call('HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(res.headers.get('content-length'));
    const again = await s.call('GET', '/', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('lets the portal page reach the emulator (CSP connect-src) only while it runs; sandbox pages keep the strict CSP', async () => {
    const on = await withDist(true);
    const onPage = await on.sb.get('/');
    expect(onPage.headers.get('content-security-policy')).toBe(
      PORTAL_CSP.replace("connect-src 'self'", `connect-src 'self' ${EMULATOR}`),
    );
    expect((await on.sb.get('/sandbox')).headers.get('content-security-policy')).toBe(CSP);
    const etagOn = onPage.headers.get('etag');
    await on.sb.stop();

    const off = await withDist(false);
    const offPage = await off.sb.get('/');
    expect(offPage.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(embedded(offPage.text)).toEqual(CONFIG_OFF);
    expect(offPage.text).not.toContain('9099');
    expect(offPage.headers.get('etag')).not.toBe(etagOn); // a cached page with the other config is not reused
  });

  it('cannot break out of its script element', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const { sb: s } = await withDist(true, { apiKey: evil });
    const res = await s.get('/');
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect((embedded(res.text) as typeof CONFIG_ON).firebase.apiKey).toBe(evil);
    expect(scriptSafeJson({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });

  it('goes at the start of a page without </head>', () => {
    const settings = resolveFirebaseSettings({ authEmulatorUrl: null });
    expect(injectRuntimeConfig('<p>hi</p>', settings)).toMatch(
      /^<script type="application\/json" id="sm-runtime-config">.*<\/script><p>hi<\/p>$/,
    );
  });
});

describe('Firebase settings', () => {
  it('reads the emulator from FIREBASE_AUTH_EMULATOR_HOST-style values and refuses anything else', () => {
    expect(emulatorUrlFromHost('127.0.0.1:9099')).toBe('http://127.0.0.1:9099');
    expect(emulatorUrlFromHost('localhost:9199')).toBe('http://localhost:9199');
    for (const bad of ['127.0.0.1', 'evil.test:80/path', "x:1'; script-src *", '']) {
      expect(() => emulatorUrlFromHost(bad), bad).toThrow(/host:port/);
    }
  });

  it('defaults to the demo project; social off unless an emulator is given or in the environment', () => {
    const saved = { host: process.env.FIREBASE_AUTH_EMULATOR_HOST, social: process.env.SANDBOX_SOCIAL };
    try {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      delete process.env.SANDBOX_SOCIAL;
      expect(resolveFirebaseSettings()).toEqual({
        apiKey: 'demo-api-key',
        authDomain: 'demo-sm-portal.firebaseapp.com',
        projectId: 'demo-sm-portal',
        authEmulatorUrl: null,
      });
      process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
      expect(resolveFirebaseSettings().authEmulatorUrl).toBe(EMULATOR);
      process.env.SANDBOX_SOCIAL = 'off';
      expect(resolveFirebaseSettings().authEmulatorUrl).toBeNull();
      expect(resolveFirebaseSettings({ authEmulatorUrl: 'http://127.0.0.1:9100/' }).authEmulatorUrl).toBe(
        'http://127.0.0.1:9100',
      );
    } finally {
      if (saved.host === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved.host;
      if (saved.social === undefined) delete process.env.SANDBOX_SOCIAL;
      else process.env.SANDBOX_SOCIAL = saved.social;
    }
  });
});
