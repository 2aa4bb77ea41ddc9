// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDigits } from './bank-accounts.js';
import { isPlausibleDob } from './profile.js';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
});

const UPDATE = '/dashboard/account/update';
const ADD_BANK = '/dashboard/account/add-bank';
const ACCEPT = '/dashboard/account/accept-toc';
const ACCEPT_BY_EMAIL = '/dashboard/auth/accept-toc';
const RESEND = '/dashboard/auth/resend-email';
const row = (email: string) =>
  sb.sandbox.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as Record<string, unknown>;

describe('POST /dashboard/account/update', () => {
  it('changes only the fields sent and answers the profile exactly as GET profile does', async () => {
    const token = await sb.login('manila@example.org', 'manila-2026');
    const res = await sb.post(
      UPDATE,
      {
        first_name: '  Maria Clara ',
        bio: 'Sings alto.',
        dob: '1990-05-17',
        genre: 'Choral',
        phone_number: '9170001111',
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your profile was updated.');
    const profile = await sb.get('/webclient/account/profile', token);
    expect(res.body.data).toEqual(profile.body.data);
    expect(res.body.data).toMatchObject({
      name: 'Maria Clara Santos',
      bio: 'Sings alto.',
      dob: '1990-05-17',
      genre: 'Choral',
      country: { code: 'PH' },
    });
    expect(row('manila@example.org')).toMatchObject({
      phone_number: '9170001111',
      last_name: 'Santos',
      email: 'manila@example.org',
    });

    // null or '' clears; a new country changes the profile's country
    const cleared = await sb.post<{ bio: null; genre: null; country: { code: string } }>(
      UPDATE,
      { bio: '', genre: null, country_code: 'us' },
      token,
    );
    expect(cleared.body.data).toMatchObject({
      bio: null,
      genre: null,
      dob: '1990-05-17',
      country: { code: 'US', name: 'United States' },
    });
    // nothing sent: nothing changes
    expect((await sb.post(UPDATE, {}, token)).body.data).toEqual(
      (await sb.get('/webclient/account/profile', token)).body.data,
    );
  });

  it('ignores fields it does not update (email, role, balance)', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const res = await sb.post<{ email: string; role: string; credit_balance: number }>(
      UPDATE,
      { email: 'x@example.org', role: 'admin', credit_balance: 99999 },
      token,
    );
    expect(res.body.data).toMatchObject({ email: 'listener@example.org', role: 'listener', credit_balance: 120 });
  });

  it('refuses bad fields with 400 ER-AUTH-02, and needs a session (401, errorCode null)', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const cases: [unknown, string][] = [
      [{ first_name: '' }, 'first_name: is required'],
      [{ last_name: 'x'.repeat(101) }, 'last_name: must be at most 100 characters'],
      [{ dob: '17/05/1990' }, 'dob: must be a date as YYYY-MM-DD'],
      [{ dob: '1990-02-30' }, 'dob: must be a real date between 1900-01-01 and today'],
      [{ dob: '2027-01-01' }, 'dob: must be a real date between 1900-01-01 and today'],
      [{ country_code: 'XX' }, 'country_code: must be an ISO 3166-1 alpha-2 code from /api/country'],
      [{ phone_number: '+63 917' }, 'phone_number: must contain digits only'],
      [{ bio: 'x'.repeat(1001) }, 'bio: must be at most 1000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await sb.post(UPDATE, body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 400, message, errorCode: 'ER-AUTH-02' });
    }
    const malformed = await sb.call('POST', UPDATE, {
      body: '{"bio":',
      token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.body).toEqual({
      status: 400,
      message: 'The request body is not valid JSON.',
      errorCode: 'ER-AUTH-02',
    });
    expect((await sb.post(UPDATE, { bio: 'x' })).body).toEqual({
      status: 401,
      message: 'Unauthenticated.',
      errorCode: null,
    });
  });

  it('checks dates of birth as real past dates', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(isPlausibleDob('2000-02-29', now)).toBe(true);
    expect(isPlausibleDob('2001-02-29', now)).toBe(false);
    expect(isPlausibleDob('1899-12-31', now)).toBe(false);
    expect(isPlausibleDob('2026-01-10', now)).toBe(true);
    expect(isPlausibleDob('2026-01-11', now)).toBe(false);
  });
});

describe('POST /dashboard/account/add-bank', () => {
  it('keeps only the last 4 digits and a keyed hash, never the number', async () => {
    const token = await sb.login('artist@example.org', 'artist-2026');
    const number = '0012-3456 7890 1234';
    const res = await sb.post(
      ADD_BANK,
      {
        bank_name: 'First Parish Bank',
        account_name: 'Aaron Artist',
        account_number: number,
        routing_number: '021000021',
        country_code: 'US',
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      message: 'Your bank account was saved.',
      data: { bank_name: 'First Parish Bank', account_name: 'Aaron Artist', account_last4: '1234', country_code: 'US' },
    });
    expect(res.text).not.toContain('7890');
    const stored = sb.sandbox.db.prepare('SELECT * FROM bank_accounts').all() as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ account_last4: '1234', routing_number: '021000021' });
    expect(stored[0]!.account_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything =
      JSON.stringify(sb.sandbox.db.prepare('SELECT * FROM bank_accounts').all()) +
      JSON.stringify(sb.sandbox.db.prepare('SELECT * FROM meta').all());
    expect(everything).not.toContain(accountDigits(number));

    // a second account replaces the first; the same number hashes the same
    const again = await sb.post<{ account_last4: string }>(
      ADD_BANK,
      { bank_name: 'BPI', account_name: 'A. Artist', account_number: '9876 5432', country_code: 'PH' },
      token,
    );
    expect(again.body.data).toEqual({
      bank_name: 'BPI',
      account_name: 'A. Artist',
      account_last4: '5432',
      country_code: 'PH',
    });
    expect(sb.sandbox.db.prepare('SELECT COUNT(*) FROM bank_accounts').pluck().get()).toBe(1);
    await sb.post(
      ADD_BANK,
      {
        bank_name: 'First Parish Bank',
        account_name: 'Aaron Artist',
        account_number: '001234567890 1234',
        country_code: 'US',
      },
      token,
    );
    expect(sb.sandbox.db.prepare('SELECT account_hash FROM bank_accounts').pluck().get()).toBe(stored[0]!.account_hash);
  });

  it('refuses bad fields with 400 ER-AUTH-02', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const good = { bank_name: 'Bank', account_name: 'Grace Listener', account_number: '12345678', country_code: 'US' };
    const cases: [unknown, string][] = [
      [{ ...good, account_number: '12ab5678' }, 'account_number: must be 4 to 34 digits (spaces and dashes allowed)'],
      [{ ...good, account_number: '123' }, 'account_number: must be 4 to 34 digits (spaces and dashes allowed)'],
      [{ ...good, account_number: '1- -2' }, 'account_number: must have at least 4 digits'],
      [{ ...good, bank_name: ' ' }, 'bank_name: is required'],
      [{ ...good, country_code: 'ZZ' }, 'country_code: must be an ISO 3166-1 alpha-2 code from /api/country'],
      [{ ...good, routing_number: 'abc$' }, 'routing_number: must be at most 20 letters, digits, spaces or dashes'],
    ];
    for (const [body, message] of cases) {
      const res = await sb.post(ADD_BANK, body, token);
      expect(res.body, message).toEqual({ status: 400, message, errorCode: 'ER-AUTH-02' });
    }
    expect((await sb.post(ADD_BANK, good)).status).toBe(401);
  });
});

describe('accepting the terms', () => {
  it('records the signed-in person’s acceptance', async () => {
    const token = await sb.login('partner@example.org', 'partner-2026');
    expect(row('partner@example.org').terms_accepted_at).toBeNull();
    const res = await sb.post(ACCEPT, {}, token);
    expect(res.body).toEqual({
      status: 200,
      message: 'Thank you. The terms of use are accepted.',
      data: { terms_accepted_at: '2026-01-10T12:00:00.000Z' },
    });
    expect(row('partner@example.org').terms_accepted_at).toBe('2026-01-10T12:00:00.000Z');
    expect((await sb.post(ACCEPT, [], token)).body).toMatchObject({ status: 400, errorCode: 'ER-AUTH-02' });
    expect((await sb.post(ACCEPT, {})).body).toEqual({ status: 401, message: 'Unauthenticated.', errorCode: null });
  });

  it('by email: only with the proof the person’s own sign-in answered, used once; the first acceptance is kept', async () => {
    const signIn = await sb.post<{ terms_token?: string }>('/webclient/auth/login', {
      email: 'manila@example.org',
      password: 'manila-2026',
    });
    const proof = signIn.body.data?.terms_token ?? '';
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refused = {
      status: 401,
      message: 'This sign-in is too old to accept the terms. Please log in again, then accept them.',
      errorCode: null,
    };
    // No proof, this proof for another address, a made-up one: 401, and nothing is recorded.
    for (const body of [
      { email: 'manila@example.org' },
      { email: 'listener@example.org', terms_token: proof },
      { email: 'manila@example.org', terms_token: 'made-up' },
    ]) {
      expect((await sb.post(ACCEPT_BY_EMAIL, body)).body, JSON.stringify(body)).toEqual(refused);
    }
    expect(row('manila@example.org').terms_accepted_at).toBeNull();
    expect(row('listener@example.org').terms_accepted_at).toBeNull();
    const accepted = await sb.post(ACCEPT_BY_EMAIL, { email: 'Manila@Example.org', terms_token: proof });
    expect(accepted.body).toEqual({ status: 200, message: 'Thank you. The terms of use are accepted.', data: null });
    expect(row('manila@example.org').terms_accepted_at).toBe('2026-01-10T12:00:00.000Z');
    sb.clock.advance(60_000);
    expect((await sb.post(ACCEPT_BY_EMAIL, { email: 'manila@example.org', terms_token: proof })).body).toEqual(refused); // used once
    // Once accepted, a sign-in answers no proof.
    const again = await sb.post<{ terms_token?: string }>('/webclient/auth/login', {
      email: 'manila@example.org',
      password: 'manila-2026',
    });
    expect(again.body.data?.terms_token).toBeUndefined();
    expect((await sb.post(ACCEPT_BY_EMAIL, { email: 'not-an-email', terms_token: proof })).body).toEqual({
      status: 400,
      message: 'email: must be a valid email',
      errorCode: 'ER-AUTH-03',
    });
    expect((await sb.post(ACCEPT_BY_EMAIL, {})).body).toEqual({
      status: 400,
      message: 'email: is required',
      errorCode: 'ER-AUTH-03',
    });
  });
});

describe('POST /dashboard/auth/resend-email', () => {
  it('answers as before, and its failures carry ER-AUTH-69', async () => {
    const ok = await sb.post(RESEND, { email: 'unverified@example.org' });
    expect(ok.body).toEqual({
      status: 200,
      message: 'If the account exists and is not verified, a new verification email has been sent.',
      data: null,
    });
    expect((await sb.post(RESEND, { email: 'bad' })).body).toEqual({
      status: 400,
      message: 'email: must be a valid email',
      errorCode: 'ER-AUTH-69',
    });
    const notJson = await sb.call('POST', RESEND, { body: 'email=a', headers: { 'Content-Type': 'text/plain' } });
    expect(notJson.body).toMatchObject({ status: 415, errorCode: 'ER-AUTH-69' });
    // the portal's own resend (webclient) keeps errorCode null
    expect((await sb.post('/webclient/auth/resend-activation', { email: 'bad' })).body).toMatchObject({
      status: 400,
      errorCode: null,
    });
  });
});
