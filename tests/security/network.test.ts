// @vitest-environment node
/**
 * Reachable from the network. `npm start` listens on this computer only unless HOST says otherwise (then it warns),
 * and the sandbox's helpers (a sign-in token for any account, every reset link, the clock, new missions) answer only
 * clients on this computer unless SANDBOX_EXPOSE_HELPERS=1. The pages a person is sent to while paying stay reachable
 * wherever the portal is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/core/emulator';
import { interfaceHosts } from '../../sandbox/core/hosts';
import { creditOrder, startSandbox, type TestSandbox } from '../../sandbox/test-support';
import { printed, REMOTE, startProcess } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sm-network-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm start` on a free port, with a database of its own (`db`, in `dir`), quick password hashing, and `env` besides. */
async function startOnFreePort(db: string, env: Record<string, string | undefined> = {}) {
  const port = await freePort();
  const running = await startProcess({
    PORT: String(port),
    SANDBOX_DB: join(dir, db),
    SANDBOX_SCRYPT_N: '1024',
    ...env,
  });
  return { port, running };
}

/** A $10 gift's checkout request from a page at `origin`, returning there. */
const giftFrom = (origin: string) => ({
  currency: 'USD',
  amount: 10,
  identifier: 'donation',
  donation_id: 2,
  recurring: 0,
  frequency: 1,
  success_url: `${origin}/#/donation-success?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${origin}/#/donation-page`,
});

describe('where npm start listens', () => {
  it('listens on the loopback address when HOST is not set', async () => {
    const { port, running } = await startOnFreePort('a.sqlite');
    try {
      expect(await printed(running, /listening on [^\s)]+/)).toBe(`listening on 127.0.0.1:${port}`);
      expect(running.output()).not.toMatch(/WARNING: HOST/);
    } finally {
      await running.kill('SIGTERM');
    }
  }, 60_000);

  it('warns when HOST exposes it, and when the helpers are exposed', async () => {
    const { port, running } = await startOnFreePort('b.sqlite', { HOST: '0.0.0.0', SANDBOX_EXPOSE_HELPERS: '1' });
    try {
      expect(await printed(running, /listening on [^\s)]+/)).toBe(`listening on 0.0.0.0:${port}`);
      expect(running.output()).toMatch(/WARNING: HOST=0\.0\.0\.0: the sandbox is reachable from other computers/);
      expect(running.output()).toMatch(
        /WARNING: SANDBOX_EXPOSE_HELPERS=1: any client that reaches the port can mint a sign-in/,
      );
      // Other computers reach it by this computer's own addresses: those names are answered, a foreign one is not.
      for (const own of interfaceHosts()) {
        expect((await withHost(`http://127.0.0.1:${port}/api/country`, `${own}:${port}`)).status, own).toBe(200);
      }
      expect((await withHost(`http://127.0.0.1:${port}/api/country`, `rebind.example:${port}`)).status).toBe(421);
    } finally {
      await running.kill('SIGTERM');
    }
  }, 60_000);
});

describe('the portal on this computer, either loopback way', () => {
  it('takes a payment started from 127.0.0.1 when PORTAL_URL is left at localhost, and prints what it allows', async () => {
    const { port, running } = await startOnFreePort('c.sqlite', {
      PORTAL_URL: undefined,
      SANDBOX_ALLOWED_ORIGINS: 'http://127.0.0.1:4000',
    });
    try {
      const gift = (origin: string) =>
        fetch(`${running.url}/webclient/donation/create-session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin },
          body: JSON.stringify(giftFrom(origin)),
        });
      expect((await gift(`http://localhost:${port}`)).status).toBe(200);
      // The other spelling and the allowed origin may also call cross-origin (CORS).
      for (const origin of [`http://127.0.0.1:${port}`, 'http://127.0.0.1:4000']) {
        const answer = await gift(origin);
        expect(answer.status, origin).toBe(200);
        expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
      }
      // Another port on this computer is another origin: refused as before.
      const other = await gift(`http://127.0.0.1:${port + 1}`);
      expect(other.status).toBe(400);
      expect(((await other.json()) as { message: string }).message).toBe('success_url: must point to the portal');
      // Its own pages (the checkout, the banners) are addressed as the portal was reached, so that the page's CSP and
      // its trusted checkout origin (both the page's own origin) let them in.
      const giftAt = async (host: string) => {
        const origin = `http://${host}`;
        const answer = await withHost(
          `http://127.0.0.1:${port}/webclient/donation/create-session`,
          host,
          'POST',
          giftFrom(origin),
        );
        return (JSON.parse(answer.text) as { data: { checkout_url: string } }).data.checkout_url;
      };
      expect(await giftAt(`127.0.0.1:${port}`)).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/sandbox/checkout/`),
      );
      expect(await giftAt(`localhost:${port}`)).toMatch(new RegExp(`^http://localhost:${port}/sandbox/checkout/`));
      const banners = await withHost(
        `http://127.0.0.1:${port}/webclient/donation/ongoing-project`,
        `127.0.0.1:${port}`,
      );
      expect(banners.text).toContain(`http://127.0.0.1:${port}/sandbox/banners/`);
      expect(banners.text).not.toContain(`http://localhost:${port}/sandbox/banners/`);
      const out = running.output();
      expect(out).toContain(`portal         http://localhost:${port}/ or http://127.0.0.1:${port}/`);
      expect(out).toContain(`PORTAL_URL     http://localhost:${port}/`);
      expect(out).toContain('allowed origins http://127.0.0.1:4000 (SANDBOX_ALLOWED_ORIGINS');
    } finally {
      await running.kill('SIGTERM');
    }
  }, 60_000);
});

describe('the sandbox helpers answer this computer only', () => {
  let sb: TestSandbox;
  let exposed: TestSandbox;
  beforeAll(async () => {
    sb = await startSandbox();
    exposed = await startSandbox({ exposeHelpers: true });
  });
  afterAll(async () => {
    await sb.stop();
    await exposed.stop();
  });

  const tokensOf = (s: TestSandbox) =>
    s.sandbox.db.prepare("SELECT COUNT(*) FROM tokens WHERE kind = 'app'").pluck().get() as number;

  it('refuses every helper to a client elsewhere, with a message that says the fix, and does nothing', async () => {
    const missions = sb.sandbox.db.prepare('SELECT COUNT(*) FROM missions').pluck();
    const before = {
      tokens: tokensOf(sb),
      missions: missions.get(),
      clock: (await sb.get<{ offset_days: number }>('/sandbox/clock')).body.data!.offset_days,
    };
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/sandbox/app-token', { email: 'admin@example.org' }],
      ['GET', '/sandbox/mail'],
      ['GET', '/sandbox/mail.json'],
      ['GET', '/sandbox/mail.json?to=listener@example.org'],
      ['POST', '/sandbox/clock', { advance_days: 31 }],
      ['GET', '/sandbox/clock'],
      ['POST', '/sandbox/missions', { organization: 'Spam', title: 'Spam', description: 'x' }],
      ['GET', '/sandbox'],
    ];
    for (const [method, path, json] of calls) {
      const answer = await sb.call(method, path, { from: REMOTE, ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.message).toMatch(/answers only on the computer running the sandbox.*SANDBOX_EXPOSE_HELPERS=1/);
      expect(answer.text).not.toMatch(/reset|_t=/);
    }
    expect(tokensOf(sb)).toBe(before.tokens);
    expect(missions.get()).toBe(before.missions);
    expect((await sb.get<{ offset_days: number }>('/sandbox/clock')).body.data!.offset_days).toBe(before.clock);
  });

  it('still answers this computer, over IPv4 and IPv6 loopback addresses alike', async () => {
    for (const from of [undefined, '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const answer = await sb.call<{ token: string }>('POST', '/sandbox/app-token', {
        json: { email: 'listener@example.org' },
        ...(from ? { from } : {}),
      });
      expect(answer.status, from ?? '127.0.0.1').toBe(200);
    }
  });

  it('keeps the pages of a payment, the banners and the runtime config reachable from anywhere', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const { id } = await sb.checkout(token, creditOrder({ success_url: 'http://portal.test/#/success' }));
    for (const path of [`/sandbox/checkout/${id}`, '/sandbox/banners/1-1.svg', '/sandbox/runtime-config.json']) {
      expect((await sb.call('GET', path, { from: REMOTE })).status, path).toBe(200);
    }
    const paid = await sb.submit(`/sandbox/checkout/${id}/pay`, { card: '4242424242424242' }, REMOTE);
    expect(paid).toMatchObject({ status: 303, location: 'http://portal.test/#/success' });
  });

  it('answers everyone when the sandbox is started to expose its helpers', async () => {
    const answer = await exposed.call<{ token: string }>('POST', '/sandbox/app-token', {
      from: REMOTE,
      json: { email: 'listener@example.org' },
    });
    expect(answer.status).toBe(200);
    expect((await exposed.call('GET', '/sandbox/mail.json', { from: REMOTE })).status).toBe(200);
  });
});

/** One request with this `Host` (fetch would write the URL's own), from this computer: what a rebound page sends. */
function withHost(
  url: string,
  host: string | undefined,
  method = 'GET',
  json?: unknown,
): Promise<{ status: number; text: string }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method, setHost: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
    if (host !== undefined) req.setHeader('Host', host);
    if (body !== undefined) req.setHeader('Content-Type', 'application/json');
    req.end(body);
  });
}

describe('the sandbox answers only the host names it serves (DNS rebinding)', () => {
  let sb: TestSandbox;
  let configured: TestSandbox;
  beforeAll(async () => {
    sb = await startSandbox();
    configured = await startSandbox({ allowedHosts: ['sandbox.lan', 'other.lan:8443'] });
  });
  afterAll(async () => {
    await sb.stop();
    await configured.stop();
  });

  it('a foreign Host gets 421 and no body on every route, helpers first, and nothing happens', async () => {
    const port = new URL(sb.url).port;
    const tokens = () => sb.sandbox.db.prepare("SELECT COUNT(*) FROM tokens WHERE kind = 'app'").pluck().get();
    const before = tokens();
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/sandbox/app-token', { email: 'admin@example.org' }],
      ['GET', '/sandbox/mail.json'],
      ['GET', '/sandbox/mail'],
      ['POST', '/sandbox/clock', { advance_days: 31 }],
      ['GET', '/sandbox'],
      ['POST', '/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' }],
      ['GET', '/api/country'],
      ['GET', '/'],
      ['GET', '/assets/nothing.js'],
      ['GET', '/no/such/route'],
      ['OPTIONS', '/webclient/auth/login'],
    ];
    for (const host of [
      `rebind.attacker.example:${port}`,
      'rebind.attacker.example',
      `localhost.attacker.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `portal.test.evil:${port}`,
      'localhost.',
      '',
    ]) {
      for (const [method, path, json] of calls) {
        const answer = await withHost(sb.url + path, host, method, json);
        expect(answer, `${host} ${method} ${path}`).toEqual({ status: 421, text: '' });
      }
    }
    expect(tokens()).toBe(before);
    expect((await sb.get<{ offset_days: number }>('/sandbox/clock')).body.data!.offset_days).toBe(0);
  });

  it('answers localhost, 127.0.0.1, [::1] (with or without the port) and the portal’s host', async () => {
    const port = new URL(sb.url).port;
    for (const host of [
      `localhost:${port}`,
      'localhost',
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'LOCALHOST',
      'portal.test',
      'portal.test:80',
    ]) {
      const answer = await withHost(`${sb.url}/sandbox/app-token`, host, 'POST', { email: 'listener@example.org' });
      expect(answer.status, host).toBe(200);
    }
  });

  it('answers the host names configured (SANDBOX_ALLOWED_HOSTS), and only those', async () => {
    expect((await withHost(`${configured.url}/api/country`, 'sandbox.lan:8080')).status).toBe(200);
    expect((await withHost(`${configured.url}/api/country`, 'other.lan')).status).toBe(200);
    expect((await withHost(`${configured.url}/api/country`, 'third.lan')).status).toBe(421);
    expect((await withHost(`${sb.url}/api/country`, 'sandbox.lan')).status).toBe(421);
  });
});
