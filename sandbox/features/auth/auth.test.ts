// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox({ loginLimit: { perEmail: 3, perIp: 6 } });
});
afterEach(async () => {
  await sb.stop();
});

const LOGIN = '/webclient/auth/login';
const REGISTER = '/webclient/auth/register';
const CHANGE = '/dashboard/auth/change-password';

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Nina',
    last_name: 'New',
    email: 'nina@example.org',
    password: 'nina-secret',
    country_code: 'PH',
    gender: 'Female',
    phone_number: '9171234567',
    method: 'email',
    ...overrides,
  };
}

/** The token of the reset link in the newest reset email to that address. */
async function resetToken(email: string): Promise<{ email: string; token: string }> {
  const [mail] = (await sb.mail(email)).filter((m) => m.subject === 'Reset your password');
  const link = mail!.links.find((l) => l.includes('#/change-password?t='))!;
  expect(link.startsWith('http://portal.test/#/change-password?t=')).toBe(true);
  const t = decodeURIComponent(link.split('?t=')[1]!);
  const decoded = Buffer.from(t, 'base64').toString('utf8');
  const at = decoded.lastIndexOf('#');
  return { email: decoded.slice(0, at), token: decoded.slice(at + 1) };
}

describe('login', () => {
  it('answers a bearer token for the right password, whatever the email case', async () => {
    const res = await sb.post(LOGIN, { email: ' Listener@Example.org ', password: 'listen-2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, data: { token_type: 'Bearer', expires_in: 7200 } });
    expect((res.body.data as { access_token: string }).access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 400 for a wrong password and an unknown account', async () => {
    const wrong = await sb.post(LOGIN, { email: 'listener@example.org', password: 'nope-nope' });
    const unknown = await sb.post(LOGIN, { email: 'nobody@example.org', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 400, message: 'The email or password is incorrect.', errorCode: null });
    }
  });

  it('refuses an unverified email with 403 asking to verify', async () => {
    const res = await sb.post(LOGIN, { email: 'unverified@example.org', password: 'unverified-2026' });
    expect(res.status).toBe(403);
    expect(res.body.message.toLowerCase()).toContain('please verify your email');
    // a wrong password still says only "incorrect"
    const wrong = await sb.post(LOGIN, { email: 'unverified@example.org', password: 'wrong-one' });
    expect(wrong.status).toBe(400);
  });

  it('slows down after too many failures for one email, known or not, and recovers after the window', async () => {
    for (const email of ['listener@example.org', 'ghost@example.org']) {
      for (let i = 0; i < 3; i++) expect((await sb.post(LOGIN, { email, password: 'bad-guess' })).status).toBe(400);
      const res = await sb.post(LOGIN, { email, password: 'bad-guess' });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        status: 429,
        message: 'Too many attempts. Please wait a few minutes and try again.',
        errorCode: null,
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    }
    // even the right password waits
    expect((await sb.post(LOGIN, { email: 'listener@example.org', password: 'listen-2026' })).status).toBe(429);
    sb.clock.advance(15 * 60 * 1000 + 1000);
    expect((await sb.post(LOGIN, { email: 'listener@example.org', password: 'listen-2026' })).status).toBe(200);
  });

  it('slows down one IP trying many emails', async () => {
    for (let i = 0; i < 6; i++) await sb.post(LOGIN, { email: `u${i}@example.org`, password: 'bad-guess' });
    const res = await sb.post(LOGIN, { email: 'manila@example.org', password: 'manila-2026' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('names missing fields', async () => {
    const res = await sb.post(LOGIN, { email: 'listener@example.org' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('password: is required');
  });
});

describe('registration and verification', () => {
  it('registers, mails a verification link, verifies once, then logs in', async () => {
    const reg = await sb.post(REGISTER, newUser({ email: 'Nina@Example.org' }));
    expect(reg.status).toBe(200);
    // The answer carries the proof for accepting the terms (see tests/security/terms.test.ts).
    expect(reg.body).toEqual({
      status: 200,
      message: 'Thank you for registering. Please check your email to verify your account.',
      data: { terms_token: expect.any(String) },
    });

    expect((await sb.post(LOGIN, { email: 'nina@example.org', password: 'nina-secret' })).status).toBe(403);

    const [mail] = await sb.mail('nina@example.org');
    expect(mail!.to).toBe('nina@example.org');
    const link = mail!.links.find((l) => l.startsWith('http://portal.test/#/verify-email?_t='))!;
    const token = link.split('_t=')[1]!;

    const ok = await sb.get(`/webclient-verification-email?t=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Email Verified!');
    const again = await sb.get(`/webclient-verification-email?t=${token}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This verification link is invalid or has expired.');

    const jwt = await sb.login('nina@example.org', 'nina-secret');
    const profile = await sb.get<{ name: string; country: unknown; type: number }>('/webclient/account/profile', jwt);
    expect(profile.body.data).toMatchObject({
      name: 'Nina New',
      country: { code: 'PH', name: 'Philippines' },
      type: 0,
      subscription: null,
    });
  });

  it('answers the same for an existing email and mails the owner instead', async () => {
    const res = await sb.post(REGISTER, newUser({ email: 'listener@example.org' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Thank you for registering. Please check your email to verify your account.');
    const [mail] = await sb.mail('listener@example.org');
    expect(mail!.subject).toBe('Someone tried to register with your email');
    expect(mail!.links).toEqual(['http://portal.test/#/login', 'http://portal.test/#/forgot-password']);
    // the account is unchanged: the old password still works
    await sb.login('listener@example.org', 'listen-2026');
  });

  it('expires verification links after 24 hours', async () => {
    await sb.post(REGISTER, newUser());
    const token = (await sb.mail('nina@example.org'))[0]!.links[0]!.split('_t=')[1]!;
    sb.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await sb.get(`/webclient-verification-email?t=${token}`)).status).toBe(400);
    expect((await sb.get('/webclient-verification-email')).status).toBe(400);
  });

  it('validates the form and names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email: must be a valid email'],
      [{ password: '12345' }, 'password: must be at least 6 characters'],
      [{ country_code: 'ZZ' }, 'country_code'],
      [{ gender: 'Other' }, 'gender'],
      [{ phone_number: '+63 917' }, 'phone_number: must contain digits only'],
      [{ first_name: 'x'.repeat(101) }, 'first_name: must be at most 100 characters'],
      [{ email: `${'a'.repeat(250)}@example.org` }, 'email: must be at most 254 characters'],
      [{ password: 'p'.repeat(201) }, 'password: must be at most 200 characters'],
      [{ last_name: undefined }, 'last_name: is required'],
    ];
    for (const [change, message] of cases) {
      const res = await sb.post(REGISTER, newUser(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errorCode).toBeNull();
    }
    expect(await sb.mail('nina@example.org')).toEqual([]);
    // an empty phone number is fine
    expect((await sb.post(REGISTER, newUser({ phone_number: '' }))).status).toBe(200);
  });

  it('answers 503 to social sign-up and sign-in while social sign-in is off (no emulator)', async () => {
    const res = await sb.post(REGISTER, newUser({ method: 'google', password: '-', token: 't', uid: 'u' }));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 503, message: 'Social sign-in is not configured.', errorCode: null });
    const connect = await sb.post('/webclient/auth/connect-socmed', {
      email: 'a@example.org',
      name: 'A B',
      uid: 'u',
      token: 't',
      method: 'google',
    });
    expect(connect.status).toBe(503);
    expect(connect.body.message).toBe('Social sign-in is not configured.');
  });

  it('resends verification only to unverified accounts, and keeps earlier links valid', async () => {
    for (const path of ['/webclient/auth/resend-activation', '/dashboard/auth/resend-email']) {
      for (const email of ['unverified@example.org', 'listener@example.org', 'nobody@example.org']) {
        const res = await sb.post(path, { email });
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(
          'If the account exists and is not verified, a new verification email has been sent.',
        );
      }
    }
    const mails = await sb.mail('unverified@example.org');
    expect(mails).toHaveLength(2);
    expect(await sb.mail('listener@example.org')).toEqual([]);
    expect(await sb.mail('nobody@example.org')).toEqual([]);
    const older = mails[1]!.links[0]!.split('_t=')[1]!;
    expect((await sb.get(`/webclient-verification-email?t=${older}`)).status).toBe(200);
    await sb.login('unverified@example.org', 'unverified-2026');
  });
});

describe('password reset', () => {
  const FORGOT = '/webclient/auth/forgot-password';
  const SENT = 'If an account exists for this email, we have sent a link to reset your password.';

  it('mails a link; the reset sets the password once and signs out old sessions', async () => {
    const oldSession = await sb.login('listener@example.org', 'listen-2026');
    const res = await sb.post(FORGOT, { email: 'listener@example.org' });
    expect(res.body).toEqual({ status: 200, message: SENT, data: null });
    const { email, token } = await resetToken('listener@example.org');
    expect(email).toBe('listener@example.org');

    const done = await sb.post(CHANGE, { email, token, password: 'brand-new-1' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been updated. You can now log in.');

    expect((await sb.post(LOGIN, { email, password: 'listen-2026' })).status).toBe(400);
    await sb.login(email, 'brand-new-1');
    expect((await sb.get('/webclient/account/profile', oldSession)).status).toBe(401);

    const reuse = await sb.post(CHANGE, { email, token, password: 'another-1' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This reset link is invalid or has expired.');
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    const res = await sb.post(FORGOT, { email: 'nobody@example.org' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SENT);
    expect(await sb.mail('nobody@example.org')).toEqual([]);
  });

  it('refuses an expired token, and a token used with another email', async () => {
    await sb.post(FORGOT, { email: 'manila@example.org' });
    const { token } = await resetToken('manila@example.org');
    const other = await sb.post(CHANGE, { email: 'listener@example.org', token, password: 'brand-new-1' });
    expect(other.status).toBe(400);
    sb.clock.advance(60 * 60 * 1000 + 1);
    const late = await sb.post(CHANGE, { email: 'manila@example.org', token, password: 'brand-new-1' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This reset link is invalid or has expired.');
    await sb.login('manila@example.org', 'manila-2026');
  });

  it('validates the new password', async () => {
    await sb.post(FORGOT, { email: 'manila@example.org' });
    const { token } = await resetToken('manila@example.org');
    const res = await sb.post(CHANGE, { email: 'manila@example.org', token, password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('password: must be at least 6 characters');
  });

  it('slows down repeated requests', async () => {
    for (let i = 0; i < 3; i++) expect((await sb.post(FORGOT, { email: 'ghost@example.org' })).status).toBe(200);
    const res = await sb.post(FORGOT, { email: 'ghost@example.org' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

describe('signed-in password change', () => {
  it('changes the password with a session, and needs one', async () => {
    const token = await sb.login('manila@example.org', 'manila-2026');
    const res = await sb.post(CHANGE, { password: 'salamat-2026' }, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('You successfully update the password');
    await sb.login('manila@example.org', 'salamat-2026');
    expect((await sb.post(LOGIN, { email: 'manila@example.org', password: 'manila-2026' })).status).toBe(400);
    // the session that changed it stays signed in
    expect((await sb.get('/webclient/account/profile', token)).status).toBe(200);

    const anon = await sb.post(CHANGE, { password: 'whatever-1' });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ status: 401, message: 'Unauthenticated.', errorCode: null });
  });
});

describe('logout and mobile sign-in', () => {
  it('logout revokes the token', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const out = await sb.post('/webclient/auth/logout', {}, token);
    expect(out.body).toEqual({ status: 200, message: 'Logged out.', data: null });
    expect((await sb.get('/webclient/account/profile', token)).status).toBe(401);
    expect((await sb.post('/webclient/auth/logout', {}, token)).status).toBe(401);
  });

  it('exchanges an app token once', async () => {
    const minted = await sb.post<{ token: string }>('/sandbox/app-token', { email: 'partner@example.org' });
    expect(minted.status).toBe(200);
    const appToken = (minted.body as unknown as { token: string }).token;
    expect(minted.body.data?.token).toBe(appToken);

    const first = await sb.get<{ access_token: string; token_type: string; expires_in: number }>(
      '/webclient/auth/mobile-login',
      appToken,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    const profile = await sb.get<{ email: string }>('/webclient/account/profile', first.body.data!.access_token);
    expect(profile.body.data!.email).toBe('partner@example.org');

    const second = await sb.get('/webclient/auth/mobile-login', appToken);
    expect(second.status).toBe(401);
    expect(second.body).toEqual({
      status: 401,
      message: 'This sign-in link has expired. Please sign in again.',
      errorCode: null,
    });
  });

  it('refuses expired, unknown and missing app tokens', async () => {
    const minted = await sb.post('/sandbox/app-token', { email: 'partner@example.org' });
    const appToken = (minted.body as unknown as { token: string }).token;
    sb.clock.advance(10 * 60 * 1000 + 1);
    expect((await sb.get('/webclient/auth/mobile-login', appToken)).status).toBe(401);
    expect((await sb.get('/webclient/auth/mobile-login', 'made-up')).status).toBe(401);
    expect((await sb.get('/webclient/auth/mobile-login')).status).toBe(401);
    // an access token is not an app token
    const access = await sb.login('partner@example.org', 'partner-2026');
    expect((await sb.get('/webclient/auth/mobile-login', access)).status).toBe(401);
    expect((await sb.post('/sandbox/app-token', { email: 'nobody@example.org' })).status).toBe(404);
  });
});
