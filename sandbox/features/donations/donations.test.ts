// @vitest-environment node
// Donations: missions, the plan, gifts paid on the checkout page (once), monthly gifts, cancel, renewals, declines,
// anonymous gifts, the server's bounds, and the sandbox's mission helper and banners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { DONATION_GRANTS } from './gifts.js';
import type { MissionView } from './missions.js';
import { donationPlan } from '../../../shared/api/testing.js';
import { giftOrder, startSandbox, type TestSandbox } from '../../test-support.js';

const API = '/webclient/donation';
const CANCEL = 'http://portal.test/#/donations?_d=2';

const sb = await startSandbox(); // 2026-01-10T12:00:00.000Z
afterAll(() => sb.stop());
// Grace: listener, US, no monthly gift. Paul: partner, US, seeded monthly gift of $5 to mission 3. Maria: PH.
const [grace, paul, maria] = await sb.signIn('grace', 'paul', 'maria');

const gift = (overrides: Record<string, unknown> = {}) => giftOrder({ cancel_url: CANCEL, ...overrides });
const monthly = (overrides: Record<string, unknown> = {}) => gift({ recurring: 1, frequency: 2, ...overrides });

async function create(token: string | undefined, json: unknown, headers: Record<string, string> = {}) {
  return sb.call<{ id: string; checkout_url: string }>('POST', `${API}/create-session`, {
    json,
    headers,
    ...(token ? { token } : {}),
  });
}
async function session(token: string | undefined, json: unknown) {
  const res = await create(token, json);
  expect(res.status, res.text).toBe(200);
  const { id, checkout_url } = res.body.data!;
  return { id, page: new URL(checkout_url).pathname };
}
const pay = (page: string, card = '4242 4242 4242 4242') => sb.submit(`${page}/pay`, { card });
const totalCents = (mission: number) =>
  sb.sandbox.db.prepare('SELECT total_donation_minor FROM missions WHERE id = ?').pluck().get(mission) as number;
const giftsOf = (sessionId: string) =>
  sb.sandbox.db.prepare('SELECT * FROM donation_gifts WHERE session_id = ?').all(sessionId) as Record<
    string,
    unknown
  >[];
const status = (id: string) =>
  sb.sandbox.db.prepare('SELECT status FROM checkout_sessions WHERE id = ?').pluck().get(id);
const missions = async (path: string, token?: string) =>
  (await sb.get<MissionView[]>(`${API}/${path}`, token)).body.data!;
const mission = async (id: number, token: string) => (await missions('ongoing', token)).find((m) => m.id === id)!;

describe('missions', () => {
  it('lists the active missions for anonymous visitors, never subscribed', async () => {
    const res = await sb.get<MissionView[]>(`${API}/ongoing-project`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ongoing missions.');
    const list = res.body.data!;
    expect(list.map((m) => m.id)).toEqual([1, 2, 3]); // 4 has closed
    expect(list[1]).toEqual({
      id: 2,
      organization: 'Harvest of Praise Foundation',
      title: 'Music Scholarships for Young Worship Leaders',
      banner: ['http://portal.test/sandbox/banners/2-1.svg', 'http://portal.test/sandbox/banners/2-2.svg'],
      description: expect.stringContaining('\n\n'),
      total_donation: expect.any(Number),
      subscribed: false,
      metadata: { next_donation_period: null },
    });
    // Paul gives to mission 3 monthly, but this list is anonymous even when a token is sent.
    expect((await missions('ongoing-project', paul)).every((m) => !m.subscribed)).toBe(true);
  });

  it('lists them for the signed-in person with their monthly gifts; up to 3 on Home', async () => {
    const all = await missions('ongoing', paul);
    expect(all.map((m) => [m.id, m.subscribed, m.metadata.next_donation_period])).toEqual([
      [1, false, null],
      [2, false, null],
      [3, true, '2026-01-31T12:00:00.000Z'],
    ]);
    expect((await missions('ongoing-home', paul)).map((m) => m.id)).toEqual([1, 2, 3]);
    expect((await missions('ongoing', grace)).every((m) => !m.subscribed)).toBe(true);
    for (const path of ['ongoing', 'ongoing-home']) {
      expect((await sb.get(`${API}/${path}`)).body).toEqual({
        status: 401,
        message: 'Unauthenticated.',
        errorCode: null,
      });
    }
  });

  it("offers the donation plan of the person's country, US without a token", async () => {
    const plan = (country: string, user_currency: string, rate: number) => [
      donationPlan({ country, user_currency, rate }),
    ];
    expect((await sb.get(`${API}/donation-plan`)).body).toEqual({
      status: 200,
      message: 'Donation plans.',
      data: plan('US', 'USD', 1),
    });
    expect((await sb.get(`${API}/donation-plan`, grace)).body.data).toEqual(plan('US', 'USD', 1));
    expect((await sb.get(`${API}/donation-plan`, maria)).body.data).toEqual(plan('PH', 'PHP', 58));
    expect((await sb.get(`${API}/donation-plan`, 'not-a-token')).status).toBe(401);
  });
});

describe('a one-time gift', () => {
  it("of $30 by card raises the mission's total by 30, exactly once", async () => {
    const before = totalCents(1);
    const { id, page } = await session(grace, gift({ amount: 30, donation_id: 1 }));
    const shown = await sb.get(page);
    expect(shown.text).toContain('Gift to Psalter Mission Society, one-time $30.00');
    expect(shown.text).toContain('$30.00');

    const paid = await pay(page);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://portal.test/#/donation-success?session_id=${id}`);
    expect(totalCents(1)).toBe(before + 30_00);

    // Paying again, reloading the page, and the webhook stand-in running again grant nothing more.
    expect((await pay(page)).location).toBe(paid.location);
    expect((await sb.get(page)).text).toContain('This payment is complete.');
    fulfilPaidSession(sb.sandbox.db, id, new Date(), DONATION_GRANTS);
    expect(totalCents(1)).toBe(before + 30_00);
    expect(giftsOf(id)).toEqual([
      expect.objectContaining({
        stripe_charge_id: id,
        amount_minor: 30_00,
        currency: 'USD',
        recurring: 0,
        billing_fee_minor: 117,
        fee_minor: 0,
        net_minor: 28_83,
        charged_at: '2026-01-10T12:00:00.000Z',
      }),
    ]);
    expect((await mission(1, grace)).total_donation).toBe(before / 100 + 30);

    const history = await sb.get<{ data: Record<string, unknown>[]; total: number }>(
      '/webclient/account/donation-history',
      grace,
    );
    expect(history.body.data!.data[0]).toEqual({
      stripe_charge_id: id,
      created_at: '2026-01-10T12:00:00.000Z',
      donation: [{ organization: 'Psalter Mission Society' }],
      final_currency: 'USD',
      final_price: 30,
      net_revenue: 28.83,
      billing_fee: 1.17,
      fee: 0,
    });
  });

  it('comes from anonymous visitors too; monthly needs a sign-in', async () => {
    const before = totalCents(3);
    const { id, page } = await session(undefined, gift({ amount: 12.5, donation_id: 3 }));
    expect(sb.sandbox.db.prepare('SELECT user_id FROM checkout_sessions WHERE id = ?').pluck().get(id)).toBeNull();
    expect((await pay(page)).status).toBe(303);
    expect(totalCents(3)).toBe(before + 12_50);
    expect(giftsOf(id)).toEqual([expect.objectContaining({ user_id: null, amount_minor: 12_50 })]);

    expect((await create(undefined, monthly())).body).toEqual({
      status: 401,
      message: 'Sign in to give monthly.',
      errorCode: null,
    });
    // A token that does not work is never taken for an anonymous visitor.
    expect((await create('expired-token', gift())).body).toEqual({
      status: 401,
      message: 'Unauthenticated.',
      errorCode: null,
    });
  });

  it('answers the same session for the same Idempotency-Key, signed in or not', async () => {
    for (const token of [grace, undefined]) {
      const key = { 'Idempotency-Key': `gift-${token ? 'grace' : 'anon'}-1` };
      const a = await create(token, gift(), key);
      const b = await create(token, gift(), key);
      expect(b.body.data!.id).toBe(a.body.data!.id);
      expect((await create(token, gift({ amount: 20 }), key)).body).toEqual({
        status: 400,
        message: 'Idempotency-Key: was already used for a different payment',
        errorCode: null,
      });
    }
  });
});

describe('a monthly gift', () => {
  it('subscribes, refuses a second one to the same mission, and cancels', async () => {
    const { page } = await session(grace, monthly());
    expect((await sb.get(page)).text).toContain('Gift to Harvest of Praise Foundation, monthly at $10.00');
    const before = totalCents(2);
    await pay(page);
    expect(totalCents(2)).toBe(before + 10_00);
    expect(await mission(2, grace)).toMatchObject({
      subscribed: true,
      metadata: { next_donation_period: '2026-02-10T12:00:00.000Z' },
    });
    expect((await missions('ongoing-home', grace)).find((m) => m.id === 2)!.subscribed).toBe(true);

    expect((await create(grace, monthly({ amount: 25 }))).body).toEqual({
      status: 400,
      message: 'You are already donated this projects',
      errorCode: 'already-donated',
    });
    expect((await create(grace, gift({ amount: 5 }))).status).toBe(200); // a one-time gift on top is fine
    expect((await create(maria, monthly())).status).toBe(200); // someone else may give monthly too

    const cancel = await sb.post<MissionView>(`${API}/cancel`, { donation_id: 2 }, grace);
    expect(cancel.body).toMatchObject({
      status: 200,
      message: 'Cancel donation success.',
      data: { id: 2, subscribed: false },
    });
    expect(await mission(2, grace)).toMatchObject({ subscribed: false, metadata: { next_donation_period: null } });
    expect((await sb.post(`${API}/cancel`, { donation_id: 2 }, grace)).body).toEqual({
      status: 400,
      message: 'There is no monthly donation to cancel.',
      errorCode: null,
    });
    expect((await sb.post(`${API}/cancel`, { donation_id: 999 }, grace)).status).toBe(400);
    expect((await sb.post(`${API}/cancel`, { donation_id: 'x' }, grace)).body.message).toMatch(/^donation_id: /);
    expect((await sb.post(`${API}/cancel`, { donation_id: 2 })).status).toBe(401);

    // After cancelling, a new monthly gift may start.
    expect((await create(grace, monthly())).status).toBe(200);
  });
});

describe('declined cards', () => {
  it('re-show the checkout with the decline, keep the session open and grant nothing', async () => {
    const before = totalCents(2);
    const { id, page } = await session(grace, gift({ amount: 40 }));
    for (const [card, message] of [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ]) {
      const res = await pay(page, card);
      expect(res.status).toBe(402);
      expect(res.location).toBeNull();
      expect(res.text).toContain(`<p class="error" role="alert">${message}</p>`);
      expect(res.text).toContain('Card number');
      expect(res.text).toContain(`action="/sandbox/checkout/${id}/pay"`);
      expect(res.text).toContain('>Cancel</button>');
      expect(status(id)).toBe('open');
    }
    expect(totalCents(2)).toBe(before);
    expect(giftsOf(id)).toEqual([]);
    expect((await sb.get(page)).text).toContain('>Pay</button>'); // still payable

    // Another card then pays.
    expect((await pay(page)).status).toBe(303);
    expect(totalCents(2)).toBe(before + 40_00);
  });

  it('also after a failed 3-D Secure authentication; Cancel then ends the session', async () => {
    const before = totalCents(2);
    const { id, page } = await session(grace, gift({ amount: 15 }));
    expect((await pay(page, '4000002500003155')).location).toBe(`${page}/authenticate`);
    const failed = await sb.submit(`${page}/authenticate`, { outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.text).toContain('Your card was declined.');
    expect(status(id)).toBe('open');
    const canceled = await sb.submit(`${page}/cancel`);
    expect(canceled.location).toBe(CANCEL);
    expect(status(id)).toBe('canceled');
    expect(totalCents(2)).toBe(before);
    expect(giftsOf(id)).toEqual([]);
  });

  it('leave credit sessions as they were: refused, back to the portal', async () => {
    const { id, page } = await sb.checkout(grace);
    const declined = await pay(page, '4000000000000002');
    expect(declined.status).toBe(303);
    expect(status(id)).toBe('refused');
  });
});

describe('server bounds', () => {
  it('refuses bad amounts and fields with 400 naming the field, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [gift({ amount: 0 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 0.5 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 0.99 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 101 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 100.01 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: -10 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 1e308 }), 'amount: must be between $1.00 and $100.00'],
      [gift({ amount: 10.005 }), 'amount: must have at most 2 decimals'],
      [gift({ amount: '10' }), 'amount: must be a number'],
      [gift({ amount: null }), 'amount: is required'],
      [gift({ identifier: 'credits_100' }), 'identifier: unknown donation plan'],
      [gift({ currency: 'PHP' }), 'currency: must be USD'],
      [gift({ currency: 'dollars' }), 'currency: must be a 3-letter currency code'],
      [gift({ frequency: 2 }), 'frequency: does not match recurring (one-time is 1, monthly is 2)'],
      [gift({ frequency: 3 }), 'frequency: must be one of 1, 2'],
      [gift({ recurring: 2 }), 'recurring: must be one of 0, 1'],
      [gift({ donation_id: 'two' }), 'donation_id: must be a number'],
      [gift({ donation_id: 0 }), 'donation_id: must be a whole number'],
      [gift({ donation_id: 2.5 }), 'donation_id: must be a whole number'],
      [gift({ success_url: 'https://evil.test/' }), 'success_url: must point to the portal'],
      [gift({ cancel_url: 'javascript:alert(1)' }), 'cancel_url: must point to the portal'],
    ];
    for (const [json, message] of cases) {
      const res = await create(grace, json);
      expect([res.status, res.body], JSON.stringify(json)).toEqual([400, { status: 400, message, errorCode: null }]);
    }
    for (const amount of [1, 100, 12.34]) expect((await create(grace, gift({ amount }))).status).toBe(200);
    expect((await create(grace, gift({ donation_id: '2' }))).status).toBe(200);
  });

  it('answers 404 for unknown and closed missions', async () => {
    for (const donation_id of [999, 4]) {
      expect((await create(grace, gift({ donation_id }))).body).toEqual({
        status: 404,
        message: 'Mission not found.',
        errorCode: null,
      });
    }
  });
});

describe('the sandbox mission helper and banners', () => {
  const markup = '<script>alert("x")</script>\n\n<img src=x onerror="alert(1)"> & friends';

  it('creates a mission whose text is stored and answered exactly as given, and never rendered as markup', async () => {
    const res = await sb.post<{ id: number }>('/sandbox/missions', {
      organization: 'Evil <b>Org</b>',
      title: '<img src=x onerror=alert(1)>',
      description: markup,
    });
    expect(res.body).toEqual({ status: 200, message: 'Mission created.', data: { id: expect.any(Number) } });
    const id = res.body.data!.id;
    const listed = (await missions('ongoing-project')).find((m) => m.id === id)!;
    expect(listed).toMatchObject({
      organization: 'Evil <b>Org</b>',
      title: '<img src=x onerror=alert(1)>',
      description: markup,
      total_donation: 0,
      banner: [`http://portal.test/sandbox/banners/${id}-1.svg`, `http://portal.test/sandbox/banners/${id}-2.svg`],
    });

    const svg = await sb.get(`/sandbox/banners/${id}-1.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(svg.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(svg.text).not.toMatch(/<img|<script|<b>/i);

    const { page } = await session(grace, gift({ donation_id: id }));
    const checkout = await sb.get(page);
    expect(checkout.text).toContain('Gift to Evil &lt;b&gt;Org&lt;/b&gt;, one-time $10.00');
    expect(checkout.text).not.toContain('<b>Org');
  });

  it('refuses missions without text, and serves only banners that exist', async () => {
    expect(
      (await sb.post('/sandbox/missions', { organization: 'O', title: 'T', description: ' \n ' })).body.message,
    ).toBe('description: is required');
    expect((await sb.post('/sandbox/missions', { organization: 'O', description: 'D' })).body.message).toBe(
      'title: is required',
    );
    const ok = await sb.get('/sandbox/banners/1-3.svg');
    expect(ok.text).toContain('Hymnals for Rural Churches');
    for (const path of [
      '/sandbox/banners/1-4.svg',
      '/sandbox/banners/1-0.svg',
      '/sandbox/banners/999-1.svg',
      '/sandbox/banners/x.svg',
      '/sandbox/banners/1-1.png',
    ]) {
      expect((await sb.get(path)).status, path).toBe(404);
    }
  });
});

describe('monthly gifts renew with the clock', () => {
  let local: TestSandbox;
  beforeAll(async () => {
    local = await startSandbox();
  });
  afterAll(async () => {
    await local.stop();
  });

  it('charges again when next_donation_at passes: a gift row, the total rises, the next date moves a month on', async () => {
    let ada = await local.login('admin@example.org', 'admin-2026');
    const res = await local.call<{ id: string; checkout_url: string }>('POST', `${API}/create-session`, {
      token: ada,
      json: monthly({ amount: 15, donation_id: 1 }),
    });
    await local.submit(`${new URL(res.body.data!.checkout_url).pathname}/pay`, { card: '4242424242424242' });
    const total = () =>
      local.sandbox.db.prepare('SELECT total_donation_minor FROM missions WHERE id = 1').pluck().get() as number;
    const afterFirst = total();

    const moved = await local.post('/sandbox/clock', { advance_days: 31 });
    // Ada's gift (due 2026-02-10) and Paul's seeded one (due 2026-01-31) renew.
    expect(moved.body.data).toEqual({ now: '2026-02-10T12:00:00.000Z', renewals: 1, ended: 0, donation_renewals: 2 });
    expect(total()).toBe(afterFirst + 15_00);
    ada = await local.login('admin@example.org', 'admin-2026');
    const m = (await local.get<MissionView[]>(`${API}/ongoing`, ada)).body.data!.find((x) => x.id === 1)!;
    expect(m).toMatchObject({ subscribed: true, metadata: { next_donation_period: '2026-03-10T12:00:00.000Z' } });
    const history = (
      await local.get<{ data: Record<string, unknown>[]; total: number }>('/webclient/account/donation-history', ada)
    ).body.data!;
    expect(history.total).toBe(2);
    expect(history.data[0]).toMatchObject({
      stripe_charge_id: expect.stringMatching(/^ch_/),
      created_at: '2026-02-10T12:00:00.000Z',
      final_price: 15,
      donation: [{ organization: 'Psalter Mission Society' }],
    });

    // Nothing more is due until the next date; a canceled gift never renews.
    expect((await local.post('/sandbox/clock', { advance_days: 1 })).body.data).toMatchObject({ donation_renewals: 0 });
    ada = await local.login('admin@example.org', 'admin-2026');
    await local.post(`${API}/cancel`, { donation_id: 1 }, ada);
    expect((await local.post('/sandbox/clock', { advance_days: 60 })).body.data).toMatchObject({
      donation_renewals: 2,
    }); // Paul's only
    expect(total()).toBe(afterFirst + 15_00);
  });
});
