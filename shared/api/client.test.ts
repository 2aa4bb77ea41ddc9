// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../session/session';
import * as auth from './auth';
import { createApiClient } from './client';
import { addressOf } from './contract';
import { page, type Early } from '../boot/boot';
import { testProfile } from '../deps/testing';
import { CLIENT_MESSAGES } from './errors';

const profile = testProfile();

/** Stubs fetch to answer `status` with `body` (JSON unless a string); returns the stub. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
/** What a sign-in answers. */
const signedIn = (access_token: string, expires_in: number) => ({ access_token, token_type: 'Bearer', expires_in });

const session = createSession({ storage: localStorage });
const { call } = createApiClient({
  base: '',
  authorization: () => session.authorization(),
  onUnauthorized: () => session.signOut('expired'),
});

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials as JSON and parses the login answer', async () => {
    const fetch = answering(200, { status: 200, message: 'Logged in.', data: signedIn('t', 7200) });
    const result = await call(auth.login, { email: ' a@example.org ', password: 'secret' });
    expect(result).toEqual({ ok: true, message: 'Logged in.', data: signedIn('t', 7200) });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/webclient/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@example.org', password: 'secret' });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends Authorization with token type and access token', async () => {
    session.signIn({ access_token: 'abc', token_type: 'Bearer', expires_in: 60 });
    const fetch = answering(200, { status: 200, message: '', data: profile });
    const result = await call(auth.profile, {});
    expect(result.ok).toBe(true);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('turns a malformed answer into a typed error with the catalogue code', async () => {
    session.signIn({ access_token: 'abc', token_type: 'Bearer', expires_in: 60 });
    answering(200, { status: 200, data: { ...profile, credit_balance: 'lots' } });
    expect(await call(auth.profile, {})).toEqual({
      ok: false,
      error: { status: 200, message: CLIENT_MESSAGES.malformed, errorCode: 'ER-AUTH-03' },
    });
    answering(200, '<html>proxy error</html>');
    expect(await call(auth.login, { email: 'a@example.org', password: 'x' })).toEqual({
      ok: false,
      error: { status: 200, message: CLIENT_MESSAGES.malformed, errorCode: 'ER-AUTH-02' },
    });
  });

  it('reads a body the page already had (one a first view drew) as it reads an answer, asking nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const api = createApiClient({ base: '', authorization: () => null, onUnauthorized: () => {} });
    expect(api.read(auth.profile, { message: 'Here.', data: profile })).toEqual({
      ok: true,
      message: 'Here.',
      data: profile,
    });
    expect(api.read(auth.profile, { data: { ...profile, credit_balance: 'lots' } })).toEqual({
      ok: false,
      error: { status: 200, message: CLIENT_MESSAGES.malformed, errorCode: 'ER-AUTH-03' },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the server message and gives each call its catalogue code', async () => {
    answering(400, { status: 400, message: 'The email or password is incorrect.', errorCode: null });
    expect(await call(auth.login, { email: 'a@example.org', password: 'x' })).toEqual({
      ok: false,
      error: { status: 400, message: 'The email or password is incorrect.', errorCode: 'ER-AUTH-02' },
    });
    answering(500, 'oops');
    expect(await call(auth.countries, {})).toEqual({
      ok: false,
      error: { status: 500, message: CLIENT_MESSAGES.unknown, errorCode: 'ER-AUTH-69' },
    });
    answering(400, { status: 400, message: 'Bad', errorCode: 'change-amount-subs' });
    const r = await call(auth.register, {
      first_name: 'a',
      last_name: 'b',
      email: 'a@example.org',
      password: 'xxxxxx',
      country_code: 'US',
      gender: 'None',
      phone_number: '',
      method: 'email',
    });
    expect(r).toEqual({ ok: false, error: { status: 400, message: 'Bad', errorCode: 'change-amount-subs' } });
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await call(auth.countries, {})).toEqual({
      ok: false,
      error: { status: 0, message: CLIENT_MESSAGES.network, errorCode: 'ER-AUTH-69' },
    });
  });

  it('signs out on a 401 from an authenticated call', async () => {
    session.signIn({ access_token: 'abc', token_type: 'Bearer', expires_in: 60 });
    answering(401, { status: 401, message: 'Unauthenticated.', errorCode: null });
    const result = await call(auth.profile, {});
    expect(result.ok).toBe(false);
    expect(session.isSignedIn.value).toBe(false);
    expect(session.lastSignOut.value).toBe('expired');
  });

  it('does not call an authenticated endpoint without a session', async () => {
    const fetch = answering(200, {});
    const result = await call(auth.profile, {});
    expect(result).toMatchObject({ ok: false, error: { status: 401 } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a request that breaks its own contract before sending', async () => {
    const fetch = answering(200, {});
    const result = await call(auth.forgotPassword, { email: 'not an email' });
    expect(result).toMatchObject({ ok: false, error: { status: 400 } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the bearer override for the mobile login and puts GET fields in the query', async () => {
    const fetch = answering(200, { status: 200, message: '', data: signedIn('x', 10) });
    await call(auth.mobileLogin, {}, { bearer: 'app-token' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer app-token');
    answering(200, { status: 200, message: 'Email Verified!', data: null });
    await call(auth.verifyEmail, { t: 'a b' });
    expect(((globalThis.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [string])[0]).toBe(
      '/webclient-verification-email?t=a+b',
    );
  });
});

/**
 * The answers the loader asked for before the code came (shared/api/early.ts): the client takes one as it would
 * take its own, with the same error paths.
 */
describe('api client, with an answer the loader asked for early', () => {
  const store = (): Record<string, Early> => page().early;
  const early = (answer: Promise<Response>) =>
    (store()[addressOf(auth.profile, {})] = { answer, uses: 1, at: Date.now(), auth: 'Bearer abc' });

  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.signIn({ access_token: 'abc', token_type: 'Bearer', expires_in: 60 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const url of Object.keys(store())) delete store()[url];
  });

  it('takes the answer instead of asking again', async () => {
    early(Promise.resolve(new Response(JSON.stringify({ status: 200, message: '', data: profile }), { status: 200 })));
    const fetch = answering(500, {});
    expect(await call(auth.profile, {})).toMatchObject({ ok: true, data: { name: 'Grace Listener' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks again when the early request failed', async () => {
    early(Promise.reject(new TypeError('Failed to fetch')));
    const fetch = answering(200, { status: 200, message: '', data: profile });
    expect(await call(auth.profile, {})).toMatchObject({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("an early 401 signs the person out, as the client's own would", async () => {
    early(Promise.resolve(new Response(JSON.stringify({ status: 401, message: 'Unauthenticated.' }), { status: 401 })));
    answering(500, {});
    expect(await call(auth.profile, {})).toMatchObject({
      ok: false,
      error: { status: 401, message: 'Unauthenticated.' },
    });
    expect(session.authorization()).toBeNull();
  });

  it('an early answer that is not JSON gives the usual message, never a throw', async () => {
    early(Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    answering(500, {});
    expect(await call(auth.profile, {})).toMatchObject({
      ok: false,
      error: { status: 502, message: CLIENT_MESSAGES.unknown },
    });
    early(Promise.resolve(new Response('<html>OK</html>', { status: 200 })));
    expect(await call(auth.profile, {})).toMatchObject({ ok: false, error: { message: CLIENT_MESSAGES.malformed } });
  });
});
