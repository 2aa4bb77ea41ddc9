/**
 * Abuse of every API route of the sandbox (the local stand-in for the product's API host):
 * no token, a foreign token, malformed and hostile bodies, oversized bodies. Whatever comes in,
 * the answer is a clear 4xx (or a normal 2xx), never a 500 and never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../sandbox/app';
import { startSandbox, type TestSandbox } from '../../sandbox/test-support';

let sb: TestSandbox;
let listener: string;
const tried = { requests: 0, routes: 0 };

beforeAll(async () => {
  sb = await startSandbox();
  listener = await sb.login('listener@example.org', 'listen-2026');
});
afterAll(async () => {
  await sb.stop();
  console.log(`[api-abuse] ${tried.requests} hostile requests over ${tried.routes} routes`);
});

const LONG = 'x'.repeat(10_000);
const HOSTILE_STRINGS = [
  '',
  LONG,
  "' OR '1'='1'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000\u202e\ud83d\ude00 ñ 漢字',
  '../../etc/passwd',
  'javascript:alert(1)',
];
const FIELDS = [
  'email',
  'password',
  'name',
  'first_name',
  'last_name',
  'token',
  'uid',
  'method',
  'identifier',
  'currency',
  'session_id',
  'source_id',
  'success_url',
  'cancel_url',
  'failed_url',
  'type',
  'country_code',
  'phone_number',
  'gender',
  'validationUrl',
];
const NUMBERS = [-1, 0, 1e9, 10.005, Number.MAX_SAFE_INTEGER, 'NaN', '10', true, null];

function hostileBodies(): unknown[] {
  const bodies: unknown[] = [{}, [], 'text', 123, null, { data: 'not a list' }, { data: [{ id: 'x', feedback: 'y' }] }];
  for (const value of HOSTILE_STRINGS) bodies.push(Object.fromEntries(FIELDS.map((f) => [f, value])));
  for (const n of NUMBERS)
    bodies.push({
      amount: n,
      credit: n,
      purchasefor: n,
      recurring: n,
      interval: n,
      donation_id: n,
      frequency: n,
      id: n,
      per_page: n,
      page: n,
      advance_days: n,
    });
  bodies.push(Object.fromEntries(FIELDS.map((f) => [f, { nested: ['object'] }])));
  return bodies;
}

function concretePath(path: string): string[] {
  if (!path.includes(':')) return [path];
  return ['1', '999999', '-1', 'abc', '%3Cscript%3E', '..%2F..%2Fetc'].map((value) =>
    path.replace(/:[a-z_]+/gi, value),
  );
}

/** Social sign-in answers 503 on purpose while it is switched off (no emulator in these tests). */
const socialOff = (status: number, text: string) =>
  status === 503 && /Social sign-in is not (configured|available)/.test(text);

function expectClean(status: number, text: string, label: string) {
  if (!socialOff(status, text)) expect(status, label).toBeLessThan(500);
  expect(text, label).not.toMatch(/\n\s+at [\w.<]+ \(|node_modules|SqliteError|TypeError|ReferenceError/);
}

const apiRoutes = () =>
  ROUTES.filter((r) => !r.path.startsWith('/sandbox/checkout') && !r.path.startsWith('/sandbox/paymongo'));

describe('every API route under abuse', () => {
  it('answers without a token, with a forged token and with a listener token, never 500', async () => {
    for (const route of apiRoutes()) {
      tried.routes += 1;
      for (const path of concretePath(route.path)) {
        for (const token of [undefined, 'forged-token', listener]) {
          if (route.method === 'GET') {
            const answer = await sb.call(route.method, `${path}?page=-1&per_page=abc&t=${encodeURIComponent('<x>')}`, {
              token,
            });
            tried.requests += 1;
            expectClean(answer.status, answer.text, `${route.method} ${path}`);
            continue;
          }
          for (const body of hostileBodies()) {
            if (route.path === '/sandbox/clock' && token === listener) continue; // the clock moves for real
            const answer = await sb.call(route.method, path, { json: body, token });
            tried.requests += 1;
            expectClean(answer.status, answer.text, `${route.method} ${path} ${JSON.stringify(body).slice(0, 80)}`);
          }
          const malformed = await sb.call(route.method, path, {
            body: '{"email": ',
            token,
            headers: { 'Content-Type': 'application/json' },
          });
          tried.requests += 1;
          expectClean(malformed.status, malformed.text, `${route.method} ${path} malformed JSON`);
        }
      }
    }
  }, 120_000);

  it('refuses oversized bodies with 413 on every POST route that reads a body', async () => {
    // The abuse above called logout with the listener's token: sign in again.
    listener = await sb.login('listener@example.org', 'listen-2026');
    const big = JSON.stringify({ email: 'a@b.co', padding: 'y'.repeat(100_000) });
    // Logout last: it ends the session the other calls use.
    const posts = apiRoutes().filter(
      (r) => r.method === 'POST' && !r.path.includes(':') && !r.path.startsWith('/sandbox/'),
    );
    posts.sort((a, b) => Number(a.path === '/webclient/auth/logout') - Number(b.path === '/webclient/auth/logout'));
    for (const route of posts) {
      const answer = await sb.call('POST', route.path, {
        body: big,
        token: listener,
        headers: { 'Content-Type': 'application/json' },
      });
      tried.requests += 1;
      if (socialOff(answer.status, answer.text)) continue;
      // A few calls take no body at all and never read it (logout, cancel): they answer as usual.
      if (answer.status !== 413) {
        expect(answer.status, route.path).toBeLessThan(500);
        expect(
          [
            '/webclient/auth/logout',
            '/webclient/subscription/cancel-subscription',
            '/dashboard/account/accept-toc',
            '/webclient/in-web-purchase/payment-methods',
            '/webclient/subscription/payment-methods',
          ],
          route.path,
        ).toContain(route.path);
        continue;
      }
      expect(answer.status, route.path).toBe(413);
    }
  });

  it('never lets a person read or change another person’s payments', async () => {
    listener = await sb.login('listener@example.org', 'listen-2026');
    const other = await sb.login('manila@example.org', 'manila-2026');
    const { id } = await sb.checkout(listener);
    for (const path of [
      '/webclient/in-web-purchase/confirm-transaction-session',
      '/webclient/subscription/confirm-payment',
    ]) {
      const answer = await sb.call('POST', path, { token: other, json: { session_id: id } });
      tried.requests += 1;
      expect(answer.status, path).toBe(404);
    }
  });
});
