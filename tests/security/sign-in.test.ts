// @vitest-environment node
/**
 * Sign-in and accounts. Password checks are counted per email and client before the (slow) check, so requests sent at
 * once cannot all be checked; failures from one client never lock the owner out on theirs; a success clears only that
 * email's failures from that client, never the client's own limit. An account takes at most 30 checked guesses an hour
 * over all clients (IPv4 addresses, IPv6 /64s) without a device proof; a browser that signed in before keeps its own
 * allowance, and a reset by email always lets the owner back in. Registering, resending the verification email and the
 * reset request are limited per email and client; an address is sent at most 3 emails in 5 minutes over all clients,
 * and a reset or verification email asked for then is not refused (the inbox holds a live link from minutes ago). Whoever holds the inbox ends
 * up holding the account, whichever signed up first. A password change needs a recent sign-in, or the current password.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHOOSE_PASSWORD_SENT, CURRENT_PASSWORD_NEEDED } from '../../shared/api/auth';
import { registration, startSandbox, type Answer, type TestSandbox } from '../../sandbox/test-support';

const LOGIN = '/webclient/auth/login';
const TOO_MANY = {
  status: 429,
  message: 'Too many attempts. Please wait a few minutes and try again.',
  errorCode: null,
};
const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.20';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox({ loginLimit: {} }); // the real limits: 5 per email and client, 20 per client, 15 minutes
});
afterEach(() => sb.stop());

const login = (email: string, password: string, from?: string) =>
  sb.call<{ access_token: string }>('POST', LOGIN, { json: { email, password }, ...(from ? { from } : {}) });
const statuses = (answers: Answer[]) =>
  answers
    .map((a) => a.status)
    .sort()
    .join(' ');
/** 429 with a Retry-After of at most `max` seconds (15 minutes: a client's window; an hour: a cap over all clients). */
function expectSlowed(answer: Answer, max = 15 * 60) {
  expect(answer.body).toEqual(TOO_MANY);
  const wait = Number(answer.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(max);
}

describe('throttling holds under parallel requests', () => {
  it('checks at most 5 of 40 wrong passwords sent at once for one email; the rest are 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('listener@example.org', `wrong-${i}`, ATTACKER)),
    );
    const checked = answers.filter((a) => a.status === 400);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + answers.filter((a) => a.status === 429).length).toBe(40);
    expectSlowed(answers.find((a) => a.status === 429)!);
    // The right password from the same client waits too.
    expectSlowed(await login('listener@example.org', 'listen-2026', ATTACKER));
  });

  it('a success clears only that email’s failures from that client, never the client’s own limit over all emails', async () => {
    // 19 failures over many emails, then the client signs in to its own account...
    for (let i = 0; i < 19; i += 1)
      expect((await login(`someone-${i}@example.org`, 'guess', ATTACKER)).status).toBe(400);
    expect((await login('manila@example.org', 'manila-2026', ATTACKER)).status).toBe(200);
    // ...which does not reset the client's limit: one more failure, then 429 even for a fresh email.
    expect((await login('another@example.org', 'guess', ATTACKER)).status).toBe(400);
    expectSlowed(await login('fresh@example.org', 'guess', ATTACKER));
  });

  it('the owner signing in elsewhere does not reset the attacker’s count for that email', async () => {
    for (let i = 0; i < 4; i += 1)
      expect((await login('listener@example.org', `guess-${i}`, ATTACKER)).status).toBe(400);
    expect((await login('listener@example.org', 'listen-2026', OWNER)).status).toBe(200);
    expect((await login('listener@example.org', 'guess-5', ATTACKER)).status).toBe(400);
    expectSlowed(await login('listener@example.org', 'guess-6', ATTACKER));
  });
});

describe('nobody can lock another person out', () => {
  it('failures from one client never stop the owner signing in from theirs', async () => {
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('partner@example.org', `guess-${i}`, ATTACKER)),
    );
    expect(statuses(flood)).toMatch(/^(400 ){1,5}(429 ?)+$/);
    expect((await login('partner@example.org', 'partner-2026', OWNER)).status).toBe(200);
    // The owner's own mistakes count for the owner's client only.
    for (let i = 0; i < 5; i += 1) expect((await login('partner@example.org', `typo-${i}`, OWNER)).status).toBe(400);
    expectSlowed(await login('partner@example.org', 'partner-2026', OWNER));
    // After the window, the owner's client is fine again.
    sb.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login('partner@example.org', 'partner-2026', OWNER)).status).toBe(200);
  });
});

describe('an account takes at most 30 checked guesses an hour over all clients, and never locks its owner out', () => {
  type Signed = { access_token: string; device_proof?: string };
  const signIn = (email: string, password: string, from: string, device_proof?: string) =>
    sb.call<Signed>('POST', LOGIN, { json: { email, password, ...(device_proof ? { device_proof } : {}) }, from });
  /** Wrong guesses at the listener's password, each from another client; the answers' statuses. */
  async function guessFrom(clients: string[]): Promise<number[]> {
    const out: number[] = [];
    for (const [i, from] of clients.entries())
      out.push((await signIn('listener@example.org', `guess-${i}`, from)).status);
    return out;
  }
  const ipv4 = (n: number) => Array.from({ length: n }, (_, i) => `198.51.${100 + (i >> 8)}.${i & 255}`);
  const ipv6 = (n: number) => Array.from({ length: n }, (_, i) => `2001:db8:${(i + 1).toString(16)}::${i + 7}`);
  const checkedFor = (email: string) =>
    sb.sandbox.db.prepare("SELECT COUNT(*) FROM login_attempts WHERE kind = 'login' AND email = ?").pluck().get(email);

  it('80 IPv4 clients, 2 guesses each: 30 are checked, the rest are 429 with Retry-After', async () => {
    const clients = ipv4(80);
    const answers = [...(await guessFrom(clients)), ...(await guessFrom(clients))];
    expect(answers.filter((s) => s === 400)).toHaveLength(30);
    expect(answers.filter((s) => s === 429)).toHaveLength(130);
    expect(checkedFor('listener@example.org')).toBe(30);
    expectSlowed(await signIn('listener@example.org', 'guess', '192.0.2.200'), 60 * 60);
    // Even the right password, from a client the account has not seen: the cap decides before the check.
    expectSlowed(await signIn('listener@example.org', 'listen-2026', '192.0.2.201'), 60 * 60);
    // Other accounts are not affected.
    expect((await signIn('partner@example.org', 'partner-2026', '192.0.2.200')).status).toBe(200);
    // After the hour, unknown clients are checked again.
    sb.clock.advance(60 * 60 * 1000 + 1000);
    expect((await signIn('listener@example.org', 'listen-2026', '192.0.2.201')).status).toBe(200);
  });

  it('IPv6: many /64s are many clients and share the cap; one /64 is one client', async () => {
    const answers = await guessFrom(ipv6(50));
    expect(answers.filter((s) => s === 400)).toHaveLength(30);
    expect(answers.filter((s) => s === 429)).toHaveLength(20);
    expect(checkedFor('listener@example.org')).toBe(30);
    // One /64 (every address of a subscriber) is one client: 5 guesses per email, 20 over all emails.
    const sameNet = Array.from({ length: 25 }, (_, i) => `2001:db8:ffff:1:${i.toString(16)}::1`);
    const one = [];
    for (const [i, from] of sameNet.entries())
      one.push((await signIn(`nobody-${i}@example.org`, 'guess', from)).status);
    expect(one.filter((s) => s === 400)).toHaveLength(20);
    expect(one.filter((s) => s === 429)).toHaveLength(5);
  });

  it('a browser that signed in before keeps its own allowance (its device proof), and a proof works for its account only', async () => {
    const first = await signIn('listener@example.org', 'listen-2026', OWNER);
    expect(first.status).toBe(200);
    const proof = first.body.data!.device_proof!;
    expect(proof).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    await guessFrom(ipv4(40).concat(ipv6(10)));
    expect(checkedFor('listener@example.org')).toBe(30);
    // The owner's browser, on another network now: signed in, and given back the same proof.
    const again = await signIn('listener@example.org', 'listen-2026', '192.0.2.99', proof);
    expect(again.status).toBe(200);
    expect(again.body.data!.device_proof).toBe(proof);
    // Its own mistakes count for it alone: 5 in 15 minutes.
    for (let i = 0; i < 5; i += 1)
      expect((await signIn('listener@example.org', `typo-${i}`, OWNER, proof)).status).toBe(400);
    expectSlowed(await signIn('listener@example.org', 'listen-2026', OWNER, proof));
    // A proof for another account, a forged one or a mangled one is no proof.
    const partner = (await signIn('partner@example.org', 'partner-2026', OWNER)).body.data!.device_proof!;
    const forged = `${proof.split('.')[0]}.${'A'.repeat(43)}`;
    for (const bad of [partner, forged, proof.slice(1), 'x'.repeat(300)])
      expectSlowed(await signIn('listener@example.org', 'listen-2026', '192.0.2.98', bad), 60 * 60);
  });

  it('the owner can always reset by email, and then sign in anywhere', async () => {
    await guessFrom(ipv4(35));
    expectSlowed(await signIn('listener@example.org', 'listen-2026', OWNER), 60 * 60);
    expect(
      (
        await sb.call('POST', '/webclient/auth/forgot-password', {
          json: { email: 'listener@example.org' },
          from: OWNER,
        })
      ).status,
    ).toBe(200);
    const [mail] = await sb.mail('listener@example.org');
    const t = decodeURIComponent(/[?&]t=([^&\s]+)/.exec(mail!.links[0]!)![1]!);
    const token = Buffer.from(t, 'base64').toString('utf8').split('#')[1]!;
    const reset = await sb.call('POST', '/dashboard/auth/change-password', {
      json: { email: 'listener@example.org', token, password: 'a-new-harbour-lantern' },
      from: OWNER,
    });
    expect(reset.status).toBe(200);
    expect((await signIn('listener@example.org', 'a-new-harbour-lantern', OWNER)).status).toBe(200);
    // Guessing starts again from nothing for the account, bounded as before.
    const after = await guessFrom(ipv4(40).map((ip) => ip.replace('198.51', '203.0')));
    expect(after.filter((s) => s === 400)).toHaveLength(30);
  });
});

describe('registering and resending the verification email are limited', () => {
  const register = (email: string, from?: string) =>
    sb.call('POST', '/webclient/auth/register', {
      json: registration({ email }),
      ...(from ? { from } : {}),
    });
  const mails = (to: string) =>
    sb.sandbox.db.prepare('SELECT COUNT(*) FROM mail WHERE to_addr = ?').pluck().get(to) as number;

  it('registers one address at most 5 times per client in 15 minutes, and sends it 3 emails in 5 minutes over all clients', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => register('victim@example.org', i % 2 ? ATTACKER : OWNER)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    // Each of the two clients asked 6 times: its sixth may meet its own limit (5 in 15 minutes) before the inbox's (3
    // emails in 5 minutes), depending on the order the parallel requests are counted and hashed in.
    for (const slowed of answers.filter((a) => a.status !== 200)) expectSlowed(slowed, 15 * 60);
    // The inbox cannot be filled: a third client waits too, but for minutes, not an hour.
    expectSlowed(await register('victim@example.org', '192.0.2.77'), 5 * 60);
    expect(mails('victim@example.org')).toBe(3);
    sb.clock.advance(5 * 60 * 1000 + 1);
    expect((await register('victim@example.org', '192.0.2.77')).status).toBe(200);
  });

  it('one client alone cannot lock an address out of its reset: the owner always has a live link', async () => {
    const forgot = (from: string) =>
      sb.call('POST', '/webclient/auth/forgot-password', { json: { email: 'listener@example.org' }, from });
    const flood = await Promise.all(Array.from({ length: 9 }, () => forgot(ATTACKER)));
    expect(flood.filter((a) => a.status === 200)).toHaveLength(5);
    for (const slowed of flood.filter((a) => a.status !== 200)) expectSlowed(slowed);
    // 3 emails in 5 minutes reach the inbox, each with a live link; the owner's own request is answered as always.
    expect(mails('listener@example.org')).toBe(3);
    expect((await forgot(OWNER)).status).toBe(200);
    expect(mails('listener@example.org')).toBe(3);
    sb.clock.advance(5 * 60 * 1000 + 1);
    expect((await forgot(OWNER)).status).toBe(200);
    expect(mails('listener@example.org')).toBe(4);
  });

  it('limits one client over all addresses, so it cannot mint tokens without end', async () => {
    for (let i = 0; i < 60; i += 1)
      expect((await register(`new-${i}@example.org`, ATTACKER)).status, `#${i}`).toBe(200);
    expectSlowed(await register('new-60@example.org', ATTACKER));
    expect((await register('someone-else@example.org', OWNER)).status).toBe(200);
  });

  it('answers a resend at most 5 times per address and client (3 emails in 5 minutes), and 20 times per client', async () => {
    for (const path of ['/webclient/auth/resend-activation', '/dashboard/auth/resend-email']) {
      sb.clock.advance(16 * 60 * 1000);
      const before = mails('unverified@example.org');
      const answers = await Promise.all(
        Array.from({ length: 9 }, () =>
          sb.call('POST', path, { json: { email: 'unverified@example.org' }, from: ATTACKER }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
      expect(mails('unverified@example.org') - before).toBe(3);
    }
    sb.clock.advance(16 * 60 * 1000);
    for (let i = 0; i < 20; i += 1)
      expect(
        (
          await sb.call('POST', '/webclient/auth/resend-activation', {
            json: { email: `x${i}@example.org` },
            from: OWNER,
          })
        ).status,
      ).toBe(200);
    expectSlowed(
      await sb.call('POST', '/webclient/auth/resend-activation', { json: { email: 'x20@example.org' }, from: OWNER }),
    );
  });
});

describe('a password change needs a recent sign-in', () => {
  const CHANGE = '/dashboard/auth/change-password';

  it('within 5 minutes of signing in: the new password alone', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    sb.clock.advance(4 * 60 * 1000);
    expect((await sb.post(CHANGE, { password: 'a-new-passphrase' }, token)).status).toBe(200);
    expect((await login('listener@example.org', 'a-new-passphrase')).status).toBe(200);
  });

  it('later (a stolen token): asks for the current password, refuses a wrong one, counts the guesses, and signs nobody out', async () => {
    const owner = await sb.login('listener@example.org', 'listen-2026');
    const stolen = await sb.login('listener@example.org', 'listen-2026');
    sb.clock.advance(5 * 60 * 1000 + 1000);
    const asked = await sb.post(CHANGE, { password: 'attacker-chosen' }, stolen);
    expect(asked.status).toBe(403);
    expect(asked.body).toEqual({
      status: 403,
      message: expect.stringMatching(/enter your current password/),
      errorCode: CURRENT_PASSWORD_NEEDED,
    });
    const wrong = await sb.post(CHANGE, { password: 'attacker-chosen', current_password: 'guess' }, stolen);
    expect(wrong.body).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^current_password: is not your current password/),
    });
    // Nothing changed: the password is the same and the owner's session still works.
    expect((await login('listener@example.org', 'listen-2026')).status).toBe(200);
    expect((await sb.get('/webclient/account/profile', owner)).status).toBe(200);
    // Guessing the current password is counted like signing in: 5 at most (the owner's sign-in above cleared the first).
    for (let i = 0; i < 5; i += 1)
      await sb.post(CHANGE, { password: 'attacker-chosen', current_password: `guess-${i}` }, stolen);
    expectSlowed(await sb.post(CHANGE, { password: 'attacker-chosen', current_password: 'listen-2026' }, stolen));
  });

  it('later, with the right current password: changed, and the other sessions are signed out', async () => {
    const other = await sb.login('manila@example.org', 'manila-2026');
    const token = await sb.login('manila@example.org', 'manila-2026');
    sb.clock.advance(30 * 60 * 1000);
    expect(
      (await sb.post(CHANGE, { password: 'a-new-passphrase', current_password: 'manila-2026' }, token)).body,
    ).toMatchObject({ status: 200, message: 'You successfully update the password' });
    expect((await sb.get('/webclient/account/profile', other)).status).toBe(401);
    expect((await sb.get('/webclient/account/profile', token)).status).toBe(200);
  });
});

describe('whoever holds the inbox ends up holding the account, whichever signed up first', () => {
  const VICTIM = 'inbox-owner@example.org';
  const CHOOSE =
    'This email address was signed up more than once, so the password may not be one you chose. We have emailed you a link to choose your password; your email is verified when you do. : inbox-owner@example.org';
  const signUp = (first_name: string, password: string, from: string) =>
    sb.call('POST', '/webclient/auth/register', {
      json: registration({ email: VICTIM, first_name, last_name: 'Person', password }),
      from,
    });
  const signInStatus = async (password: string) =>
    (await sb.call('POST', LOGIN, { json: { email: VICTIM, password }, from: '192.0.2.50' })).status;
  /** The verification email of the sign-up in this name, newest first. */
  async function verificationFor(first_name: string) {
    const mails = await sb.mail(VICTIM);
    const mail = mails.find(
      (m) => m.subject === 'Verify your email address' && m.text.startsWith(`Hello ${first_name},`),
    );
    expect(mail, `a verification email for ${first_name}`).toBeDefined();
    return { mail: mail!, token: mail!.links[0]!.split('_t=')[1]! };
  }
  async function choosePassword(password: string) {
    const mail = (await sb.mail(VICTIM)).find((m) => m.subject === 'Choose your password')!;
    expect(mail.text).toMatch(/signed up more than once before it was verified/);
    const t = decodeURIComponent(/[?&]t=([^&\s]+)/.exec(mail.links[0]!)![1]!);
    const token = Buffer.from(t, 'base64').toString('utf8').split('#')[1]!;
    return sb.call('POST', '/dashboard/auth/change-password', { json: { email: VICTIM, token, password } });
  }

  async function ownerTakesTheAccount() {
    const { mail, token } = await verificationFor('Olive');
    // The email says which sign-up it is for, and that the password will be chosen again.
    expect(mail.text).toMatch(
      /This link is for the sign-up made on \d{4}-\d\d-\d\d at \d\d:\d\d UTC in the name of Olive Person\./,
    );
    // The link proves the inbox, not who chose the password: no password is activated.
    const verified = await sb.get(`/webclient-verification-email?t=${token}`);
    expect(verified.body).toEqual({ status: 400, message: CHOOSE, errorCode: CHOOSE_PASSWORD_SENT });
    expect(await signInStatus('mallory-pass-1')).toBe(400);
    expect(await signInStatus('olive-pass-1')).toBe(400);
    // The owner chooses the password through the emailed link, which verifies the address.
    expect((await choosePassword('olive-chosen-1')).status).toBe(200);
    expect(await signInStatus('olive-chosen-1')).toBe(200);
    expect(await signInStatus('mallory-pass-1')).toBe(400);
    const row = sb.sandbox.db
      .prepare('SELECT first_name, email_verified_at FROM users WHERE email = ?')
      .get(VICTIM) as {
      first_name: string;
      email_verified_at: string | null;
    };
    expect(row.first_name).toBe('Olive');
    expect(row.email_verified_at).not.toBeNull();
    // Nothing of the other sign-up is left, and its link now only says the address is verified.
    expect(sb.sandbox.db.prepare('SELECT COUNT(*) FROM signups').pluck().get()).toBe(0);
    const other = await verificationFor('Mallory');
    expect(other.mail.text).toMatch(/in the name of Mallory Person\./);
    expect((await sb.get(`/webclient-verification-email?t=${other.token}`)).status).toBe(200);
    expect(await signInStatus('mallory-pass-1')).toBe(400);
    expect(await signInStatus('olive-chosen-1')).toBe(200);
  }

  it('someone else signs up first, the owner second: only a password the owner chooses signs in', async () => {
    expect((await signUp('Mallory', 'mallory-pass-1', ATTACKER)).status).toBe(200);
    expect((await signUp('Olive', 'olive-pass-1', OWNER)).status).toBe(200);
    expect((await verificationFor('Olive')).mail.text).toMatch(/signed up more than once/);
    await ownerTakesTheAccount();
  });

  it('the owner signs up first, someone else second: the same', async () => {
    expect((await signUp('Olive', 'olive-pass-1', OWNER)).status).toBe(200);
    expect((await signUp('Mallory', 'mallory-pass-1', ATTACKER)).status).toBe(200);
    // The later sign-up's email reaches the owner's inbox, saying so.
    expect((await verificationFor('Mallory')).mail.text).toMatch(/signed up more than once/);
    await ownerTakesTheAccount();
  });

  it('asked again (Forgot Password, or the portal\'s "Send the email again"), the owner gets the "Choose your password" email again', async () => {
    expect((await signUp('Mallory', 'mallory-pass-1', ATTACKER)).status).toBe(200);
    expect((await signUp('Olive', 'olive-pass-1', OWNER)).status).toBe(200);
    const { token } = await verificationFor('Olive');
    expect((await sb.get(`/webclient-verification-email?t=${token}`)).body.message).toBe(CHOOSE);
    sb.clock.advance(10 * 60_000);
    const again = await sb.call('POST', '/webclient/auth/forgot-password', { json: { email: VICTIM }, from: OWNER });
    expect(again.status).toBe(200);
    const subjects = (await sb.mail(VICTIM)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Choose your password')).toHaveLength(2);
    expect(subjects).not.toContain('Reset your password');
    expect((await choosePassword('olive-chosen-1')).status).toBe(200);
    expect(await signInStatus('olive-chosen-1')).toBe(200);
  });

  it('one sign-up verifies as before, with its own password; after verifying, another sign-up changes nothing', async () => {
    expect((await signUp('Olive', 'olive-pass-1', OWNER)).status).toBe(200);
    const { mail, token } = await verificationFor('Olive');
    expect(mail.text).not.toMatch(/more than once/);
    expect((await sb.get(`/webclient-verification-email?t=${token}`)).body).toMatchObject({
      status: 200,
      message: 'Email Verified!',
    });
    expect(await signInStatus('olive-pass-1')).toBe(200);
    expect((await signUp('Mallory', 'mallory-pass-1', ATTACKER)).status).toBe(200);
    expect((await sb.mail(VICTIM))[0]!.subject).toBe('Someone tried to register with your email');
    expect(await signInStatus('olive-pass-1')).toBe(200);
    expect(await signInStatus('mallory-pass-1')).toBe(400);
  });

  it('a social sign-up of an unproven address counts as a sign-up: its link goes when the inbox owner verifies', async () => {
    // As registerSocial leaves it for a provider whose email is not verified: no password, an identity, one sign-up.
    const { db } = sb.sandbox;
    const now = sb.clock.now.toISOString();
    const userId = Number(
      db
        .prepare(
          "INSERT INTO users (first_name, last_name, email, password_hash, joined_at) VALUES ('Mallory', 'Person', ?, 'none', ?)",
        )
        .run(VICTIM, now).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO signups (user_id, first_name, last_name, created_at) VALUES (?, 'Mallory', 'Person', ?)",
    ).run(userId, now);
    db.prepare(
      "INSERT INTO social_identities (provider, provider_uid, user_id, email, linked_at) VALUES ('facebook.com', 'mallory-uid', ?, ?, ?)",
    ).run(userId, VICTIM, now);
    expect((await signUp('Olive', 'olive-pass-1', OWNER)).status).toBe(200);
    const { token } = await verificationFor('Olive');
    expect((await sb.get(`/webclient-verification-email?t=${token}`)).body.message).toBe(CHOOSE);
    expect(db.prepare('SELECT COUNT(*) FROM social_identities WHERE user_id = ?').pluck().get(userId)).toBe(0);
    expect((await choosePassword('olive-chosen-1')).status).toBe(200);
    expect(await signInStatus('olive-chosen-1')).toBe(200);
  });
});
