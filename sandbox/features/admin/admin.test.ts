// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitName, likePattern } from './accounts.js';
import { ROUTES } from '../../app.js';
import type { VerifiedIdToken } from '../../core/firebase.js';
import type { Result } from '../../core/result.js';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
let admin: string;
beforeEach(async () => {
  sb = await startSandbox();
  admin = await sb.login('admin@example.org', 'admin-2026');
});
afterEach(async () => {
  await sb.stop();
});

const UNAUTHENTICATED = { status: 401, message: 'Unauthenticated.', errorCode: null };
const NOT_ADMIN = { status: 403, message: 'This needs an administrator.', errorCode: null };
const idOf = (email: string) =>
  sb.sandbox.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;
const count = (sql: string, ...args: unknown[]) =>
  sb.sandbox.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

type Paged<T> = { data: T[]; total: number };
interface AppUser {
  id: number;
  name: string;
  email: string;
  type: number;
  country: string | null;
  blocked: boolean;
  email_verified: boolean;
  credit_balance: number;
  joined: string;
}
interface AdminUser {
  id: number;
  name: string;
  email: string;
  role: string;
  created_at: string;
}

describe('the admin role boundary', () => {
  it('answers every admin call 401 without a session and 403 to listeners and artists', async () => {
    const routes = ROUTES.filter((r) => r.path.startsWith('/admin/'));
    expect(routes).toHaveLength(17);
    const listener = await sb.login('listener@example.org', 'listen-2026');
    const artist = await sb.login('artist@example.org', 'artist-2026');
    for (const route of routes) {
      const path = route.path.replace(':id', '1');
      const json =
        route.method === 'POST'
          ? { id: 1, email: 'listener@example.org', password: 'secret-1', name: 'X', role: 'admin' }
          : undefined;
      const none = await sb.call(route.method, path, json ? { json } : {});
      expect(none.body, path).toEqual(UNAUTHENTICATED);
      for (const token of [listener, artist]) {
        const res = await sb.call(route.method, path, json ? { json, token } : { token });
        expect(res.status, path).toBe(403);
        expect(res.body, path).toEqual(NOT_ADMIN);
      }
    }
    // nothing happened on the way
    expect(count('SELECT COUNT(*) FROM users WHERE blocked_at IS NOT NULL OR deleted_at IS NOT NULL')).toBe(0);
    expect(count('SELECT COUNT(*) FROM subscription_checks')).toBe(0);
  });
});

describe('staff accounts (admins and artists)', () => {
  it('creates, refuses duplicates, updates, lists 6 a page and shows details', async () => {
    const create = (name: string, email: string, password: string, role: string) =>
      sb.post<AdminUser>('/admin/user/create', { name, email, password, role }, admin);
    const created = await create(' Bea  Brass ', 'Bea@Example.org', 'brass-2026', 'artist');
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: 'Bea Brass',
      email: 'bea@example.org',
      role: 'artist',
      created_at: '2026-01-10T12:00:00.000Z',
    });
    await sb.login('bea@example.org', 'brass-2026'); // verified: can sign in at once
    expect((await create('Again', 'bea@example.org', 'brass-2026', 'admin')).body).toEqual({
      status: 409,
      message: 'An account with this email already exists.',
      errorCode: null,
    });
    expect((await create('Grace', 'listener@example.org', 'brass-2026', 'admin')).status).toBe(409);
    expect((await create('X', 'x@example.org', 'short', 'listener')).body).toEqual({
      status: 400,
      message: 'password: must be at least 6 characters; role: must be one of "admin", "artist"',
      errorCode: null,
    });

    const id = created.body.data!.id;
    const updated = await sb.post<AdminUser>(
      '/admin/user/update',
      { id, name: 'Beatrice Brass', role: 'admin' },
      admin,
    );
    expect(updated.body.data).toMatchObject({ id, name: 'Beatrice Brass', role: 'admin' });
    expect(
      (await sb.post('/admin/user/update', { id: idOf('admin@example.org'), role: 'artist' }, admin)).body,
    ).toEqual({ status: 400, message: 'You cannot change your own role.', errorCode: null });
    expect((await sb.post('/admin/user/update', { id: idOf('listener@example.org'), name: 'X' }, admin)).status).toBe(
      404,
    );

    for (let i = 0; i < 6; i++)
      await sb.post(
        '/admin/user/create',
        { name: `Staff ${i}`, email: `staff${i}@example.org`, password: 'staff-2026', role: 'artist' },
        admin,
      );
    const first = await sb.get<Paged<AdminUser>>('/admin/user/list', admin);
    expect(first.body.data!.total).toBe(9); // Ada, Aaron, Beatrice, six more
    expect(first.body.data!.data).toHaveLength(6);
    expect(first.body.data!.data.map((u) => u.role).every((r) => r === 'admin' || r === 'artist')).toBe(true);
    const second = await sb.get<Paged<AdminUser>>('/admin/user/list?page=2', admin);
    expect(second.body.data!.data.map((u) => u.email)).toEqual([
      'staff3@example.org',
      'staff4@example.org',
      'staff5@example.org',
    ]);
    const search = await sb.get<Paged<AdminUser>>('/admin/user/list?search=AARON', admin);
    expect(search.body.data).toEqual({
      data: [expect.objectContaining({ email: 'artist@example.org', name: 'Aaron Artist', role: 'artist' })],
      total: 1,
    });
    expect((await sb.get<Paged<AdminUser>>('/admin/user/list?search=%25', admin)).body.data!.total).toBe(0); // % is not a wildcard
    expect((await sb.get('/admin/user/list?per_page=0', admin)).body).toMatchObject({
      status: 400,
      message: 'per_page: must be a whole number from 1 to 100',
    });

    expect((await sb.get<AdminUser>(`/admin/user/detail/${idOf('artist@example.org')}`, admin)).body.data).toEqual({
      id: idOf('artist@example.org'),
      name: 'Aaron Artist',
      email: 'artist@example.org',
      role: 'artist',
      created_at: '2024-06-01T00:00:00.000Z',
    });
    for (const bad of [String(idOf('listener@example.org')), '999999', 'abc']) {
      expect((await sb.get(`/admin/user/detail/${bad}`, admin)).body).toEqual({
        status: 404,
        message: 'User not found.',
        errorCode: null,
      });
    }
  });

  it('splits names and escapes searches', () => {
    expect(splitName('  Aaron  van Artist ')).toEqual({ first_name: 'Aaron van', last_name: 'Artist' });
    expect(splitName('Cher')).toEqual({ first_name: 'Cher', last_name: '' });
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('app users (listeners)', () => {
  it('lists listeners 20 a page, searches, and shows one', async () => {
    const list = await sb.get<Paged<AppUser>>('/admin/user-app/list', admin);
    expect(list.body.data!.total).toBe(4);
    expect(list.body.data!.data.map((u) => u.email)).toEqual([
      'listener@example.org',
      'partner@example.org',
      'manila@example.org',
      'unverified@example.org',
    ]);
    expect(
      (await sb.get<Paged<AppUser>>('/admin/user-app/list?search=santos', admin)).body.data!.data.map((u) => u.email),
    ).toEqual(['manila@example.org']);
    expect((await sb.get<Paged<AppUser>>('/admin/user-app/list?per_page=1&page=4', admin)).body.data).toEqual({
      data: [expect.objectContaining({ email: 'unverified@example.org', email_verified: false })],
      total: 4,
    });
    const grace = await sb.get<AppUser>(`/admin/user-app/detail/${idOf('listener@example.org')}`, admin);
    expect(grace.body.data).toEqual({
      id: idOf('listener@example.org'),
      name: 'Grace Listener',
      email: 'listener@example.org',
      type: 0,
      country: 'US',
      blocked: false,
      email_verified: true,
      credit_balance: 120,
      joined: '2025-03-14T00:00:00.000Z',
    });
    expect((await sb.get(`/admin/user-app/detail/${idOf('admin@example.org')}`, admin)).status).toBe(404);
    expect((await sb.get(`/admin/user-app/list?search=${'x'.repeat(101)}`, admin)).body).toEqual({
      status: 400,
      message: 'search: must be at most 100 characters',
      errorCode: null,
    });
  });

  it('lists a listener’s song and album purchases', async () => {
    const id = idOf('listener@example.org');
    const songs = await sb.get<Paged<Record<string, unknown>>>(
      `/admin/user-app/transaction/${id}?type=1&page=1&per_page=20`,
      admin,
    );
    expect(songs.body.data!.total).toBe(2);
    expect(songs.body.data!.data).toEqual([
      {
        id: expect.stringMatching(/^CP-/),
        created_at: expect.any(String),
        product_name: 'Ave Verum Corpus',
        artist_name: 'Coro di Santa Cecília',
        type: 1,
        amount: 10,
        currency: 'credits',
      },
      {
        id: expect.stringMatching(/^CP-/),
        created_at: expect.any(String),
        product_name: 'Amazing Grace',
        artist_name: 'Lydia Park',
        type: 1,
        amount: 10,
        currency: 'credits',
      },
    ]);
    const albums = await sb.get<Paged<Record<string, unknown>>>(`/admin/user-app/transaction/${id}?type=2`, admin);
    expect(albums.body.data).toEqual({
      data: [
        expect.objectContaining({
          product_name: 'Hymns at Dawn',
          artist_name: 'St. Cecilia Chamber Choir',
          type: 2,
          amount: 40,
        }),
      ],
      total: 1,
    });
    expect(
      (await sb.get<Paged<unknown>>(`/admin/user-app/transaction/${id}?type=1&per_page=1&page=2`, admin)).body.data,
    ).toMatchObject({ data: [{ product_name: 'Amazing Grace' }], total: 2 });
    for (const q of ['', '?type=3', '?type=song']) {
      expect((await sb.get(`/admin/user-app/transaction/${id}${q}`, admin)).body).toEqual({
        status: 400,
        message: 'type: must be 1 (songs) or 2 (albums)',
        errorCode: null,
      });
    }
    expect((await sb.get(`/admin/user-app/transaction/${idOf('artist@example.org')}?type=1`, admin)).status).toBe(404);
  });

  it('resends the activation email to an unverified listener only', async () => {
    const before = (await sb.mail('unverified@example.org')).length;
    const res = await sb.post('/admin/user-app/resend-activation-email', { id: idOf('unverified@example.org') }, admin);
    expect(res.body).toEqual({ status: 200, message: 'A new verification email has been sent.', data: null });
    const mails = await sb.mail('unverified@example.org');
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('Verify your email address');
    expect(
      (await sb.post('/admin/user-app/resend-activation-email', { id: idOf('listener@example.org') }, admin)).body
        .message,
    ).toBe('This email address is already verified.');
    expect(await sb.mail('listener@example.org')).toHaveLength(0);
    expect((await sb.post('/admin/user-app/resend-activation-email', { id: 999999 }, admin)).body).toEqual({
      status: 404,
      message: 'User not found.',
      errorCode: 'ER-AUTH-69',
    });
    expect((await sb.post('/admin/user-app/resend-activation-email', { id: 'x' }, admin)).body).toMatchObject({
      status: 400,
      errorCode: 'ER-AUTH-69',
    });
  });
});

describe('blocking', () => {
  it('stops sign-in and every session; unblocking lets the person sign in again', async () => {
    const id = idOf('listener@example.org');
    const sessions = [
      await sb.login('listener@example.org', 'listen-2026'),
      await sb.login('listener@example.org', 'listen-2026'),
    ];
    const app = await sb.post<{ token: string }>('/sandbox/app-token', { email: 'listener@example.org' });

    const blocked = await sb.post<AppUser>('/admin/user-app/block', { id }, admin);
    expect(blocked.body).toMatchObject({
      status: 200,
      message: 'The account was blocked.',
      data: { id, blocked: true },
    });
    for (const token of sessions)
      expect((await sb.get('/webclient/account/profile', token)).body).toEqual(UNAUTHENTICATED);
    const BLOCKED = { status: 403, message: 'This account is blocked. Contact support.', errorCode: 'ER-AUTH-02' };
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })).body,
    ).toEqual(BLOCKED);
    // the wrong password does not learn that the account is blocked
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'wrong-one' })).status,
    ).toBe(400);
    // the app token sent before the block was revoked with the sessions
    expect((await sb.call('GET', '/webclient/auth/mobile-login', { token: app.body.data!.token })).status).toBe(401);
    const fresh = await sb.post<{ token: string }>('/sandbox/app-token', { email: 'listener@example.org' });
    expect((await sb.call('GET', '/webclient/auth/mobile-login', { token: fresh.body.data!.token })).body).toEqual(
      BLOCKED,
    );
    expect((await sb.post<AppUser>('/admin/user-app/block', { id }, admin)).body.data!.blocked).toBe(true); // twice: no change
    expect((await sb.get<Paged<AppUser>>('/admin/user-app/list?search=grace', admin)).body.data!.data[0]!.blocked).toBe(
      true,
    );

    const unblocked = await sb.post<AppUser>('/admin/user-app/unblock', { id }, admin);
    expect(unblocked.body).toMatchObject({ message: 'The account was unblocked.', data: { blocked: false } });
    const again = await sb.login('listener@example.org', 'listen-2026');
    expect((await sb.get('/webclient/account/profile', again)).status).toBe(200);
    for (const token of sessions) expect((await sb.get('/webclient/account/profile', token)).status).toBe(401); // old sessions stay revoked
  });

  it('blocks listeners only', async () => {
    for (const email of ['admin@example.org', 'artist@example.org']) {
      expect((await sb.post('/admin/user-app/block', { id: idOf(email) }, admin)).body).toEqual({
        status: 404,
        message: 'User not found.',
        errorCode: null,
      });
    }
    expect((await sb.post('/admin/user-app/block', {}, admin)).body).toEqual({
      status: 400,
      message: 'id: is required',
      errorCode: null,
    });
  });
});

describe('blocked social sign-in', () => {
  it('refuses connect-socmed for a blocked account with 403 ER-AUTH-02', async () => {
    const verify = async (uid: string): Promise<Result<VerifiedIdToken>> => ({
      ok: true,
      value: { uid, provider: 'google.com', email: 'listener@example.org', emailVerified: true, name: 'Grace' },
    });
    const social = await startSandbox({ firebase: { authEmulatorUrl: 'http://127.0.0.1:9' }, verifyIdToken: verify });
    try {
      const body = { uid: 'g-1', token: 'g-1', method: 'google' };
      expect((await social.post('/webclient/auth/connect-socmed', body)).status).toBe(200);
      const ada = await social.login('admin@example.org', 'admin-2026');
      const id = social.sandbox.db.prepare("SELECT id FROM users WHERE email = 'listener@example.org'").pluck().get();
      await social.post('/admin/user-app/block', { id }, ada);
      expect((await social.post('/webclient/auth/connect-socmed', body)).body).toEqual({
        status: 403,
        message: 'This account is blocked. Contact support.',
        errorCode: 'ER-AUTH-02',
      });
      await social.post('/admin/user-app/unblock', { id }, ada);
      expect((await social.post('/webclient/auth/connect-socmed', body)).status).toBe(200);
    } finally {
      await social.stop();
    }
  });
});

describe('deleting an account', () => {
  it('removes personal data, keeps the money records, and frees the email', async () => {
    const id = idOf('listener@example.org');
    const token = await sb.login('listener@example.org', 'listen-2026');
    await sb.post('/subscribe-newsletter', { email: 'listener@example.org' });
    await sb.post(
      '/dashboard/account/add-bank',
      { bank_name: 'Bank', account_name: 'Grace', account_number: '12345678', country_code: 'US' },
      token,
    );
    sb.sandbox.db
      .prepare(
        "INSERT INTO survey_responses (user_id, survey_id, answers, submitted_at, updated_at) VALUES (?, 's', '[]', 'x', 'x')",
      )
      .run(id);
    sb.sandbox.db
      .prepare(
        "INSERT INTO social_identities (provider, provider_uid, user_id, email, linked_at) VALUES ('google.com', 'g-grace', ?, 'listener@example.org', 'x')",
      )
      .run(id);
    const money = () => ({
      credit: count('SELECT COUNT(*) FROM credit_transactions WHERE user_id = ?', id),
      gifts: count('SELECT COUNT(*) FROM donation_gifts WHERE user_id = ?', id),
      sessions: count('SELECT COUNT(*) FROM checkout_sessions WHERE user_id = ?', id),
      content: count('SELECT COUNT(*) FROM content_purchases WHERE user_id = ?', id),
    });
    const before = money();
    expect(before.credit).toBe(25);
    expect(before.gifts).toBe(4);

    const res = await sb.post('/admin/user-app/delete', { id }, admin);
    expect(res.body).toEqual({ status: 200, message: 'The account was deleted.', data: null });
    expect(money()).toEqual(before);
    expect(sb.sandbox.db.prepare('SELECT * FROM users WHERE id = ?').get(id)).toMatchObject({
      first_name: 'Deleted',
      last_name: 'user',
      email: `deleted-${id}@deleted.invalid`,
      password_hash: '!deleted',
      phone_number: '',
      avatar: null,
      dob: null,
      bio: null,
      genre: null,
      deleted_at: '2026-01-10T12:00:00.000Z',
      country_code: 'US',
      credit_balance: 120,
    });
    for (const table of ['tokens', 'social_identities', 'survey_responses', 'bank_accounts']) {
      expect(count(`SELECT COUNT(*) FROM ${table} WHERE user_id = ?`, id), table).toBe(0);
    }
    expect(count("SELECT COUNT(*) FROM newsletter_subscribers WHERE email = 'listener@example.org'")).toBe(0);
    expect(count("SELECT COUNT(*) FROM mail WHERE to_addr = 'listener@example.org'")).toBe(0);
    expect((await sb.get('/webclient/account/profile', token)).status).toBe(401);
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })).status,
    ).toBe(400);
    expect(
      (await sb.post('/webclient/auth/login', { email: `deleted-${id}@deleted.invalid`, password: '!deleted' })).status,
    ).toBe(400);
    // gone from the lists and details, and a second delete finds nothing
    expect((await sb.get<Paged<AppUser>>('/admin/user-app/list', admin)).body.data!.total).toBe(3);
    expect((await sb.get(`/admin/user-app/detail/${id}`, admin)).status).toBe(404);
    expect((await sb.post('/admin/user-app/delete', { id }, admin)).status).toBe(404);

    // the email registers again, as a new person
    const reg = await sb.post('/webclient/auth/register', {
      first_name: 'Grace',
      last_name: 'Again',
      email: 'listener@example.org',
      password: 'grace-again',
      country_code: 'US',
      gender: 'None',
      phone_number: '',
      method: 'email',
    });
    expect(reg.status).toBe(200);
    expect((await sb.mail('listener@example.org'))[0]!.subject).toBe('Verify your email address');
    expect(idOf('listener@example.org')).not.toBe(id);
  });

  it('by email: ends a membership but keeps its payments; deletes artists by email, never admins', async () => {
    const paul = idOf('partner@example.org');
    const payments = count('SELECT COUNT(*) FROM subscription_payments WHERE user_id = ?', paul);
    expect(payments).toBe(1);
    expect((await sb.post('/admin/user-app/delete', { email: 'Partner@Example.org' }, admin)).status).toBe(200);
    expect(count('SELECT COUNT(*) FROM subscription_payments WHERE user_id = ?', paul)).toBe(payments);
    expect(count('SELECT COUNT(*) FROM subscriptions WHERE user_id = ?', paul)).toBe(0);
    expect(count('SELECT COUNT(*) FROM donation_subscriptions WHERE user_id = ? AND canceled_at IS NULL', paul)).toBe(
      0,
    );

    expect((await sb.post('/admin/user-app/delete', { email: 'artist@example.org' }, admin)).status).toBe(404); // not an app user
    expect((await sb.post('/admin/user-app/delete', { id: 1, email: 'manila@example.org' }, admin)).body).toEqual({
      status: 400,
      message: 'Send either id or email.',
      errorCode: null,
    });
    expect((await sb.post('/admin/user-app/delete', {}, admin)).status).toBe(400);

    const aaron = idOf('artist@example.org');
    expect((await sb.post('/admin/user/delete-by-email', { email: 'artist@example.org' }, admin)).body).toEqual({
      status: 200,
      message: 'The account was deleted.',
      data: null,
    });
    expect(count('SELECT COUNT(*) FROM artists WHERE user_id = ?', aaron)).toBe(0);
    expect(count("SELECT COUNT(*) FROM artists WHERE name = 'Aaron Artist'")).toBe(1); // the catalogue stays
    expect((await sb.post('/admin/user/delete-by-email', { email: 'admin@example.org' }, admin)).body).toEqual({
      status: 400,
      message: 'Administrators cannot be deleted.',
      errorCode: null,
    });
    expect((await sb.post('/admin/user/delete-by-email', { email: 'nobody@example.org' }, admin)).status).toBe(404);
    expect((await sb.post('/admin/user/delete-by-email', { email: 'manila@example.org' }, admin)).status).toBe(200);
  });
});

describe('changing passwords', () => {
  it('sets a listener’s password and signs them out; artists go through the artist call', async () => {
    const grace = await sb.login('listener@example.org', 'listen-2026');
    const res = await sb.post(
      '/admin/user/change-password',
      { id: idOf('listener@example.org'), password: 'new-grace-1' },
      admin,
    );
    expect(res.body).toEqual({
      status: 200,
      message: 'The password was changed. The user was signed out everywhere.',
      data: null,
    });
    expect((await sb.get('/webclient/account/profile', grace)).status).toBe(401);
    expect(
      (await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })).status,
    ).toBe(400);
    await sb.login('listener@example.org', 'new-grace-1');

    const artistId = idOf('artist@example.org');
    expect(
      (await sb.post('/admin/user/change-password', { id: artistId, password: 'new-aaron-1' }, admin)).body,
    ).toEqual({
      status: 400,
      message: 'This user is an artist: use /admin/user-artist/change-password.',
      errorCode: 'ER-AUTH-03',
    });
    const aaron = await sb.login('artist@example.org', 'artist-2026');
    expect(
      (await sb.post('/admin/user-artist/change-password', { id: artistId, password: 'new-aaron-1' }, admin)).status,
    ).toBe(200);
    expect((await sb.get('/webclient/account/profile', aaron)).status).toBe(401);
    await sb.login('artist@example.org', 'new-aaron-1');

    expect(
      (
        await sb.post(
          '/admin/user-artist/change-password',
          { id: idOf('listener@example.org'), password: 'whatever-1' },
          admin,
        )
      ).body,
    ).toEqual({ status: 400, message: 'This user is not an artist.', errorCode: 'ER-AUTH-03' });
    expect(
      (await sb.post('/admin/user-artist/change-password', { id: 999999, password: 'whatever-1' }, admin)).body,
    ).toEqual({ status: 404, message: 'User not found.', errorCode: 'ER-AUTH-03' });
    expect((await sb.post('/admin/user/change-password', { id: artistId, password: '12345' }, admin)).body).toEqual({
      status: 400,
      message: 'password: must be at least 6 characters',
      errorCode: 'ER-AUTH-03',
    });
    expect(
      (await sb.post('/admin/user-artist/change-password', { id: artistId, password: 'whatever-1' }, aaron)).body,
    ).toEqual(UNAUTHENTICATED);
  });

  it('keeps the admin’s own current session when they change their own password', async () => {
    const other = await sb.login('admin@example.org', 'admin-2026');
    expect(
      (await sb.post('/admin/user/change-password', { id: idOf('admin@example.org'), password: 'admin-2027' }, admin))
        .status,
    ).toBe(200);
    expect((await sb.get('/webclient/account/profile', admin)).status).toBe(200);
    expect((await sb.get('/webclient/account/profile', other)).status).toBe(401);
  });
});

describe('memberships', () => {
  it('lists current memberships, checks one and keeps the history of checks', async () => {
    const paul = idOf('partner@example.org');
    const list = await sb.get<Paged<Record<string, unknown>>>('/admin/subscription', admin);
    expect(list.body.data).toEqual({
      data: [
        {
          user_id: paul,
          email: 'partner@example.org',
          recurring: 1,
          canceled: false,
          current_amount: 5,
          end_date: '2026-02-10T12:00:00.000Z',
        },
      ],
      total: 1,
    });
    expect((await sb.get<Paged<unknown>>('/admin/subscription?search=grace', admin)).body.data).toEqual({
      data: [],
      total: 0,
    });

    const active = await sb.get(`/admin/subscription/verify?user_id=${paul}`, admin);
    expect(active.body.data).toEqual({
      user_id: paul,
      active: true,
      end_date: '2026-02-10T12:00:00.000Z',
      checked_at: '2026-01-10T12:00:00.000Z',
    });
    sb.clock.advance(60_000);
    const grace = idOf('listener@example.org');
    expect((await sb.get(`/admin/subscription/verify?user_id=${grace}`, admin)).body.data).toEqual({
      user_id: grace,
      active: false,
      end_date: null,
      checked_at: '2026-01-10T12:01:00.000Z',
    });
    await sb.get(`/admin/subscription/verify?user_id=${paul}`, admin);
    const history = await sb.get<Paged<{ checked_at: string }>>(
      `/admin/subscription/verify-history?user_id=${paul}&page=1`,
      admin,
    );
    expect(history.body.data!.total).toBe(2);
    expect(history.body.data!.data.map((c) => c.checked_at)).toEqual([
      '2026-01-10T12:01:00.000Z',
      '2026-01-10T12:00:00.000Z',
    ]);
    expect(count('SELECT checked_by FROM subscription_checks LIMIT 1')).toBe(idOf('admin@example.org'));

    expect((await sb.get('/admin/subscription/verify', admin)).body).toEqual({
      status: 400,
      message: 'user_id: must be a whole number',
      errorCode: null,
    });
    expect((await sb.get('/admin/subscription/verify?user_id=999999', admin)).body).toEqual({
      status: 404,
      message: 'User not found.',
      errorCode: null,
    });
    expect((await sb.get('/admin/subscription/verify-history?user_id=abc', admin)).status).toBe(400);
  });
});
