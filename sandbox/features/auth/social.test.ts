// @vitest-environment node
// Social sign-in against the real Firebase Auth emulator (started once for this file, ~10-15 s).
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIREBASE_BIN, freePort, startAuthEmulator, type AuthEmulator } from '../../core/emulator.js';
import { startSandbox, type TestSandbox } from '../../test-support.js';

const haveEmulator = existsSync(FIREBASE_BIN);
if (!haveEmulator) {
  console.warn(`social.test.ts skipped: the Firebase CLI (${FIREBASE_BIN}) is not installed; run npm install.`);
}

const CONNECT = '/webclient/auth/connect-socmed';
const REGISTER = '/webclient/auth/register';
const PROFILE = '/webclient/account/profile';
const NOT_VERIFIED = {
  status: 401,
  message: 'The sign-in could not be verified. Please try again.',
  errorCode: 'ER-AUTH-02',
};
const EMAIL_TAKEN = {
  status: 409,
  message:
    'An account with this email already exists. Log in with your password, then connect this sign-in from your account.',
  errorCode: 'ER-AUTH-02',
};

type Method = 'google' | 'facebook' | 'apple';
const PROVIDER: Record<Method, string> = { google: 'google.com', facebook: 'facebook.com', apple: 'apple.com' };

interface Session {
  access_token: string;
  token_type: string;
  expires_in: number;
}

let emulator: AuthEmulator;
let sb: TestSandbox;
let previousHost: string | undefined;
let n = 0;

/** A person signing in with the provider in the emulator (it accepts unsigned JSON as the provider's id_token). */
async function idpSignIn(
  method: Method,
  claims: { sub?: string; email?: string; email_verified: boolean; name?: string },
) {
  const idToken = JSON.stringify({ sub: claims.sub ?? `${method}-${++n}-${Date.now()}`, ...claims });
  const res = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: new URLSearchParams({ id_token: idToken, providerId: PROVIDER[method] }).toString(),
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const body = (await res.json()) as { localId: string; idToken: string; email?: string };
  if (!res.ok) throw new Error(`signInWithIdp: ${res.status} ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

function connectBody(method: Method, person: { uid: string; token: string }, email: string, name = 'Sam Social') {
  return { email, name, uid: person.uid, token: person.token, method };
}

function registerBody(
  method: Method,
  person: { uid: string; token: string },
  email: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    first_name: 'Sam',
    last_name: 'Social',
    email,
    password: '-',
    country_code: 'PH',
    gender: 'None',
    phone_number: '',
    method,
    token: person.token,
    uid: person.uid,
    ...overrides,
  };
}

/** Replaces claims in an (unsigned) emulator ID token. */
function forge(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify(change(claims))).toString('base64url')}.`;
}

function userRow(email: string) {
  return sb.sandbox.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as
    | { id: number; email_verified_at: string | null; first_name: string; last_name: string; country_code: string }
    | undefined;
}

function identities(userId: number) {
  return sb.sandbox.db.prepare('SELECT provider, provider_uid FROM social_identities WHERE user_id = ?').all(userId);
}

function accessTokens(userId: number): number {
  return sb.sandbox.db
    .prepare("SELECT count(*) FROM tokens WHERE user_id = ? AND kind = 'access'")
    .pluck()
    .get(userId) as number;
}

describe.skipIf(!haveEmulator)('startAuthEmulator', () => {
  it('refuses a port that is in use, at once', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const { port } = busy.address() as AddressInfo;
    try {
      await expect(startAuthEmulator({ port })).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      busy.close();
    }
  });
});

describe.skipIf(!haveEmulator)('social sign-in (Firebase Auth emulator)', () => {
  beforeAll(async () => {
    emulator = await startAuthEmulator({ port: await freePort() });
    previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }, 60_000);
  afterAll(async () => {
    await emulator?.stop();
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  }, 20_000);
  beforeEach(async () => {
    sb = await startSandbox({ firebase: { authEmulatorUrl: emulator.url } });
  });
  afterEach(async () => {
    await sb.stop();
  });

  it.each(['google', 'facebook', 'apple'] as const)(
    '%s: a new person is sent to registration, registers (signed in, email verified), then signs in again',
    async (method) => {
      const email = `new-${method}@example.org`;
      const person = await idpSignIn(method, { email, email_verified: true, name: 'Sam Social' });

      const first = await sb.post(CONNECT, connectBody(method, person, email));
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        status: 200,
        message: 'No account yet. Please complete your registration.',
        data: null,
      });
      expect(userRow(email)).toBeUndefined();

      const reg = await sb.post<Session>(REGISTER, registerBody(method, person, email.toUpperCase()));
      expect(reg.status, reg.text).toBe(200);
      expect(reg.body.message).toBe('Welcome! Your account is ready.');
      expect(reg.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
      const profile = await sb.get<{ id: number; email: string; name: string; country: { code: string } }>(
        PROFILE,
        reg.body.data!.access_token,
      );
      expect(profile.status).toBe(200);
      expect(profile.body.data).toMatchObject({ email, name: 'Sam Social', country: { code: 'PH' } });
      const row = userRow(email)!;
      expect(row.email_verified_at).not.toBeNull();
      expect(identities(row.id)).toEqual([{ provider: PROVIDER[method], provider_uid: person.uid }]);
      expect(await sb.mail(email)).toEqual([]); // nothing to verify

      const again = await sb.post<Session>(CONNECT, connectBody(method, person, email));
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('Logged in.');
      const profile2 = await sb.get<{ id: number }>(PROFILE, again.body.data!.access_token);
      expect(profile2.body.data!.id).toBe(row.id);
    },
  );

  it('never links a token whose email is not verified to an existing account: 409, no session', async () => {
    const grace = userRow('listener@example.org')!;
    const before = accessTokens(grace.id);
    const person = await idpSignIn('google', { email: 'listener@example.org', email_verified: false });

    const connect = await sb.post(CONNECT, connectBody('google', person, 'listener@example.org'));
    expect(connect.status).toBe(409);
    expect(connect.body).toEqual(EMAIL_TAKEN);
    const reg = await sb.post(REGISTER, registerBody('google', person, 'listener@example.org'));
    expect(reg.status).toBe(409);
    expect(reg.body).toEqual(EMAIL_TAKEN);

    expect(identities(grace.id)).toEqual([]);
    expect(accessTokens(grace.id)).toBe(before);
    // the password still works
    await sb.login('listener@example.org', 'listen-2026');
  });

  it('links a verified email to the existing account and signs in as it; the password keeps working', async () => {
    const grace = userRow('listener@example.org')!;
    const person = await idpSignIn('facebook', { email: 'Listener@Example.org', email_verified: true });
    const res = await sb.post<Session>(CONNECT, connectBody('facebook', person, 'listener@example.org'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logged in.');
    const profile = await sb.get<{ id: number; credit_balance: number }>(PROFILE, res.body.data!.access_token);
    expect(profile.body.data).toMatchObject({ id: grace.id, credit_balance: 120 });
    expect(identities(grace.id)).toEqual([{ provider: 'facebook.com', provider_uid: person.uid }]);
    await sb.login('listener@example.org', 'listen-2026');
  });

  it('registering with a verified email that has an account links and signs in (no second account)', async () => {
    const paul = userRow('partner@example.org')!;
    const person = await idpSignIn('apple', { email: 'partner@example.org', email_verified: true });
    const res = await sb.post<Session>(
      REGISTER,
      registerBody('apple', person, 'partner@example.org', { first_name: 'Other' }),
    );
    expect(res.status).toBe(200);
    const profile = await sb.get<{ id: number; name: string }>(PROFILE, res.body.data!.access_token);
    expect(profile.body.data).toMatchObject({ id: paul.id, name: 'Paul Partner' });
    expect(sb.sandbox.db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get('partner@example.org')).toBe(
      1,
    );
  });

  it('takes over an unverified account only with a verified email: its old password stops working', async () => {
    const una = userRow('unverified@example.org')!;
    expect(una.email_verified_at).toBeNull();
    const person = await idpSignIn('google', { email: 'unverified@example.org', email_verified: true });
    const res = await sb.post<Session>(CONNECT, connectBody('google', person, 'unverified@example.org'));
    expect(res.status).toBe(200);
    expect(userRow('unverified@example.org')!.email_verified_at).not.toBeNull();
    // whoever registered the address with a password cannot log in with it any more
    const old = await sb.post('/webclient/auth/login', {
      email: 'unverified@example.org',
      password: 'unverified-2026',
    });
    expect(old.status).toBe(400);
  });

  it('registers a person whose provider email is not verified: signed in, verification email sent', async () => {
    const email = 'unproven@example.org';
    const person = await idpSignIn('facebook', { email, email_verified: false });
    const res = await sb.post<Session>(REGISTER, registerBody('facebook', person, email));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Welcome! Your account is ready.');
    expect((await sb.get(PROFILE, res.body.data!.access_token)).status).toBe(200);
    expect(userRow(email)!.email_verified_at).toBeNull();
    const mail = await sb.mail(email);
    expect(mail.map((m) => m.subject)).toEqual(['Verify your email address']);
    // signing in again with the same identity works
    expect((await sb.post(CONNECT, connectBody('facebook', person, email))).status).toBe(200);
  });

  it('answers 401 ER-AUTH-02 to garbage, forged and mismatched tokens, and creates nothing', async () => {
    const email = 'mallory@example.org';
    const person = await idpSignIn('google', { email, email_verified: true });
    const cases: [string, Record<string, unknown>][] = [
      ['garbage', connectBody('google', { uid: person.uid, token: 'not-a-token' }, email)],
      ['garbage JWT', connectBody('google', { uid: person.uid, token: 'eyJhbGciOiJub25lIn0.e30.' }, email)],
      ['uid mismatch', connectBody('google', { uid: 'someone-else', token: person.token }, email)],
      ['provider mismatch', connectBody('facebook', person, email)],
      ['provider mismatch (apple)', connectBody('apple', person, email)],
      [
        'forged email',
        connectBody(
          'google',
          { uid: person.uid, token: forge(person.token, (c) => ({ ...c, email: 'listener@example.org' })) },
          'listener@example.org',
        ),
      ],
      [
        'forged provider',
        connectBody(
          'facebook',
          {
            uid: person.uid,
            token: forge(person.token, (c) => ({
              ...c,
              firebase: { ...(c.firebase as object), sign_in_provider: 'facebook.com' },
            })),
          },
          email,
        ),
      ],
      [
        'forged user',
        connectBody(
          'google',
          { uid: 'ghost', token: forge(person.token, (c) => ({ ...c, sub: 'ghost', user_id: 'ghost' })) },
          email,
        ),
      ],
      [
        'wrong project',
        connectBody(
          'google',
          { uid: person.uid, token: forge(person.token, (c) => ({ ...c, aud: 'another-project' })) },
          email,
        ),
      ],
      [
        'expired',
        connectBody(
          'google',
          { uid: person.uid, token: forge(person.token, (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 60 })) },
          email,
        ),
      ],
    ];
    for (const [label, body] of cases) {
      const res = await sb.post(CONNECT, body);
      expect(res.status, label).toBe(401);
      expect(res.body, label).toEqual(NOT_VERIFIED);
      const reg = await sb.post(
        REGISTER,
        registerBody(
          body.method as Method,
          { uid: body.uid as string, token: body.token as string },
          body.email as string,
        ),
      );
      expect(reg.status, `register: ${label}`).toBe(401);
      expect(reg.body, `register: ${label}`).toEqual(NOT_VERIFIED);
    }
    expect(userRow(email)).toBeUndefined();
    expect(identities(userRow('listener@example.org')!.id)).toEqual([]);
    // the genuine token still works
    expect((await sb.post(CONNECT, connectBody('google', person, email))).body.message).toBe(
      'No account yet. Please complete your registration.',
    );
  });

  it('validates social registration like email registration, without checking the password', async () => {
    const email = 'valid@example.org';
    const person = await idpSignIn('google', { email, email_verified: true });
    const bad: [Record<string, unknown>, string][] = [
      [{ last_name: '' }, 'last_name: is required'],
      [{ first_name: 'x'.repeat(101) }, 'first_name: must be at most 100 characters'],
      [{ country_code: 'XX' }, 'country_code: must be an ISO 3166-1 alpha-2 code from /api/country'],
      [{ gender: 'Other' }, 'gender: must be one of'],
      [{ phone_number: '12a' }, 'phone_number: must contain digits only'],
      [{ token: undefined }, 'token: is required'],
      [{ uid: undefined }, 'uid: is required'],
      [{ email: 'other@example.org' }, 'email: must be the email of the social account'],
    ];
    for (const [change, message] of bad) {
      const res = await sb.post(REGISTER, registerBody('google', person, email, change));
      expect(res.status, message).toBe(400);
      expect(res.body.message, message).toContain(message);
    }
    expect(userRow(email)).toBeUndefined();
    const missing = await sb.post(CONNECT, { method: 'google', email });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('uid: is required; token: is required');
    const unknown = await sb.post(CONNECT, { ...connectBody('google', person, email), method: 'twitter' });
    expect(unknown.status).toBe(400);
    // any password, or none, is fine for social
    const ok = await sb.post(REGISTER, registerBody('google', person, email, { password: undefined }));
    expect(ok.status).toBe(200);
  });

  it('answers 503 when the emulator cannot be reached (runs last: stops the emulator)', async () => {
    const person = await idpSignIn('google', { email: 'late@example.org', email_verified: true });
    await emulator.stop();
    expect(() => process.kill(-emulator.pid, 0), 'the emulator process group is gone').toThrow();
    const res = await sb.post(CONNECT, connectBody('google', person, 'late@example.org'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 503,
      message: 'Social sign-in is not available right now. Please try again later.',
      errorCode: 'ER-AUTH-02',
    });
  });
});
