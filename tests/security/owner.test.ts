// @vitest-environment node
/**
 * Whoever holds the inbox holds the account, and the owner can always get back in (issue #55), tried from outside:
 * requests that send no email use up nothing of the address's; however many clients ask for reset or verification
 * emails, the owner's own request is answered and the inbox holds a live link; a reset or a verification link ends
 * every credential made before the inbox was proven (social sign-ins the provider did not vouch for, sessions, terms
 * proofs, device proofs); every verification email, first or resent, names its sign-up; device proofs end with a
 * reset or a password change and can be listed and ended ("sign out everywhere").
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VerifiedIdToken } from '../../sandbox/core/firebase';
import { success } from '../../sandbox/core/result';
import { registration, startSandbox, type Answer, type TestSandbox } from '../../sandbox/test-support';

let sb: TestSandbox;
afterEach(() => sb.stop());

const FORGOT = '/webclient/auth/forgot-password';
const RESET = '/dashboard/auth/change-password';
const LOGIN = '/webclient/auth/login';
const OWNER = '203.0.113.20';
const clients = (n: number) => Array.from({ length: n }, (_, i) => `198.51.100.${i + 10}`);

const mailCount = (to: string) =>
  sb.sandbox.db.prepare('SELECT COUNT(*) FROM mail WHERE to_addr = ?').pluck().get(to) as number;

/** The token of the newest reset link mailed to this address. */
async function resetToken(to: string): Promise<string> {
  const mail = (await sb.mail(to)).find(
    (m) => m.subject === 'Reset your password' || m.subject === 'Choose your password',
  );
  const t = decodeURIComponent(/[?&]t=([^&\s]+)/.exec(mail!.links[0]!)![1]!);
  return Buffer.from(t, 'base64').toString('utf8').split('#')[1]!;
}

/** The owner of the inbox sets a password with Forgot password. */
async function ownerResets(email: string, password = 'owner-new-passphrase'): Promise<void> {
  expect((await sb.call('POST', FORGOT, { json: { email }, from: OWNER })).status).toBe(200);
  const token = await resetToken(email);
  expect((await sb.call('POST', RESET, { json: { email, token, password }, from: OWNER })).status).toBe(200);
}

const login = (email: string, password: string, from: string, device_proof?: string) =>
  sb.call<{ access_token: string; device_proof: string }>('POST', LOGIN, {
    json: { email, password, ...(device_proof ? { device_proof } : {}) },
    from,
  });

describe('the owner can always get back in', () => {
  it('verification emails asked for a verified account send nothing and use up nothing: the owner’s reset goes', async () => {
    sb = await startSandbox({ loginLimit: {} });
    for (const from of clients(2))
      for (let i = 0; i < 5; i += 1)
        expect(
          (await sb.call('POST', '/webclient/auth/resend-activation', { json: { email: 'partner@example.org' }, from }))
            .status,
        ).toBe(200);
    expect(mailCount('partner@example.org')).toBe(0);
    const reset = await sb.call('POST', FORGOT, { json: { email: 'partner@example.org' }, from: OWNER });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('retry-after')).toBeNull();
    expect(mailCount('partner@example.org')).toBe(1);
    expect(
      (await sb.call('POST', '/dashboard/auth/resend-email', { json: { email: 'partner@example.org' }, from: OWNER }))
        .status,
    ).toBe(200);
  });

  it('newsletter sign-ups of an address from other clients never refuse its owner', async () => {
    sb = await startSandbox({ loginLimit: {} });
    for (const from of clients(2))
      for (let i = 0; i < 5; i += 1)
        expect(
          (await sb.call('POST', '/subscribe-newsletter', { json: { email: 'reader@example.org' }, from })).status,
        ).toBe(200);
    expect(
      (await sb.call('POST', '/subscribe-newsletter', { json: { email: 'reader@example.org' }, from: OWNER })).status,
    ).toBe(200);
  });

  it('reset requests from many clients: the owner is answered, the inbox holds a live link and gets a few emails', async () => {
    sb = await startSandbox({ loginLimit: {} });
    const address = 'listener@example.org';
    for (const from of clients(8))
      for (let i = 0; i < 5; i += 1)
        expect((await sb.call('POST', FORGOT, { json: { email: address }, from })).status).toBe(200);
    expect(mailCount(address)).toBeLessThanOrEqual(4);
    const own = await sb.call('POST', FORGOT, { json: { email: address }, from: OWNER });
    expect(own.status).toBe(200);
    // The newest link in the inbox works for the owner.
    const token = await resetToken(address);
    expect((await sb.post(RESET, { email: address, token, password: 'owner-new-passphrase' })).status).toBe(200);
    expect((await login(address, 'owner-new-passphrase', OWNER)).status).toBe(200);
  });

  it('verification emails asked for from many clients: the owner’s resend is answered with a live link', async () => {
    sb = await startSandbox({ loginLimit: {} });
    const address = 'unverified@example.org';
    for (const from of clients(6))
      for (let i = 0; i < 5; i += 1)
        expect(
          (await sb.call('POST', '/webclient/auth/resend-activation', { json: { email: address }, from })).status,
        ).toBe(200);
    expect(mailCount(address)).toBeLessThanOrEqual(4);
    expect(
      (await sb.call('POST', '/dashboard/auth/resend-email', { json: { email: address }, from: OWNER })).status,
    ).toBe(200);
    const link = (await sb.mail(address))[0]!.links[0]!;
    expect((await sb.get(`/webclient-verification-email?t=${link.split('_t=')[1]}`)).status).toBe(200);
    expect((await login(address, 'unverified-2026', OWNER)).status).toBe(200);
  });
});

describe('whoever holds the inbox holds the account', () => {
  const EVIL: VerifiedIdToken = {
    uid: 'uid-evil',
    provider: 'google.com',
    email: 'victim@example.org',
    emailVerified: false,
    name: null,
  };
  const social = () =>
    startSandbox({
      firebase: { authEmulatorUrl: 'http://127.0.0.1:9' }, // not reached: the test's own verifier checks tokens
      verifyIdToken: (token) => Promise.resolve(success({ ...EVIL, uid: token })),
    });
  const connect = () =>
    sb.post('/webclient/auth/connect-socmed', { uid: EVIL.uid, token: EVIL.uid, method: 'google', email: EVIL.email });
  const registerSocially = () =>
    sb.post<{ access_token: string }>(
      '/webclient/auth/register',
      registration({
        email: EVIL.email,
        method: 'google',
        token: EVIL.uid,
        uid: EVIL.uid,
        password: '-',
        first_name: 'Eve',
      }),
    );

  it('a social sign-in linked with an email the provider did not verify ends with the owner’s reset', async () => {
    sb = await social();
    const created = await registerSocially();
    expect(created.status).toBe(200);
    expect((await connect()).status).toBe(200);
    await ownerResets(EVIL.email!);
    expect((await login(EVIL.email!, 'owner-new-passphrase', OWNER)).status).toBe(200);
    const after = await connect();
    expect([401, 403]).toContain(after.status);
    expect(after.body).toMatchObject({ errorCode: 'ER-AUTH-02' });
    expect((await sb.get('/webclient/account/profile', created.body.data!.access_token)).status).toBe(401);
  });

  it('… and with the owner’s (resent) verification link', async () => {
    sb = await social();
    expect((await registerSocially()).status).toBe(200);
    expect(
      (await sb.call('POST', '/dashboard/auth/resend-email', { json: { email: EVIL.email }, from: OWNER })).status,
    ).toBe(200);
    const link = (await sb.mail(EVIL.email!))[0]!.links[0]!;
    expect((await sb.get(`/webclient-verification-email?t=${link.split('_t=')[1]}`)).status).toBe(200);
    expect([401, 403]).toContain((await connect()).status);
  });

  it('every verification email, first or resent, names its sign-up and says what to do if it was not them', async () => {
    sb = await startSandbox();
    await sb.post(
      '/webclient/auth/register',
      registration({ email: 'owner@example.org', first_name: 'Eve', last_name: 'Mallory' }),
    );
    sb.clock.advance(60 * 1000);
    await sb.post('/webclient/auth/resend-activation', { email: 'owner@example.org' });
    const [resent, first] = await sb.mail('owner@example.org');
    for (const mail of [first!, resent!]) {
      expect(mail.subject).toBe('Verify your email address');
      expect(mail.text).toContain(
        'This link is for the sign-up made on 2026-01-10 at 12:00 UTC in the name of Eve Mallory.',
      );
      expect(mail.text).toContain('If this sign-up was not yours, do not open the link');
      expect(mail.links).toContain('http://portal.test/#/forgot-password');
    }
  });

  it('the first registrant’s terms proof accepts nothing once the owner holds the account', async () => {
    sb = await startSandbox();
    const registered = await sb.post<{ terms_token: string }>(
      '/webclient/auth/register',
      registration({ email: 'victim@example.org' }),
    );
    const proof = registered.body.data!.terms_token;
    await ownerResets('victim@example.org');
    const accepted = await sb.post('/dashboard/auth/accept-toc', { email: 'victim@example.org', terms_token: proof });
    expect(accepted.status).toBe(401);
    expect(
      sb.sandbox.db.prepare("SELECT terms_accepted_at FROM users WHERE email = 'victim@example.org'").pluck().get(),
    ).toBeNull();
  });
});

describe('device proofs end with a reset or a password change, and can be listed and ended', () => {
  /** 30 wrong guesses from 6 clients without a proof: the account's cap for the hour. */
  async function useUpCap(address: string, from: string[]): Promise<void> {
    for (const client of from) for (let i = 0; i < 5; i += 1) await login(address, `wrong-${i}`, client);
  }

  it('a proof kept from before a reset gives no more guesses once the account’s cap is used up', async () => {
    sb = await startSandbox({ loginLimit: {} });
    const address = 'listener@example.org';
    const stolen = (await login(address, 'listen-2026', '192.0.2.50')).body.data!.device_proof;
    await useUpCap(address, clients(6));
    await ownerResets(address);
    await useUpCap(address, clients(12).slice(6));
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await login(address, `guess-${i}`, '192.0.2.51', stolen));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 429, 429, 429]);
  });

  it('a password change ends every proof; the list shows live ones; one or all can be ended', async () => {
    sb = await startSandbox();
    const address = 'listener@example.org';
    const first = (await login(address, 'listen-2026', '192.0.2.60')).body.data!;
    const second = (await login(address, 'listen-2026', '192.0.2.61')).body.data!;
    const listed = await sb.get<Array<{ id: string; created_at: string; last_used_at: string }>>(
      '/dashboard/account/devices',
      second.access_token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data!.map((d) => d.id).sort()).toEqual(
      [first.device_proof.split('.')[0], second.device_proof.split('.')[0]].sort(),
    );
    // Ending one: that browser's proof is no proof any more (a new one is answered at its next sign-in).
    const one = first.device_proof.split('.')[0];
    expect((await sb.post('/dashboard/account/devices/end', { id: one }, second.access_token)).status).toBe(200);
    expect((await sb.post('/dashboard/account/devices/end', { id: one }, second.access_token)).body).toMatchObject({
      status: 400,
      errorCode: 'ER-AUTH-02',
    });
    const again = (await login(address, 'listen-2026', '192.0.2.60', first.device_proof)).body.data!;
    expect(again.device_proof).not.toBe(first.device_proof);
    // Sign out everywhere: every proof and every other session end, this one stays.
    expect((await sb.post('/dashboard/account/sign-out-everywhere', {}, second.access_token)).status).toBe(200);
    expect((await sb.get('/dashboard/account/devices', second.access_token)).body.data).toEqual([]);
    expect((await sb.get('/webclient/account/profile', again.access_token)).status).toBe(401);
    expect((await sb.get('/webclient/account/profile', second.access_token)).status).toBe(200);
    // A password change ends the proofs too.
    const third = (await login(address, 'listen-2026', '192.0.2.62')).body.data!;
    expect((await sb.post(RESET, { password: 'a-changed-passphrase' }, third.access_token)).status).toBe(200);
    expect((await sb.get('/dashboard/account/devices', third.access_token)).body.data).toEqual([]);
    const after = (await login(address, 'a-changed-passphrase', '192.0.2.62', third.device_proof)).body.data!;
    expect(after.device_proof).not.toBe(third.device_proof);
  });

  it('the device calls need a session', async () => {
    sb = await startSandbox();
    expect((await sb.get('/dashboard/account/devices')).status).toBe(401);
    expect((await sb.post('/dashboard/account/sign-out-everywhere', {})).status).toBe(401);
  });
});
