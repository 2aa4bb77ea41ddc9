// @vitest-environment node
// The Credits calls: price list, methods, creating sessions (server prices, return URLs, idempotency), confirming.
import { afterAll, describe, expect, it } from 'vitest';
import { creditOrder, startSandbox } from '../../test-support.js';
import { creditRoutes } from './routes.js';

const API = '/webclient/in-web-purchase';

const sb = await startSandbox({ allowedOrigins: ['http://blog.test'] });
afterAll(() => sb.stop());
const [us, ph] = await sb.signIn('grace', 'maria'); // Grace: US, 120 credits. Maria: PH.

interface Created {
  id: string;
  checkout_url: string;
}

const create = (token: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  sb.call<Created>('POST', `${API}/create-session`, { json: creditOrder(overrides), token, headers });

describe('credit list', () => {
  it('lists the US prices', async () => {
    const res = await sb.get<unknown[]>(`${API}/credit-list`, us);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      [50, 100, 250, 500, 1000].map((n) => ({
        country: 'US',
        currency: 'USD',
        identifier: `credits_${n}`,
        price_credit: n,
        price_dollar: n / 10,
        user_currency: 'USD',
        rate: 1,
      })),
    );
  });

  it('lists the Philippine prices in dollars with the peso rate', async () => {
    const res = await sb.get<{ identifier: string }[]>(`${API}/credit-list`, ph);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.data![1]).toEqual({
      country: 'PH',
      currency: 'USD',
      identifier: 'credits_100_ph',
      price_credit: 100,
      price_dollar: 10,
      user_currency: 'PHP',
      rate: 58,
    });
  });

  it('gives any other country the US list', async () => {
    sb.sandbox.db.prepare("UPDATE users SET country_code = 'DE' WHERE email = 'admin@example.org'").run();
    const de = await sb.login('admin@example.org', 'admin-2026');
    const res = await sb.get<{ identifier: string; country: string }[]>(`${API}/credit-list`, de);
    expect(res.body.data!.map((o) => o.identifier)).toEqual([
      'credits_50',
      'credits_100',
      'credits_250',
      'credits_500',
      'credits_1000',
    ]);
    expect((await create(de)).status).toBe(200);
  });
});

// The payment methods: checkout-pages.test.ts, for each payment API.
describe('client key', () => {
  it('gives the test client key', async () => {
    expect((await sb.get(`${API}/client-key`, us)).body).toEqual({
      status: 200,
      message: 'Client key.',
      data: { clientKey: 'pk_test_sandbox' },
    });
  });

  it('needs a bearer token for every call', async () => {
    for (const { method, path } of creditRoutes) {
      const res = await sb.call(method, path, method === 'POST' ? { json: creditOrder() } : {});
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'Unauthenticated.', errorCode: null });
    }
  });
});

describe('create-session', () => {
  it('answers an id and an absolute checkout URL on the portal origin', async () => {
    const res = await create(us);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment session created.');
    const { id, checkout_url } = res.body.data!;
    expect(id).toMatch(/^cs_[A-Za-z0-9_-]{32}$/);
    expect(checkout_url).toBe(`http://portal.test/sandbox/checkout/${id}`);
    const row = sb.sandbox.db.prepare('SELECT * FROM checkout_sessions WHERE id = ?').get(id) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      kind: 'credit',
      method: 'credit_card',
      currency: 'USD',
      amount_minor: 1000,
      status: 'open',
      description: '100 Credits',
      success_url: `http://portal.test/#/transaction-success?session_id=${id}`,
      cancel_url: 'http://portal.test/#/transaction-failed',
    });
    expect(JSON.parse(row.payload as string)).toEqual({ identifier: 'credits_100', credits: 100, purchasefor: 1 });
  });

  it('takes prices from the server only', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -1 }, 'amount: must be greater than 0'],
      [{ amount: 0 }, 'amount: must be greater than 0'],
      [{ amount: 1e9 }, 'amount: must be at most 1000000'],
      [{ amount: '10.005' }, 'amount: must be a number'],
      [{ amount: null }, 'amount: is required'],
      [{ amount: 10.005 }, 'amount: must have at most 2 decimals'],
      [{ amount: 9.999999999 }, 'amount: must have at most 2 decimals'], // never rounded into the $10 price
      [{ amount: 9.99 }, 'The price has changed. Please choose again.'],
      [{ amount: 1 }, 'The price has changed. Please choose again.'],
      [{ credit: 1000 }, 'The price has changed. Please choose again.'],
      [{ credit: 100.5 }, 'credit: must be a whole number'],
      [{ currency: 'PHP' }, 'The price has changed. Please choose again.'],
      [{ currency: 'dollars' }, 'currency: must be a 3-letter currency code'],
      [{ identifier: 'credits_7' }, 'identifier: unknown credit option'],
      [{ identifier: 'credits_100_ph' }, 'identifier: unknown credit option'],
      [{ identifier: '' }, 'identifier: is required'],
      [{ purchasefor: 3 }, 'purchasefor: must be one of 1, 2'],
      [{ method: 'wechat' }, 'method: must be one of "credit_card", "gcash", "grab_pay"'],
      [{ method: 'gcash' }, 'method: not available in your country'],
    ];
    for (const [json, message] of cases) {
      const res = await create(us, json);
      expect([res.status, res.body], JSON.stringify(json)).toEqual([400, { status: 400, message, errorCode: null }]);
    }
    expect((await create(ph, { identifier: 'credits_100' })).body.message).toBe('identifier: unknown credit option');
    expect(
      sb.sandbox.db
        .prepare("SELECT COUNT(*) FROM checkout_sessions WHERE status = 'open' AND amount_minor <> 1000")
        .pluck()
        .get(),
    ).toBe(0);
  });

  it('accepts other options at their listed price', async () => {
    expect((await create(us, { identifier: 'credits_250', credit: 250, amount: 25 })).status).toBe(200);
    expect(
      (await create(us, { identifier: 'credits_1000', credit: 1000, amount: 100.0, currency: 'usd' })).status,
    ).toBe(200);
  });

  it('only returns to the portal or an allowed origin', async () => {
    const bad = [
      'javascript:alert(1)',
      '/#/transaction-success',
      '//evil.test/',
      'http://evil.test/',
      'https://portal.test/',
      'http://portal.test.evil.test/',
      'http://portal.test:8443/',
      'http://user:pw@portal.test/',
      'ftp://portal.test/',
      'not a url',
    ];
    for (const url of bad) {
      expect((await create(us, { success_url: url })).body.message).toBe('success_url: must point to the portal');
      expect((await create(us, { cancel_url: url })).body.message).toBe('cancel_url: must point to the portal');
    }
    expect((await create(us, { success_url: 'http://blog.test/thanks?cs={CHECKOUT_SESSION_ID}' })).status).toBe(200);
    expect((await create(us, { success_url: '' })).body.message).toBe('success_url: is required');
  });

  it('answers the same session for a repeated Idempotency-Key', async () => {
    const first = await create(us, {}, { 'Idempotency-Key': 'topup-1' });
    const again = await create(us, {}, { 'Idempotency-Key': 'topup-1' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const other = await create(us, {}, { 'Idempotency-Key': 'topup-2' });
    expect(other.body.data!.id).not.toBe(first.body.data!.id);
    // another person's key space is their own
    const theirs = await create(ph, { identifier: 'credits_100_ph' }, { 'Idempotency-Key': 'topup-1' });
    expect(theirs.body.data!.id).not.toBe(first.body.data!.id);
    // the same key for a different payment is refused
    const changed = await create(
      us,
      { identifier: 'credits_50', credit: 50, amount: 5 },
      { 'Idempotency-Key': 'topup-1' },
    );
    expect(changed.body).toEqual({
      status: 400,
      message: 'Idempotency-Key: was already used for a different payment',
      errorCode: null,
    });
    const long = await create(us, {}, { 'Idempotency-Key': 'k'.repeat(201) });
    expect(long.body.message).toBe('Idempotency-Key: must be at most 200 characters');
    expect((await create(us, {}, { 'Idempotency-Key': 'k'.repeat(200) })).status).toBe(200);
  });

  it('makes WeChat Pay sessions on the wechat path', async () => {
    const res = await sb.call<Created>('POST', `${API}/wechat/create-session`, { json: creditOrder(), token: us });
    expect(res.status).toBe(200);
    expect(res.body.data!.checkout_url).toMatch(/^http:\/\/portal\.test\/sandbox\/checkout\/cs_/);
    expect(
      sb.sandbox.db.prepare('SELECT method FROM checkout_sessions WHERE id = ?').pluck().get(res.body.data!.id),
    ).toBe('wechat');
  });

  it('charges the e-wallets in pesos at the list rate', async () => {
    for (const quote of [
      { currency: 'USD', amount: 10 },
      { currency: 'PHP', amount: 580 },
    ]) {
      const res = await create(ph, { identifier: 'credits_100_ph', method: 'gcash', ...quote });
      expect(res.status).toBe(200);
      expect(res.body.data!.checkout_url).toBe(`http://portal.test/sandbox/paymongo/${res.body.data!.id}`);
      const row = sb.sandbox.db
        .prepare('SELECT currency, amount_minor, method FROM checkout_sessions WHERE id = ?')
        .get(res.body.data!.id);
      expect(row).toEqual({ currency: 'PHP', amount_minor: 58000, method: 'gcash' });
    }
    expect(
      (await create(ph, { identifier: 'credits_100_ph', method: 'grab_pay', currency: 'PHP', amount: 579.99 })).body
        .message,
    ).toBe('The price has changed. Please choose again.');
    // card in PH is charged in dollars; pesos are only for the e-wallets
    expect((await create(ph, { identifier: 'credits_100_ph', currency: 'PHP', amount: 580 })).status).toBe(400);
    expect((await create(ph, { identifier: 'credits_100_ph' })).status).toBe(200);
  });
});

describe('confirm-transaction-session', () => {
  const confirm = (token: string, session_id: unknown) =>
    sb.post<Record<string, unknown>>(`${API}/confirm-transaction-session`, { session_id }, token);

  it('does not confirm a session that was never paid', async () => {
    const { id } = (await create(us)).body.data!;
    expect((await confirm(us, id)).body).toEqual({
      status: 400,
      message: 'This payment has not been completed.',
      errorCode: null,
    });
  });

  it("hides other people's sessions and unknown ids", async () => {
    const { id } = (await create(us)).body.data!;
    await sb.submit(`/sandbox/checkout/${id}/pay`, { card: '4242424242424242' });
    const notFound = { status: 404, message: 'Payment session not found.', errorCode: null };
    expect((await confirm(ph, id)).body).toEqual(notFound);
    expect((await confirm(us, 'cs_nope')).body).toEqual(notFound);
    expect((await confirm(us, '')).body.message).toBe('session_id: is required');
    expect((await confirm(us, 42)).body.message).toBe('session_id: must be a string');
    // the owner still gets it, once
    expect((await confirm(us, id)).body.data).toMatchObject({ result_code: 'Authorised' });
  });
});

describe('expiry', () => {
  it('expires unpaid sessions after 24 hours', async () => {
    const own = await startSandbox();
    const token = await own.login('listener@example.org', 'listen-2026');
    const make = async () =>
      (await own.call<Created>('POST', `${API}/create-session`, { json: creditOrder(), token })).body.data!.id;
    const [unpaid, paid, challenged] = [await make(), await make(), await make()];
    await own.submit(`/sandbox/checkout/${paid}/pay`, { card: '4242 4242 4242 4242' });
    await own.submit(`/sandbox/checkout/${challenged}/pay`, { card: '4000 0025 0000 3155' });
    own.clock.advance(24 * 60 * 60 * 1000);
    const again = await own.login('listener@example.org', 'listen-2026');
    const confirm = (id: string) =>
      own.post<Record<string, unknown>>(`${API}/confirm-transaction-session`, { session_id: id }, again);
    const expired = { status: 400, message: 'This payment session has expired.', errorCode: null };
    expect((await confirm(unpaid)).body).toEqual(expired);
    expect((await confirm(challenged)).body).toEqual(expired);
    expect((await confirm(paid)).body.data).toMatchObject({ result_code: 'Authorised', credit_balance: 220 });
    const pay = await own.submit(`/sandbox/checkout/${unpaid}/pay`, { card: '4242424242424242' });
    expect(pay.status).toBe(409);
    expect(pay.text).toContain('This payment session has expired.');
    expect((await own.get(`/sandbox/checkout/${unpaid}`)).text).toContain('This payment session has expired.');
    expect((await own.submit(`/sandbox/checkout/${challenged}/authenticate`, { outcome: 'complete' })).status).toBe(
      409,
    );
    expect((await confirm(unpaid)).body).toEqual(expired);
    await own.stop();
  });
});
