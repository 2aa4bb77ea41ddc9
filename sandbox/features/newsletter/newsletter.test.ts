// @vitest-environment node
// The newsletter: each address once, lowercased; malformed addresses refused; slowed per IP; callable cross-origin.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
afterEach(async () => {
  await sb.stop();
});

const subscribe = (email: unknown, headers: Record<string, string> = {}) =>
  sb.call('POST', '/subscribe-newsletter', { json: { email }, headers });

describe('the newsletter', () => {
  it('stores an address once, lowercased', async () => {
    sb = await startSandbox();
    expect((await subscribe('Reader@Example.org')).body).toEqual({
      status: 200,
      message: 'Thank you for subscribing to our newsletter!',
      data: null,
    });
    expect((await subscribe(' reader@example.ORG ')).body).toEqual({
      status: 200,
      message: 'You are already subscribed. Thank you!',
      data: null,
    });
    expect(sb.sandbox.db.prepare('SELECT email FROM newsletter_subscribers').pluck().all()).toEqual([
      'reader@example.org',
    ]);
  });

  it('refuses malformed addresses, naming the field', async () => {
    sb = await startSandbox();
    for (const email of ['not-an-email', 'a@', '@b.org', 'a b@c.org']) {
      expect((await subscribe(email)).body).toEqual({
        status: 400,
        message: 'email: must be a valid email',
        errorCode: null,
      });
    }
    expect((await subscribe(undefined)).body.message).toBe('email: is required');
    expect((await subscribe(42)).body.message).toBe('email: must be a string');
    expect((await subscribe(`${'a'.repeat(250)}@example.org`)).status).toBe(400);
    expect(sb.sandbox.db.prepare('SELECT COUNT(*) FROM newsletter_subscribers').pluck().get()).toBe(0);
  });

  it('slows one client down like the password-reset request (per IP)', async () => {
    sb = await startSandbox({ loginLimit: { perIp: 3, perEmail: 100 } });
    for (let i = 0; i < 3; i++) expect((await subscribe(`reader${i}@example.org`)).status).toBe(200);
    const slowed = await subscribe('reader9@example.org');
    expect(slowed.body).toEqual({
      status: 429,
      message: 'Too many attempts. Please wait a few minutes and try again.',
      errorCode: null,
    });
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    sb.clock.advance(16 * 60 * 1000);
    expect((await subscribe('reader9@example.org')).status).toBe(200);
  });

  it('may be called from an allowed origin', async () => {
    sb = await startSandbox({ allowedOrigins: ['https://church.example'] });
    const preflight = await sb.preflight('/subscribe-newsletter', 'https://church.example');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://church.example');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
    const res = await subscribe('friend@example.org', { Origin: 'https://church.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://church.example');
    expect(
      (await subscribe('other@example.org', { Origin: 'https://evil.example' })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
  });
});
