// @vitest-environment node
/**
 * The account dashboard, Admin and Device wallet calls against the sandbox, read through the
 * portal's own client contracts (shared/api/account.ts, admin.ts, wallet.ts): every request is one the client's
 * request schema accepts, built with the contract's path and query, and every answer's `data` must parse with the
 * contract's response schema. Failures must carry the contract's catalogue code (errorCode).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../shared/api/account';
import * as admin from '../../shared/api/admin';
import * as auth from '../../shared/api/auth';
import { createApiClient } from '../../shared/api/client';
import type { Contract } from '../../shared/api/contract';
import * as history from '../../shared/api/history';
import * as wallet from '../../shared/api/wallet';
import { createSession } from '../../shared/session/session';
import { registration, startSandbox, type Answer, type TestSandbox } from '../../sandbox/test-support';

let sb: TestSandbox;
/** The portal's own client for the sandbox, with a session of its own. */
const session = createSession({ storage: null });
let call: ReturnType<typeof createApiClient>['call'];
const tokens = { admin: '', listener: '', artist: '' };
/** Which contracts had a successful answer checked against their response schema. */
const covered = new Set<string>();

beforeAll(async () => {
  sb = await startSandbox();
  call = createApiClient({
    base: sb.url,
    authorization: () => session.authorization(),
    onUnauthorized: () => session.signOut('expired'),
  }).call;
  tokens.admin = await sb.login('admin@example.org', 'admin-2026');
  tokens.listener = await sb.login('listener@example.org', 'listen-2026');
  tokens.artist = await sb.login('artist@example.org', 'artist-2026');
});
afterAll(async () => {
  session.clear();
  await sb.stop();
  const mine = [...covered].filter((k) => k in CONTRACTS).sort();
  console.log(
    `[section7] ${mine.length} of ${Object.keys(CONTRACTS).length} calls answered their contracts: ${mine.join(', ')}`,
  );
});

type AnyContract = Contract<never, unknown>;
/** Any contract, for tables of calls (the request type is then checked at run time by requestOf). */
const loose = (c: unknown) => c as AnyContract;
const isContract = (v: unknown): v is AnyContract =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;
const contractsOf = (prefix: string, mod: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(mod)
      .filter(([, v]) => isContract(v))
      .map(([k, v]) => [`${prefix}.${k}`, v as AnyContract]),
  );
/** The calls of this issue: every contract of account.ts, admin.ts and wallet.ts. */
const CONTRACTS: Record<string, AnyContract> = {
  ...contractsOf('account', account),
  ...contractsOf('admin', admin),
  ...contractsOf('wallet', wallet),
};
/** Also used along the way (sign-in, profile, history), named in messages only. */
const HELPERS: Record<string, AnyContract> = { ...contractsOf('auth', auth), ...contractsOf('history', history) };
const nameOf = (c: unknown) => Object.entries({ ...CONTRACTS, ...HELPERS }).find(([, v]) => v === c)?.[0] ?? 'unknown';

/** The request as the client would send it: checked by the contract's request schema, with its path and query. */
function requestOf<Req>(
  c: Contract<Req, unknown>,
  input: NoInfer<Req>,
): { method: string; path: string; json?: unknown } {
  const checked = c.request.safeParse(input);
  if (!checked.success)
    throw new Error(`${nameOf(c)}: the client would not send ${JSON.stringify(input)}: ${checked.error.message}`);
  const req = checked.data;
  const path = typeof c.path === 'function' ? c.path(req) : c.path;
  if (c.method === 'GET') {
    const query = c.query ? new URLSearchParams(c.query(req)).toString() : '';
    return { method: 'GET', path: query ? `${path}?${query}` : path };
  }
  return { method: 'POST', path, json: req };
}

async function send<Req>(c: Contract<Req, unknown>, input: NoInfer<Req>, token?: string): Promise<Answer> {
  const r = requestOf(c, input);
  return sb.call(r.method, r.path, { ...(r.json !== undefined ? { json: r.json } : {}), ...(token ? { token } : {}) });
}

/** A body the client's own checks would refuse, sent anyway (the server must refuse it too). */
async function sendRaw<Req>(
  c: Contract<Req, unknown>,
  pathInput: NoInfer<Req>,
  json: unknown,
  token?: string,
): Promise<Answer> {
  const path = typeof c.path === 'function' ? c.path(pathInput) : c.path;
  return sb.call(c.method, path, { json, ...(token ? { token } : {}) });
}

/** 200, the envelope, and `data` parsed by the contract's response schema. */
function expectContract<Res>(c: Pick<Contract<never, Res>, 'response'>, answer: Answer): Res {
  expect(answer.status, `${nameOf(c)}: ${answer.text}`).toBe(200);
  expect(answer.body.status).toBe(200);
  expect(typeof answer.body.message).toBe('string');
  const parsed = c.response.safeParse(answer.body.data);
  expect(parsed.success, `${nameOf(c)} answered ${JSON.stringify(answer.body.data)?.slice(0, 300)}`).toBe(true);
  covered.add(nameOf(c));
  return parsed.data as Res;
}

/** A refusal with the contract's catalogue code. */
function expectRefusal(c: Pick<AnyContract, 'errorCode'>, answer: Answer, status: number, message?: string) {
  expect(answer.status, `${nameOf(c)}: ${answer.text}`).toBe(status);
  expect(answer.body).toEqual({ status, message: message ?? expect.any(String), errorCode: c.errorCode });
}

const UNAUTHENTICATED = { status: 401, message: 'Unauthenticated.', errorCode: null };
const NOT_ADMIN = { status: 403, message: 'This needs an administrator.', errorCode: null };
const idOf = (email: string) =>
  sb.sandbox.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;

/** A new artist, made by the admin (createUser). */
const newArtist = async (name: string, email: string, password: string) =>
  expectContract(
    admin.createUser,
    await send(admin.createUser, { name, email, password, role: 'artist' }, tokens.admin),
  );

let serial = 0;
/** A new verified listener (registered and verified through the API); returns their id and email. */
async function newListener(): Promise<{ id: number; email: string; password: string }> {
  serial += 1;
  const email = `listener${serial}@example.org`;
  const password = `listen-${serial}-2026`;
  const reg = await send(
    auth.register,
    registration({ first_name: 'New', last_name: `Listener ${serial}`, email, password }),
  );
  expect(reg.status).toBe(200);
  const link = (await sb.mail(email))[0]!.links.find((l) => l.includes('verify-email?_t='))!;
  const verified = await sb.get(`/webclient-verification-email?t=${link.split('_t=')[1]}`);
  expect(verified.status).toBe(200);
  return { id: idOf(email), email, password };
}

async function loginAnswer(email: string, password: string) {
  return send(auth.login, { email, password });
}

describe('account dashboard calls (shared/api/account.ts)', () => {
  it('updateProfile: answers the profile exactly as GET profile; bad fields are 400 ER-AUTH-02', async () => {
    const answer = await send(
      account.updateProfile,
      { bio: 'Sings in the choir.', genre: 'Hymns', dob: '1988-04-02', phone_number: '5550100' },
      tokens.listener,
    );
    const data = expectContract(account.updateProfile, answer);
    expect(data).toMatchObject({ bio: 'Sings in the choir.', genre: 'Hymns', dob: '1988-04-02' });
    expect(answer.body.data).toEqual((await send(auth.profile, {}, tokens.listener)).body.data);
    expectRefusal(
      account.updateProfile,
      await sendRaw(account.updateProfile, {}, { dob: '02/04/1988' }, tokens.listener),
      400,
      'dob: must be a date as YYYY-MM-DD',
    );
    expectRefusal(
      account.updateProfile,
      await sendRaw(account.updateProfile, {}, { country_code: 'QQ' }, tokens.listener),
      400,
    );
    expect((await send(account.updateProfile, { bio: 'x' })).body).toEqual(UNAUTHENTICATED);
  });

  it('addBank: answers the contract with the last 4 digits only; bad fields are 400 ER-AUTH-02', async () => {
    const input = {
      bank_name: 'Parish Credit Union',
      account_name: 'Grace Listener',
      account_number: '4400 1122 3344 5566',
      routing_number: '011000015',
      country_code: 'US',
    };
    const answer = await send(account.addBank, input, tokens.listener);
    expect(expectContract(account.addBank, answer)).toEqual({
      bank_name: 'Parish Credit Union',
      account_name: 'Grace Listener',
      account_last4: '5566',
      country_code: 'US',
    });
    expect(answer.text).not.toMatch(/4400|1122|3344/);
    expectRefusal(
      account.addBank,
      await sendRaw(account.addBank, input, { ...input, account_number: 'IBAN?' }, tokens.listener),
      400,
    );
  });

  it('acceptTermsAccount and acceptTermsByEmail: recorded; by email only with the proof the sign-in answered', async () => {
    expectContract(account.acceptTermsAccount, await send(account.acceptTermsAccount, {}, tokens.listener));
    expectRefusal(
      account.acceptTermsAccount,
      await sendRaw(account.acceptTermsAccount, {}, ['not', 'an', 'object'], tokens.listener),
      400,
    );
    const signIn = expectContract(
      auth.login,
      await send(auth.login, { email: 'partner@example.org', password: 'partner-2026' }),
    );
    const proof = { email: 'partner@example.org', terms_token: signIn.terms_token ?? '' };
    expectContract(account.acceptTermsByEmail, await send(account.acceptTermsByEmail, proof));
    expect(
      sb.sandbox.db.prepare("SELECT terms_accepted_at FROM users WHERE email = 'partner@example.org'").pluck().get(),
    ).not.toBeNull();
    // Used once; a made-up proof for an unknown address gets the same 401.
    const reused = await send(account.acceptTermsByEmail, proof);
    const unknown = await send(account.acceptTermsByEmail, {
      email: 'nobody-here@example.org',
      terms_token: 'made-up',
    });
    expect(reused.status).toBe(401);
    expect(unknown.body).toEqual(reused.body);
    expectRefusal(
      account.acceptTermsByEmail,
      await sendRaw(account.acceptTermsByEmail, proof, { email: 'nope', terms_token: 'x' }),
      400,
      'email: must be a valid email',
    );
  });

  it('resendEmail: always 200; failures are ER-AUTH-69', async () => {
    expectContract(account.resendEmail, await send(account.resendEmail, { email: 'unverified@example.org' }));
    expectRefusal(account.resendEmail, await sendRaw(account.resendEmail, { email: '' }, { email: 12 }), 400);
  });
});

describe('admin calls (shared/api/admin.ts)', () => {
  it('every one: 401 without a token, 403 for a listener and an artist, its contract for the admin', async () => {
    let n = 0;
    const fresh = () => `staff${++n}@example.org`;
    const artistId = idOf('artist@example.org');
    const graceId = idOf('listener@example.org');
    const paulId = idOf('partner@example.org');
    // Each call with an input that succeeds for the admin (made fresh where the call changes something).
    const cases: [AnyContract, () => Promise<unknown>][] = [
      [
        loose(admin.createUser),
        async () => ({ name: 'Cora Cantor', email: fresh(), password: 'cantor-2026', role: 'artist' }),
      ],
      [loose(admin.updateUser), async () => ({ id: artistId, name: 'Aaron Artist' })],
      [loose(admin.listUsers), async () => ({ page: 1 })],
      [loose(admin.listAppUsers), async () => ({ search: 'grace' })],
      [loose(admin.userDetail), async () => ({ id: artistId })],
      [loose(admin.appUserDetail), async () => ({ id: graceId })],
      [loose(admin.blockAppUser), async () => ({ id: (await newListener()).id })],
      [loose(admin.unblockAppUser), async () => ({ id: (await newListener()).id })],
      [loose(admin.deleteAppUser), async () => ({ id: (await newListener()).id })],
      [loose(admin.changeUserPassword), async () => ({ id: (await newListener()).id, password: 'changed-2026' })],
      [
        loose(admin.changeArtistPassword),
        async () => {
          const made = await send(
            admin.createUser,
            { name: 'Ari Artist', email: fresh(), password: 'ari-2026', role: 'artist' },
            tokens.admin,
          );
          return { id: (made.body.data as admin.AdminUser).id, password: 'changed-2026' };
        },
      ],
      [loose(admin.deleteUserByEmail), async () => ({ email: (await newListener()).email })],
      [loose(admin.appUserTransactions), async () => ({ id: graceId, type: 1 })],
      [loose(admin.resendActivationEmail), async () => ({ id: idOf('unverified@example.org') })],
      [loose(admin.listSubscriptions), async () => ({})],
      [loose(admin.verifySubscription), async () => ({ user_id: paulId })],
      [loose(admin.verifyHistory), async () => ({ user_id: paulId })],
    ];
    const contracts = Object.entries(CONTRACTS).filter(([k]) => k.startsWith('admin.'));
    expect(cases.map(([c]) => nameOf(c)).sort()).toEqual(contracts.map(([k]) => k).sort()); // all 17, none left out
    for (const [c, input] of cases) {
      const req = (await input()) as never;
      expect((await send(c, req)).body, nameOf(c)).toEqual(UNAUTHENTICATED);
      for (const token of [tokens.listener, tokens.artist]) {
        const refused = await send(c, req, token);
        expect(refused.status, nameOf(c)).toBe(403);
        expect(refused.body, nameOf(c)).toEqual(NOT_ADMIN);
      }
      expectContract(c, await send(c, req, tokens.admin));
    }
    expect(cases).toHaveLength(17);
  });

  it('lists with the contracts’ default page sizes (6 staff, 20 app users) and answers the shapes', async () => {
    for (let i = 0; i < 7; i++)
      await send(
        admin.createUser,
        { name: `Page Filler ${i}`, email: `filler${i}@example.org`, password: 'filler-2026', role: 'admin' },
        tokens.admin,
      );
    const staff = expectContract(admin.listUsers, await send(admin.listUsers, {}, tokens.admin));
    expect(staff.data).toHaveLength(admin.ADMIN_USER_PAGE_SIZE);
    expect(staff.total).toBeGreaterThan(admin.ADMIN_USER_PAGE_SIZE);
    const apps = expectContract(admin.listAppUsers, await send(admin.listAppUsers, {}, tokens.admin));
    expect(apps.data.length).toBeLessThanOrEqual(admin.APP_USER_REFRESH);
    expect(apps.data.every((u) => typeof u.blocked === 'boolean')).toBe(true);
    const albums = expectContract(
      admin.appUserTransactions,
      await send(admin.appUserTransactions, { id: idOf('listener@example.org'), type: 2 }, tokens.admin),
    );
    expect(albums.data).toEqual([expect.objectContaining({ product_name: 'Hymns at Dawn', type: 2 })]);
    const subs = expectContract(
      admin.listSubscriptions,
      await send(admin.listSubscriptions, { search: 'partner' }, tokens.admin),
    );
    expect(subs.data.map((s) => s.email)).toEqual(['partner@example.org']);
    const checks = expectContract(
      admin.verifyHistory,
      await send(admin.verifyHistory, { user_id: idOf('partner@example.org'), page: 1 }, tokens.admin),
    );
    expect(checks.total).toBeGreaterThanOrEqual(1);
    expect(checks.data.every((c) => c.active && c.end_date !== null)).toBe(true);
  });

  it('failures carry the contracts’ codes (ER-AUTH-03 passwords, ER-AUTH-69 resend, else null)', async () => {
    expectRefusal(
      admin.changeArtistPassword,
      await send(
        admin.changeArtistPassword,
        { id: idOf('listener@example.org'), password: 'another-2026' },
        tokens.admin,
      ),
      400,
      'This user is not an artist.',
    );
    expectRefusal(
      admin.changeUserPassword,
      await send(admin.changeUserPassword, { id: 999999, password: 'another-2026' }, tokens.admin),
      404,
    );
    expectRefusal(
      admin.resendActivationEmail,
      await send(admin.resendActivationEmail, { id: 999999 }, tokens.admin),
      404,
    );
    expectRefusal(
      admin.createUser,
      await send(
        admin.createUser,
        { name: 'Dup', email: 'admin@example.org', password: 'dup-dup-2026', role: 'admin' },
        tokens.admin,
      ),
      409,
      'An account with this email already exists.',
    );
    expectRefusal(
      admin.userDetail,
      await send(admin.userDetail, { id: idOf('listener@example.org') }, tokens.admin),
      404,
      'User not found.',
    );
    expectRefusal(
      admin.appUserDetail,
      await send(admin.appUserDetail, { id: idOf('artist@example.org') }, tokens.admin),
      404,
      'User not found.',
    );
  });

  it('block and unblock, end to end: no sign-in and no session while blocked; sign-in again after', async () => {
    const person = await newListener();
    const before = expectContract(auth.login, await loginAnswer(person.email, person.password)) as {
      access_token: string;
    };
    expect((await send(auth.profile, {}, before.access_token)).status).toBe(200);

    const blocked = expectContract(admin.blockAppUser, await send(admin.blockAppUser, { id: person.id }, tokens.admin));
    expect(blocked).toMatchObject({ id: person.id, blocked: true });
    expect((await send(auth.profile, {}, before.access_token)).body).toEqual(UNAUTHENTICATED);
    expectRefusal(
      auth.login,
      await loginAnswer(person.email, person.password),
      403,
      'This account is blocked. Contact support.',
    );
    const app = await sb.post<{ token: string }>('/sandbox/app-token', { email: person.email });
    expect((await sb.call('GET', auth.mobileLogin.path as string, { token: app.body.data!.token })).body).toEqual({
      status: 403,
      message: 'This account is blocked. Contact support.',
      errorCode: auth.mobileLogin.errorCode,
    });

    const unblocked = expectContract(
      admin.unblockAppUser,
      await send(admin.unblockAppUser, { id: person.id }, tokens.admin),
    );
    expect(unblocked.blocked).toBe(false);
    const after = expectContract(auth.login, await loginAnswer(person.email, person.password)) as {
      access_token: string;
    };
    expect((await send(auth.profile, {}, after.access_token)).status).toBe(200);
    expect((await send(auth.profile, {}, before.access_token)).status).toBe(401); // the old session stays revoked
  });

  it('delete keeps the money rows and removes personal data', async () => {
    const db = sb.sandbox.db;
    const maria = idOf('manila@example.org');
    const mariaToken = await sb.login('manila@example.org', 'manila-2026');
    const moneyRows = () =>
      ['credit_transactions', 'donation_gifts', 'subscription_payments', 'checkout_sessions'].map(
        (t) => db.prepare(`SELECT COUNT(*) FROM ${t} WHERE user_id = ?`).pluck().get(maria) as number,
      );
    const before = moneyRows();
    expect(before[0]).toBe(2);
    expect(before[1]).toBe(1);

    expectContract(admin.deleteAppUser, await send(admin.deleteAppUser, { email: 'manila@example.org' }, tokens.admin));
    expect(moneyRows()).toEqual(before);
    const row = db.prepare('SELECT * FROM users WHERE id = ?').get(maria) as Record<string, unknown>;
    expect(row).toMatchObject({
      first_name: 'Deleted',
      last_name: 'user',
      email: `deleted-${maria}@deleted.invalid`,
      phone_number: '',
      avatar: null,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toMatch(/Maria|Santos|manila/);
    expect(db.prepare('SELECT COUNT(*) FROM tokens WHERE user_id = ?').pluck().get(maria)).toBe(0);
    expect((await send(auth.profile, {}, mariaToken)).status).toBe(401);
    expect((await loginAnswer('manila@example.org', 'manila-2026')).status).toBe(400);
    // the person's history rows stay, under the anonymised account
    expect(
      db
        .prepare(
          "SELECT COUNT(*) FROM credit_transactions WHERE user_id = ? AND purchase_channel IN ('gcash', 'grab_pay')",
        )
        .pluck()
        .get(maria),
    ).toBe(2);
    // the address can register again
    expect(
      (
        await send(auth.register, {
          first_name: 'Maria',
          last_name: 'Again',
          email: 'manila@example.org',
          password: 'manila-2027',
          country_code: 'PH',
          gender: 'Female',
          phone_number: '',
          method: 'email',
        })
      ).status,
    ).toBe(200);
    expect(idOf('manila@example.org')).not.toBe(maria);

    // an artist, by email
    const made = await newArtist('Del Artist', 'del.artist@example.org', 'del-2026');
    expectContract(
      admin.deleteUserByEmail,
      await send(admin.deleteUserByEmail, { email: 'del.artist@example.org' }, tokens.admin),
    );
    expectRefusal(admin.userDetail, await send(admin.userDetail, { id: made.id }, tokens.admin), 404);
  });

  it('artist password path: passwordContractFor picks the artist call for artists and the normal one otherwise', async () => {
    const artist = await newArtist('Pia Psalter', 'pia@example.org', 'pia-2026');
    const artistSession = await sb.login('pia@example.org', 'pia-2026');
    // the portal's client, signed in as the admin
    session.signIn({ access_token: tokens.admin, token_type: 'Bearer', expires_in: 7200 });
    const changed = await call(admin.passwordContractFor(artist), { id: artist.id, password: 'pia-2027' });
    expect(changed.ok).toBe(true);
    expect((await send(auth.profile, {}, artistSession)).status).toBe(401); // signed out
    await sb.login('pia@example.org', 'pia-2027');
    expect(
      sb.sandbox.db
        .prepare("SELECT COUNT(*) FROM tokens WHERE kind = 'access' AND used_at IS NULL AND user_id = ?")
        .pluck()
        .get(artist.id),
    ).toBe(1);

    const person = await newListener();
    const viaNormal = await call(admin.passwordContractFor({ role: 'listener' }), {
      id: person.id,
      password: 'normal-2027',
    });
    expect(viaNormal.ok).toBe(true);
    await sb.login(person.email, 'normal-2027');
    // the wrong endpoint is refused, with the contract's code
    const wrong = await call(admin.changeArtistPassword, { id: person.id, password: 'wrong-2027' });
    expect(wrong).toEqual({
      ok: false,
      error: { status: 400, message: 'This user is not an artist.', errorCode: 'ER-AUTH-03' },
    });
    const wrongWay = await call(admin.changeUserPassword, { id: artist.id, password: 'wrong-2027' });
    expect(wrongWay.ok ? null : wrongWay.error).toMatchObject({ status: 400, errorCode: 'ER-AUTH-03' });
    session.clear();
  });

  it('the portal’s client module reads the admin answers (call())', async () => {
    const results = await Promise.all([
      call(admin.listUsers, { search: 'artist' }, { bearer: tokens.admin }),
      call(admin.listAppUsers, { page: 1, per_page: 2 }, { bearer: tokens.admin }),
      call(admin.appUserTransactions, { id: idOf('listener@example.org'), type: 1 }, { bearer: tokens.admin }),
      call(admin.verifySubscription, { user_id: idOf('listener@example.org') }, { bearer: tokens.admin }),
      call(admin.listSubscriptions, {}, { bearer: tokens.admin }),
    ]);
    for (const r of results) expect(r.ok, JSON.stringify(r)).toBe(true);
    const listener = await call(admin.listUsers, {}, { bearer: tokens.listener });
    expect(listener).toEqual({
      ok: false,
      error: { status: 403, message: 'This needs an administrator.', errorCode: null },
    });
  });
});

describe('device wallet calls (shared/api/wallet.ts)', () => {
  const pay = (
    transactionIdentifier: string,
    paymentData: unknown = { version: 'EC_v1', data: 'ZW5j', signature: 'c2ln', header: {} },
  ) => ({
    token: {
      paymentData,
      paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
      transactionIdentifier,
    },
    identifier: 'credits_250',
    purchasefor: 1 as const,
    amount: 25,
    currency: 'USD',
  });
  const balance = () =>
    sb.sandbox.db
      .prepare("SELECT credit_balance FROM users WHERE email = 'partner@example.org'")
      .pluck()
      .get() as number;
  let partner = '';
  beforeAll(async () => {
    partner = await sb.login('partner@example.org', 'partner-2026');
  });

  it('validateMerchant: data.data is the merchant session as JSON text; only Apple hosts', async () => {
    const answer = await send(
      wallet.validateMerchant,
      { validationUrl: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' },
      partner,
    );
    const data = expectContract(wallet.validateMerchant, answer);
    const merchant = JSON.parse(data.data) as Record<string, unknown>;
    expect(Object.keys(merchant).sort()).toEqual([
      'displayName',
      'domainName',
      'epochTimestamp',
      'expiresAt',
      'merchantIdentifier',
      'merchantSessionIdentifier',
      'nonce',
      'signature',
    ]);
    expect(
      (await send(wallet.validateMerchant, { validationUrl: 'https://attacker.example/startSession' }, partner)).status,
    ).toBe(400);
    expect(
      (await send(wallet.validateMerchant, { validationUrl: 'https://apple-pay-gateway.apple.com/x' })).status,
    ).toBe(401);
    const viaClient = await call(
      wallet.validateMerchant,
      { validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession' },
      { bearer: partner },
    );
    expect(viaClient.ok).toBe(true);
  });

  it('authorizeWalletPayment: authorises once; a replay answers the first result and grants nothing; a decline is Refused', async () => {
    const start = balance();
    const first = expectContract(
      wallet.authorizeWalletPayment,
      await send(wallet.authorizeWalletPayment, pay('TXN-0001'), partner),
    );
    expect(first).toEqual({
      result_code: 'Authorised',
      action: null,
      message: 'Payment successful.',
      credit_balance: start + 250,
    });
    const replay = await send(wallet.authorizeWalletPayment, pay('TXN-0001'), partner);
    expect(expectContract(wallet.authorizeWalletPayment, replay)).toEqual(first);
    expect(balance()).toBe(start + 250);

    const declined = expectContract(
      wallet.authorizeWalletPayment,
      await send(wallet.authorizeWalletPayment, pay('TXN-0002', { sandbox_result: 'decline' }), partner),
    );
    expect(declined).toEqual({ result_code: 'Refused', action: null, message: 'Your card was declined.' });
    expect(balance()).toBe(start + 250);

    // the history shows the wallet purchase
    const rows = expectContract(
      history.transactionHistory,
      await send(history.transactionHistory, { page: 1, per_page: 20 }, partner),
    );
    expect(rows.data.filter((r) => r.purchase_channel === 'apple_pay')).toHaveLength(1);

    // the server's prices: a changed amount is refused
    const changed = await send(wallet.authorizeWalletPayment, { ...pay('TXN-0003'), amount: 2.5 }, partner);
    expect(changed.body).toEqual({
      status: 400,
      message: 'The price has changed. Please choose again.',
      errorCode: null,
    });
    // and through the portal's client: a replay again
    const viaClient = await call(wallet.authorizeWalletPayment, pay('TXN-0001'), { bearer: partner });
    expect(viaClient.ok && viaClient.data).toEqual(first);
  });
});

describe('coverage', () => {
  it('checked every call of account.ts, admin.ts and wallet.ts against its contract', () => {
    expect([...covered].filter((k) => k in CONTRACTS).sort()).toEqual(Object.keys(CONTRACTS).sort());
    expect(Object.keys(CONTRACTS)).toHaveLength(24);
  });
});
