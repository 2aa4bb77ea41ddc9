// @vitest-environment node
// The Subscription calls: plans, methods, server bounds, creating sessions, who may confirm, errors.
import { afterAll, describe, expect, it } from 'vitest';
import { membershipPlan } from '../../../shared/api/testing.js';
import { membershipOrder as monthly, sessionCreated, startSandbox } from '../../test-support.js';
import { subscriptionRoutes } from './routes.js';

const API = '/webclient/subscription';

const sb = await startSandbox();
afterAll(() => sb.stop());
// Grace: US, free. Maria: PH, free. Paul: US, monthly at $5 (seeded).
const [us, ph, partner] = await sb.signIn('grace', 'maria', 'paul');

const oneTime = (overrides: Record<string, unknown> = {}) =>
  monthly({ identifier: 'premium_one_time', recurring: 0, interval: 3, amount: 15, ...overrides });
const create = (token: string, json: unknown, path = 'create-session', headers: Record<string, string> = {}) =>
  sb.call<{ id: string; checkout_url: string }>('POST', `${API}/${path}`, { json, token, headers });
const session = (id: string) =>
  sb.sandbox.db
    .prepare(
      'SELECT kind, method, currency, amount_minor, description, payload, status FROM checkout_sessions WHERE id = ?',
    )
    .get(id) as {
    kind: string;
    method: string;
    currency: string;
    amount_minor: number;
    description: string;
    payload: string;
    status: string;
  };

describe('plans and methods', () => {
  const plans = (country: string, user_currency: string, rate: number) => [
    membershipPlan({ country, user_currency, rate }),
    membershipPlan({ country, user_currency, rate, identifier: 'premium-one-time' }),
  ];

  it('lists the US plans, the Philippine ones with the peso rate, and the US ones for any other country', async () => {
    expect((await sb.get(`${API}/subscription-plan`, us)).body).toEqual({
      status: 200,
      message: 'Subscription plans.',
      data: plans('US', 'USD', 1),
    });
    expect((await sb.get(`${API}/subscription-plan`, ph)).body.data).toEqual(plans('PH', 'PHP', 58));
    sb.sandbox.db.prepare("UPDATE users SET country_code = 'DE' WHERE email = 'admin@example.org'").run();
    const de = await sb.login('admin@example.org', 'admin-2026');
    expect((await sb.get(`${API}/subscription-plan`, de)).body.data).toEqual(plans('US', 'USD', 1));
  });
});

describe('server bounds', () => {
  it('refuses amounts out of bounds, with too many decimals, or not numbers: 400, never 500', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [monthly({ amount: -1 }), /^amount: must be between \$1\.00 and \$100\.00 a month$/],
      [monthly({ amount: 0 }), /^amount: must be between/],
      [monthly({ amount: 0.5 }), /^amount: must be between/],
      [monthly({ amount: 1e9 }), /^amount: must be between/],
      [monthly({ amount: 1e308 }), /^amount: must be between/],
      [monthly({ amount: 101 }), /^amount: must be between/],
      [monthly({ amount: 100.01 }), /^amount: must be between/],
      [monthly({ amount: 10.005 }), /^amount: must have at most 2 decimals$/],
      [monthly({ amount: '10.005' }), /^amount: must be a number$/],
      [monthly({ amount: null }), /^amount: is required$/],
      [oneTime({ amount: 2.99 }), /^amount: must be between \$3\.00 and \$10,000\.00 for 3 months$/],
      [oneTime({ amount: 10000.01 }), /^amount: must be between/],
      [oneTime({ amount: 1e9 }), /^amount: must be between/],
      [oneTime({ amount: '10.005' }), /^amount: must be a number$/],
      [oneTime({ interval: 5 }), /^interval: must be one of 1, 2, 3, 6, 9, 12$/],
      [oneTime({ interval: undefined }), /^interval: is required for a one-time membership$/],
      [monthly({ identifier: 'credits_100' }), /^identifier: unknown membership plan$/],
      [monthly({ identifier: 'premium_yearly' }), /^identifier: unknown membership plan$/],
      [monthly({ recurring: 0 }), /^recurring: does not match the plan/],
      [monthly({ recurring: 2 }), /^recurring: must be one of 0, 1$/],
      [monthly({ currency: 'EUR' }), /^currency: must be USD$/],
      [monthly({ currency: 'PHP' }), /^currency: must be USD$/],
      [monthly({ success_url: 'https://evil.test/' }), /^success_url: must point to the portal$/],
    ];
    for (const [json, message] of cases) {
      const res = await create(us, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errorCode).toBeNull();
      expect(res.body.message, JSON.stringify(json)).toMatch(message);
    }
  });

  it('refuses one month in the Philippines', async () => {
    const res = await create(ph, oneTime({ interval: 1, amount: 5 }));
    expect(res.body).toEqual({
      status: 400,
      message: 'interval: 1 month is not available in your country',
      errorCode: null,
    });
    expect((await create(ph, oneTime({ interval: 2, amount: 2 }))).status).toBe(200);
  });

  it('accepts the bounds themselves, and the dashed identifiers', async () => {
    for (const json of [
      monthly({ amount: 1 }),
      monthly({ amount: 100 }),
      monthly({ identifier: 'premium-monthly', amount: 12.34 }),
      oneTime({ amount: 3 }),
      oneTime({ amount: 10000 }),
      oneTime({ identifier: 'premium-one-time', interval: '12', amount: 120 }),
    ]) {
      const res = await create(us, json);
      expect(res.status, JSON.stringify(json)).toBe(200);
    }
  });
});

describe('creating sessions', () => {
  it('creates a monthly card session at the chosen amount', async () => {
    const res = await create(us, monthly());
    expect(res.body.data!.id).toMatch(/^cs_/);
    expect(res.body).toEqual(sessionCreated(res.body.data!.id));
    expect(session(res.body.data!.id)).toEqual({
      kind: 'subscription',
      method: 'credit_card',
      currency: 'USD',
      amount_minor: 700,
      status: 'open',
      description: 'Premium membership, monthly at $7.00',
      payload: JSON.stringify({ identifier: 'premium-monthly', recurring: 1, interval: null, amount: 7 }),
    });
  });

  it('creates one-time sessions by card or WeChat Pay, but monthly only by card', async () => {
    const card = await create(us, oneTime());
    expect(session(card.body.data!.id)).toMatchObject({
      method: 'credit_card',
      amount_minor: 1500,
      description: 'Premium membership, 3 months',
    });
    const wechat = await create(us, oneTime({ interval: 1, amount: 4.5 }), 'wechat/create-session');
    expect(session(wechat.body.data!.id)).toMatchObject({
      method: 'wechat',
      amount_minor: 450,
      description: 'Premium membership, 1 month',
    });
    const refused = await create(us, monthly(), 'wechat/create-session');
    expect(refused.body).toEqual({ status: 400, message: 'Monthly membership is paid by card.', errorCode: null });
  });

  it('answers the same session for the same Idempotency-Key', async () => {
    const key = { 'Idempotency-Key': 'sub-key-1' };
    const a = await create(us, monthly({ amount: 8 }), 'create-session', key);
    const b = await create(us, monthly({ amount: 8 }), 'create-session', key);
    expect(b.body.data!.id).toBe(a.body.data!.id);
    const c = await create(us, monthly({ amount: 9 }), 'create-session', key);
    expect(c.body.message).toBe('Idempotency-Key: was already used for a different payment');
  });

  it('refuses a second monthly membership (and one-time on top of a monthly one)', async () => {
    for (const json of [monthly(), oneTime()]) {
      const res = await create(partner, json);
      expect(res.body).toEqual({ status: 400, message: 'You already have a monthly membership.', errorCode: null });
    }
  });
});

describe('who may call', () => {
  it('needs a bearer token for every call', async () => {
    for (const { method, path } of subscriptionRoutes) {
      const res = await sb.call(method, path, method === 'POST' ? { json: {} } : {});
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'Unauthenticated.', errorCode: null });
    }
  });

  it("does not let a second person confirm the first person's session", async () => {
    const { id } = (await create(us, monthly())).body.data!;
    const other = await sb.post(`${API}/confirm-payment`, { session_id: id }, ph);
    expect(other.body).toEqual({ status: 404, message: 'Payment session not found.', errorCode: null });
    const source = await sb.post(`${API}/paymongo/confirm-payment`, { source_id: id }, ph);
    expect(source.status).toBe(404);
    // The owner: a card session never paid has not been completed.
    expect((await sb.post(`${API}/confirm-payment`, { session_id: id }, us)).body).toEqual({
      status: 400,
      message: 'This payment has not been completed.',
      errorCode: null,
    });
    // A card session is not an e-wallet source, even for its owner.
    expect((await sb.post(`${API}/paymongo/confirm-payment`, { source_id: id }, us)).status).toBe(404);
  });

  it('does not confirm a credit session as a membership', async () => {
    const credit = await sb.checkout(us);
    const res = await sb.post(`${API}/confirm-payment`, { session_id: credit.id }, us);
    expect(res.status).toBe(404);
  });
});
