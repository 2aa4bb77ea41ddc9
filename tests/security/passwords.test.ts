// @vitest-environment node
/**
 * Password storage at today's recommended strength: scrypt N=2^17, r=8, p=1 (128 MiB per hash); older hashes are
 * upgraded at the next sign-in; only a few hashes run at once, and a request that finds the queue full gets 429 with
 * Retry-After, never a 5xx. The most common passwords are refused with a clear message; the minimum length stays.
 * (Other suites hash at N=2^10 to stay fast: this one proves the production strength.)
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../sandbox/app';
import { isCommonPassword, Passwords, RECOMMENDED_COST } from '../../sandbox/core/passwords';
import { registration, startSandbox, type TestSandbox } from '../../sandbox/test-support';

const hashOf = (sb: TestSandbox, email: string) =>
  sb.sandbox.db.prepare('SELECT password_hash FROM users WHERE email = ?').pluck().get(email) as string;

describe('production strength', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ passwords: {} }); // the sandbox's defaults, as npm start runs it
  }, 60_000);
  afterAll(() => sb.stop());

  it('hashes with scrypt N=2^17, r=8, p=1 and a 16-byte salt', async () => {
    expect(RECOMMENDED_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(hashOf(sb, 'listener@example.org')).toMatch(
      /^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/=]{88}$/,
    );
    const registered = await sb.post(
      '/webclient/auth/register',
      registration({ first_name: 'Strong', last_name: 'Hash', email: 'strong@example.org' }),
    );
    expect(registered.status).toBe(200);
    expect(hashOf(sb, 'strong@example.org')).toMatch(/^scrypt\$131072\$8\$1\$/);
  }, 30_000);

  it('upgrades a hash of an older strength at the next sign-in, and the password keeps working', async () => {
    const salt = randomBytes(16);
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync('listen-2026', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    sb.sandbox.db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(old, 'listener@example.org');
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'wrong-one' })).status,
    ).toBe(400);
    expect(hashOf(sb, 'listener@example.org')).toBe(old); // a wrong password upgrades nothing
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })).status,
    ).toBe(200);
    expect(hashOf(sb, 'listener@example.org')).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })).status,
    ).toBe(200);
  }, 30_000);
});

describe('hashes at once are bounded', () => {
  it('answers 429 with Retry-After when the queue is full, never a 5xx, and every request gets an answer', async () => {
    // One hash at a time, two waiting, at a cost that takes a few milliseconds.
    const sb = await startSandbox({
      passwords: { cost: { N: 2 ** 14, r: 8, p: 1 }, concurrency: 1, queue: 2 },
      loginLimit: { perIp: 1000 },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          sb.post('/webclient/auth/login', { email: `person-${i}@example.org`, password: 'guess-guess' }),
        ),
      );
      expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
      const busy = answers.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status === 400).length).toBeGreaterThanOrEqual(3);
      for (const a of busy) {
        expect(a.body).toEqual({ status: 429, message: BUSY_MESSAGE, errorCode: null });
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // A request refused as busy was not counted as a failed sign-in: the same email may try again at once.
      const refusedEmail = `person-${answers.indexOf(busy[0]!)}@example.org`;
      expect((await sb.post('/webclient/auth/login', { email: refusedEmail, password: 'guess-guess' })).status).toBe(
        400,
      );
    } finally {
      await sb.stop();
    }
  });

  it('a sign-up refused as busy gives its attempt back, as a sign-in does', async () => {
    const sb = await startSandbox({ passwords: { cost: { N: 2 ** 14, r: 8, p: 1 }, concurrency: 1, queue: 2 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          sb.post('/webclient/auth/register', registration({ email: `signup-${i}@example.org` })),
        ),
      );
      const busy = answers.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const a of busy) expect(a.body).toEqual({ status: 429, message: BUSY_MESSAGE, errorCode: null });
      const counted = sb.sandbox.db
        .prepare("SELECT COUNT(*) FROM login_attempts WHERE kind = 'register'")
        .pluck()
        .get() as number;
      expect(counted).toBe(answers.filter((a) => a.status === 200).length);
    } finally {
      await sb.stop();
    }
  });

  it('lets waiting hashes through in turn (the queue drains)', async () => {
    const passwords = new Passwords({ cost: { N: 2 ** 12, r: 8, p: 1 }, concurrency: 1, queue: 10 });
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => passwords.hash(`pass-${i}`)));
    expect(new Set(hashes).size).toBe(8);
    expect(await passwords.check(hashes[3], 'pass-3')).toEqual({ ok: true, outdated: false });
  });
});

describe('the most common passwords are refused', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());

  const COMMON =
    /^password: is one of the most common passwords, which others guess first; choose a longer or less usual one$/;

  it('when registering, resetting and changing a password, whatever the case; the minimum length stays', async () => {
    const register = (password: string) => sb.post('/webclient/auth/register', registration({ password }));
    for (const password of ['password1', 'qwerty123', 'Iloveyou', '123456789', 'football']) {
      const answer = await register(password);
      expect(answer.body, password).toMatchObject({ status: 400, message: expect.stringMatching(COMMON) });
    }
    // Padded, in other cases or in compatibility forms (full-width, ligatures): still the common one.
    for (const password of [
      ' password',
      'password ',
      ' Password1 ',
      'PASSWORD\t',
      '\uFF50\uFF41\uFF53\uFF53\uFF57\uFF4F\uFF52\uFF44',
    ]) {
      const answer = await register(password);
      expect(answer.body, JSON.stringify(password)).toMatchObject({
        status: 400,
        message: expect.stringMatching(COMMON),
      });
    }
    expect(isCommonPassword('  letmein  ')).toBe(true);
    expect(isCommonPassword('letmein-quietly')).toBe(false);
    expect((await register('abc12')).body.message).toBe('password: must be at least 6 characters');
    expect((await register('quiet-harbour-lantern')).status).toBe(200);

    const token = await sb.login('listener@example.org', 'listen-2026');
    expect((await sb.post('/dashboard/auth/change-password', { password: 'letmein1' }, token)).body.message).toMatch(
      COMMON,
    );
    expect(
      (
        await sb.post('/dashboard/auth/change-password', {
          email: 'listener@example.org',
          token: 'x',
          password: 'sunshine',
        })
      ).body.message,
    ).toMatch(COMMON);
  });
});
