// @vitest-environment node
// Memberships end to end: paying on the sandbox's pages, the states a membership goes through, the clock's renewals
// and ends, the PayMongo e-wallets, updating the card, and granting exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { membershipOrder, paid, sessionCreated, startSandbox, type TestSandbox } from '../../test-support.js';
import { MEMBERSHIP_GRANTS } from './memberships.js';

const API = '/webclient/subscription';
const SUCCESS = 'http://portal.test/#/subscription-success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://portal.test/#/transaction-failed';
const FAILED = 'http://portal.test/#/transaction-failed?source={CHECKOUT_SESSION_ID}';
const CARD = '4242 4242 4242 4242';

interface Sub {
  recurring: 0 | 1;
  canceled: boolean;
  change_amount: boolean;
  current_amount: number;
  next_amount: number | null;
  end_date: string;
  schedule_start_date: string | null;
}

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox(); // its clock starts at 2026-01-10T12:00:00.000Z
});
afterEach(async () => {
  await sb.stop();
});

const login = {
  grace: () => sb.login('listener@example.org', 'listen-2026'),
  maria: () => sb.login('manila@example.org', 'manila-2026'),
  paul: () => sb.login('partner@example.org', 'partner-2026'),
  ada: () => sb.login('admin@example.org', 'admin-2026'),
};

const create = (token: string, overrides: Record<string, unknown> = {}, path = 'create-session') =>
  sb.checkout(token, membershipOrder(overrides), `${API}/${path}`);

const pay = (page: string, card = CARD) => sb.submit(`${page}/pay`, { card });
const confirm = (token: string, id: string) =>
  sb.post<{ result_code: string; action: null; message: string; subscription?: Sub }>(
    `${API}/confirm-payment`,
    { session_id: id },
    token,
  );
const me = async (token: string) =>
  (await sb.get<{ type: 0 | 1; subscription: Sub | null }>('/webclient/account/profile', token)).body.data!;
const advance = (days: number) =>
  sb.post<{ now: string; renewals: number; ended: number; donation_renewals: number }>('/sandbox/clock', {
    advance_days: days,
  });
const payments = (email: string) =>
  sb.sandbox.db
    .prepare(
      `SELECT kind, amount_minor, currency, charged_at, session_id FROM subscription_payments
        WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY charged_at, id`,
    )
    .all(email) as {
    kind: string;
    amount_minor: number;
    currency: string;
    charged_at: string;
    session_id: string | null;
  }[];

const activeMonthly = (amount: number, end_date: string): Sub => ({
  recurring: 1,
  canceled: false,
  change_amount: false,
  current_amount: amount,
  next_amount: null,
  end_date,
  schedule_start_date: null,
});
const activeOneTime = (amount: number, end_date: string): Sub => ({ ...activeMonthly(amount, end_date), recurring: 0 });

describe('a monthly membership', () => {
  it('goes through subscribe, change amount, renewal, cancel and end', async () => {
    let grace = await login.grace();
    const { id, page } = await create(grace);
    expect((await pay(page)).location).toBe(`http://portal.test/#/subscription-success?session_id=${id}`);

    // Active monthly at $7 until one month later; type 1.
    expect((await confirm(grace, id)).body).toEqual(
      paid({ action: null, subscription: activeMonthly(7, '2026-02-10T12:00:00.000Z') }),
    );
    expect(await me(grace)).toMatchObject({ type: 1, subscription: activeMonthly(7, '2026-02-10T12:00:00.000Z') });
    expect(payments('listener@example.org')).toEqual([
      { kind: 'initial', amount_minor: 700, currency: 'USD', charged_at: '2026-01-10T12:00:00.000Z', session_id: id },
    ]);

    // Change to $25: pending until the renewal.
    const pending: Sub = {
      recurring: 1,
      canceled: true,
      change_amount: false,
      current_amount: 7,
      next_amount: 25,
      end_date: '2026-02-10T12:00:00.000Z',
      schedule_start_date: '2026-02-10T12:00:00.000Z',
    };
    const changed = await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 25 }, grace);
    expect(changed.body).toEqual({ status: 200, message: 'Amount changed.', data: { subscription: pending } });
    expect((await me(grace)).subscription).toEqual(pending);
    const again = await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 30 }, grace);
    expect(again.body).toEqual({
      status: 400,
      message: 'A change of amount is already waiting for your next renewal.',
      errorCode: 'change-amount-subs',
    });

    // 31 days on: renewed at $25 (Paul, seeded at the same moment, renews too).
    const moved = await advance(31);
    expect(moved.body).toEqual({
      status: 200,
      message: 'The sandbox clock moved forward 31 days.',
      data: { now: '2026-02-10T12:00:00.000Z', renewals: 2, ended: 0, donation_renewals: 1 }, // and Paul's monthly gift
    });
    grace = await login.grace(); // 31 days of sandbox time expired the access token
    expect(await me(grace)).toMatchObject({ type: 1, subscription: activeMonthly(25, '2026-03-10T12:00:00.000Z') });
    expect(payments('listener@example.org').map((p) => [p.kind, p.amount_minor, p.charged_at])).toEqual([
      ['initial', 700, '2026-01-10T12:00:00.000Z'],
      ['renewal', 2500, '2026-02-10T12:00:00.000Z'],
    ]);

    // Cancel: premium kept until end_date, no renewal.
    const canceled: Sub = {
      recurring: 1,
      canceled: true,
      change_amount: true,
      current_amount: 25,
      next_amount: null,
      end_date: '2026-03-10T12:00:00.000Z',
      schedule_start_date: null,
    };
    const cancel = await sb.post(`${API}/cancel-subscription`, {}, grace);
    expect(cancel.body).toEqual({ status: 200, message: 'Membership canceled.', data: { subscription: canceled } });
    expect(await me(grace)).toMatchObject({ type: 1, subscription: canceled });
    expect((await sb.post(`${API}/cancel-subscription`, {}, grace)).body).toEqual({
      status: 400,
      message: 'There is no monthly membership to cancel.',
      errorCode: null,
    });
    expect((await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 9 }, grace)).body).toMatchObject({
      status: 400,
      message: 'Only monthly members can change the amount.',
      errorCode: 'change-amount-subs',
    });

    // Past end_date: gone, free again; no renewal charged.
    expect((await advance(27)).body.data).toMatchObject({ renewals: 0, ended: 0 });
    expect((await advance(1)).body.data).toEqual({
      now: '2026-03-10T12:00:00.000Z',
      renewals: 1,
      ended: 1,
      donation_renewals: 0,
    }); // Paul renews
    grace = await login.grace();
    expect(await me(grace)).toMatchObject({ type: 0, subscription: null });
    expect(payments('listener@example.org')).toHaveLength(2);

    // Free again: a new monthly membership may start.
    const next = await create(grace, { amount: 3 });
    await pay(next.page);
    expect((await confirm(grace, next.id)).body.data!.subscription).toEqual(
      activeMonthly(3, '2026-04-10T12:00:00.000Z'),
    );
  });

  it('renews every month that passed, in date order, at the current amount', async () => {
    const res = await advance(95); // Jan 10 + 95 days = Apr 15
    expect(res.body.data).toEqual({ now: '2026-04-15T12:00:00.000Z', renewals: 3, ended: 0, donation_renewals: 3 });
    expect(payments('partner@example.org').map((p) => [p.kind, p.amount_minor, p.charged_at])).toEqual([
      ['initial', 500, '2026-01-10T12:00:00.000Z'],
      ['renewal', 500, '2026-02-10T12:00:00.000Z'],
      ['renewal', 500, '2026-03-10T12:00:00.000Z'],
      ['renewal', 500, '2026-04-10T12:00:00.000Z'],
    ]);
    expect(await me(await login.paul())).toMatchObject({
      type: 1,
      subscription: activeMonthly(5, '2026-05-10T12:00:00.000Z'),
    });
  });

  it('cancels a pending change too, and checks change-amount input with its errorCode', async () => {
    const paul = await login.paul();
    const bad = [
      [{ currency: 'USD', amount: 0.5 }, /^amount: must be between \$1\.00 and \$100\.00 a month$/],
      [{ currency: 'USD', amount: 101 }, /^amount: must be between/],
      [{ currency: 'USD', amount: 10.005 }, /^amount: must have at most 2 decimals$/],
      [{ currency: 'USD', amount: '10' }, /^amount: must be a number$/],
      [{ currency: 'USD', amount: 5 }, /^amount: is already your monthly amount$/],
      [{ currency: 'EUR', amount: 10 }, /^currency: must be USD$/],
    ] as const;
    for (const [json, message] of bad) {
      const res = await sb.post(`${API}/change-amount`, json, paul);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('change-amount-subs');
      expect(res.body.message).toMatch(message);
    }
    expect((await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 10 }, paul)).status).toBe(200);
    const canceled = await sb.post<{ subscription: Sub }>(`${API}/cancel-subscription`, {}, paul);
    expect(canceled.body.data!.subscription).toMatchObject({
      canceled: true,
      change_amount: true,
      current_amount: 5,
      next_amount: null,
      schedule_start_date: null,
    });
    const free = await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 10 }, await login.grace());
    expect(free.body).toEqual({
      status: 400,
      message: 'Only monthly members can change the amount.',
      errorCode: 'change-amount-subs',
    });
  });

  it('grants nothing for declined cards, and grants after 3-D Secure', async () => {
    const grace = await login.grace();
    const declined = await create(grace);
    expect((await pay(declined.page, '4000 0000 0000 0002')).location).toContain(declined.id); // back to success_url
    expect((await confirm(grace, declined.id)).body.data).toEqual({
      result_code: 'Refused',
      action: null,
      message: 'Your card was declined.',
    });
    expect(await me(grace)).toMatchObject({ type: 0, subscription: null });

    const secure = await create(grace, { amount: 12 });
    await pay(secure.page, '4000 0025 0000 3155');
    expect((await confirm(grace, secure.id)).body.data).toMatchObject({ result_code: 'Pending' });
    await sb.submit(`${secure.page}/authenticate`, { outcome: 'complete' });
    expect((await confirm(grace, secure.id)).body.data!.subscription).toEqual(
      activeMonthly(12, '2026-02-10T12:00:00.000Z'),
    );
    expect(
      sb.sandbox.db
        .prepare(
          "SELECT card_last4 FROM subscriptions WHERE user_id = (SELECT id FROM users WHERE email = 'listener@example.org')",
        )
        .pluck()
        .get(),
    ).toBe('3155');
  });
});

describe('a one-time membership', () => {
  it('lasts the months bought, extends when bought again, then ends', async () => {
    let ada = await login.ada();
    const first = await create(ada, { identifier: 'premium_one_time', recurring: 0, interval: 3, amount: 15 });
    await pay(first.page);
    const oneTime = activeOneTime(15, '2026-04-10T12:00:00.000Z');
    expect((await confirm(ada, first.id)).body.data!.subscription).toEqual(oneTime);
    expect(await me(ada)).toMatchObject({ type: 1, subscription: oneTime });
    expect((await sb.post(`${API}/cancel-subscription`, {}, ada)).body.message).toBe(
      'There is no monthly membership to cancel.',
    );
    expect((await sb.post(`${API}/change-amount`, { currency: 'USD', amount: 9 }, ada)).body.errorCode).toBe(
      'change-amount-subs',
    );
    const update = await sb.post(
      `${API}/update-payment-create-session`,
      { success_url: SUCCESS, failed_url: FAILED, cancel_url: CANCEL },
      ada,
    );
    expect(update.body).toEqual({
      status: 400,
      message: 'There is no monthly membership to update.',
      errorCode: 'update-payment',
    });

    // One more month by WeChat Pay: end_date moves one month further.
    const more = await create(
      ada,
      { identifier: 'premium_one_time', recurring: 0, interval: 1, amount: 2 },
      'wechat/create-session',
    );
    await sb.submit(`${more.page}/pay`);
    expect((await confirm(ada, more.id)).body.data!.subscription).toEqual({
      ...oneTime,
      current_amount: 2,
      end_date: '2026-05-10T12:00:00.000Z',
    });
    expect(payments('admin@example.org').map((p) => [p.kind, p.amount_minor])).toEqual([
      ['one-time', 1500],
      ['one-time', 200],
    ]);

    expect((await advance(119)).body.data).toMatchObject({ ended: 0 }); // May 9
    expect((await advance(1)).body.data).toMatchObject({ now: '2026-05-10T12:00:00.000Z', ended: 1 });
    ada = await login.ada();
    expect(await me(ada)).toMatchObject({ type: 0, subscription: null });
  });
});

describe('PayMongo e-wallets (PH, one-time)', () => {
  const source = (token: string, overrides: Record<string, unknown> = {}) =>
    sb.post<{ success: boolean; checkout_url: string; data: { id: string } }>(
      `${API}/paymongo/create-source`,
      {
        type: 'gcash',
        currency: 'PHP',
        amount: 870,
        interval: 3,
        identifier: 'premium_one_time',
        success_url: SUCCESS,
        failed_url: FAILED,
        ...overrides,
      },
      token,
    );
  const confirmSource = (token: string, id: string) =>
    sb.post<{ result_code: string; message: string; subscription: Sub }>(
      `${API}/paymongo/confirm-payment`,
      { source_id: id },
      token,
    );

  it('creates a source, is not confirmed before authorising, and is Authorised after', async () => {
    const maria = await login.maria();
    const res = await source(maria); // $15 for 3 months x 58 = ₱870.00
    const id = res.body.data!.data.id;
    expect(res.body).toEqual({
      status: 200,
      message: 'Payment source created.',
      data: { success: true, checkout_url: `http://portal.test/sandbox/paymongo/${id}`, data: { id } },
    });
    const stored = sb.sandbox.db
      .prepare('SELECT kind, method, currency, amount_minor, payload FROM checkout_sessions WHERE id = ?')
      .get(id);
    expect(stored).toEqual({
      kind: 'subscription',
      method: 'gcash',
      currency: 'PHP',
      amount_minor: 87000,
      payload: JSON.stringify({ identifier: 'premium-one-time', recurring: 0, interval: 3, amount: 15 }),
    });
    expect((await sb.get(`/sandbox/paymongo/${id}`)).text).toContain('₱870.00');

    expect((await confirmSource(maria, id)).body).toEqual({
      status: 400,
      message: 'The e-wallet payment is not confirmed yet.',
      errorCode: 'error-paymongo-confirm',
    });
    expect((await confirm(maria, id)).body.data).toMatchObject({ result_code: 'Pending' }); // the card confirm says Pending

    expect((await sb.submit(`/sandbox/paymongo/${id}/authorize`)).location).toBe(
      `http://portal.test/#/subscription-success?session_id=${id}`,
    );
    const done = await confirmSource(maria, id);
    expect(done.body).toEqual(paid({ subscription: activeOneTime(15, '2026-04-10T12:00:00.000Z') }));
    expect(await me(maria)).toMatchObject({ type: 1 });
    expect(payments('manila@example.org').map((p) => [p.kind, p.amount_minor, p.currency])).toEqual([
      ['one-time', 87000, 'PHP'],
    ]);
  });

  it('sends a failed payment to failed_url and answers 400 without errorCode', async () => {
    const maria = await login.maria();
    const id = (await source(maria, { type: 'grab_pay', amount: 116, interval: 2 })).body.data!.data.id; // $2 x 58
    expect((await sb.submit(`/sandbox/paymongo/${id}/fail`)).location).toBe(
      `http://portal.test/#/transaction-failed?source=${id}`,
    );
    expect((await confirmSource(maria, id)).body).toEqual({
      status: 400,
      message: 'The e-wallet payment failed.',
      errorCode: null,
    });
    expect(await me(maria)).toMatchObject({ type: 0, subscription: null });
  });

  it('checks the peso amount, months, plan and country', async () => {
    const maria = await login.maria();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: 871 }, /^amount: must be the dollar amount times the plan rate/],
      [{ amount: 870.005 }, /^amount: must have at most 2 decimals$/],
      [{ amount: 100 }, /^amount: must be between \$3\.00 and \$10,000\.00 for 3 months$/],
      [{ amount: -1 }, /^amount: must be between/],
      [{ amount: 0 }, /^amount: must be between/],
      [{ amount: 1e9 }, /^amount: must be between/],
      [{ interval: 1, amount: 290 }, /^interval: 1 month is not available in your country$/],
      [{ identifier: 'premium_monthly' }, /^identifier: e-wallets pay for one-time memberships only$/],
      [{ currency: 'USD' }, /^currency: must be PHP$/],
      [{ type: 'wechat' }, /^type: must be one of "gcash", "grab_pay"$/],
      [{ failed_url: 'https://evil.test/' }, /^failed_url: must point to the portal$/],
    ];
    for (const [json, message] of cases) {
      const res = await source(maria, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message, JSON.stringify(json)).toMatch(message);
    }
    expect((await source(maria, { amount: 425.14, interval: 6 })).status).toBe(200); // $7.33 x 58
    expect((await source(await login.grace())).body.message).toBe('type: not available in your country');
  });
});

describe('updating the card of a monthly membership', () => {
  it('saves the card on the hosted checkout, and sends a declined card to failed_url', async () => {
    const paul = await login.paul();
    const body = { success_url: SUCCESS, failed_url: FAILED, cancel_url: CANCEL };
    const res = await sb.post<{ id: string; checkout_url: string }>(`${API}/update-payment-create-session`, body, paul);
    expect(res.body.data!.id).toMatch(/^cs_/);
    expect(res.body).toEqual(sessionCreated(res.body.data!.id));
    const page = new URL(res.body.data!.checkout_url).pathname;
    const view = (await sb.get(page)).text;
    for (const text of [
      'Update the card for your monthly membership',
      'Card number',
      '>Save card</button>',
      'Nothing is charged now.',
    ]) {
      expect(view).toContain(text);
    }
    expect(view).not.toContain('>Pay</button>');

    const declined = await sb.submit(`${page}/pay`, { card: '4000 0000 0000 9995' });
    expect(declined.location).toBe(`http://portal.test/#/transaction-failed?source=${res.body.data!.id}`);
    expect(
      sb.sandbox.db.prepare('SELECT status, result_message FROM checkout_sessions WHERE id = ?').get(res.body.data!.id),
    ).toEqual({ status: 'refused', result_message: 'Your card has insufficient funds.' });

    const second = await sb.post<{ id: string; checkout_url: string }>(
      `${API}/update-payment-create-session`,
      body,
      paul,
    );
    const saved = await sb.submit(`${new URL(second.body.data!.checkout_url).pathname}/pay`, {
      card: '4000 0025 0000 3155',
    });
    await sb.submit(`${saved.location}`, { outcome: 'complete' });
    const card = () =>
      sb.sandbox.db
        .prepare(
          "SELECT card_last4 FROM subscriptions WHERE user_id = (SELECT id FROM users WHERE email = 'partner@example.org')",
        )
        .pluck()
        .get();
    expect(card()).toBe('3155');
    const third = await sb.post<{ id: string; checkout_url: string }>(
      `${API}/update-payment-create-session`,
      body,
      paul,
    );
    expect((await sb.submit(`${new URL(third.body.data!.checkout_url).pathname}/pay`, { card: CARD })).location).toBe(
      `http://portal.test/#/subscription-success?session_id=${third.body.data!.id}`,
    );
    expect(card()).toBe('4242');
    expect(payments('partner@example.org')).toHaveLength(1); // saving a card charges nothing
    expect(await me(paul)).toMatchObject({ type: 1, subscription: activeMonthly(5, '2026-02-10T12:00:00.000Z') });
  });

  it('refuses people without a monthly membership', async () => {
    const res = await sb.post(
      `${API}/update-payment-create-session`,
      { success_url: SUCCESS, failed_url: FAILED, cancel_url: CANCEL },
      await login.grace(),
    );
    expect(res.body).toEqual({
      status: 400,
      message: 'There is no monthly membership to update.',
      errorCode: 'update-payment',
    });
  });
});

describe('granting exactly once', () => {
  it('grants once under double pay, concurrent pays, repeated confirms and a replayed webhook', async () => {
    const grace = await login.grace();
    const { id, page } = await create(grace, { amount: 9 });
    const submits = await Promise.all([pay(page), pay(page), pay(page)]);
    expect(submits.every((s) => s.status === 303)).toBe(true);
    await pay(page); // a later double submit just redirects
    const answers = await Promise.all([confirm(grace, id), confirm(grace, id), confirm(grace, id)]);
    for (const a of answers) expect(a.body.data!.subscription).toEqual(activeMonthly(9, '2026-02-10T12:00:00.000Z'));
    fulfilPaidSession(sb.sandbox.db, id, new Date('2026-01-10T13:00:00Z'), MEMBERSHIP_GRANTS);
    expect(payments('listener@example.org')).toHaveLength(1);
    expect((await me(grace)).subscription).toEqual(activeMonthly(9, '2026-02-10T12:00:00.000Z'));
    // A second session created before the first was paid cannot be started now.
    const res = await sb.post(`${API}/create-session`, membershipOrder({ amount: 9 }), grace);
    expect(res.body.message).toBe('You already have a monthly membership.');
  });

  it('does not lose paid time when two sessions opened before either was paid are both paid', async () => {
    const ada = await login.ada();
    const a = await create(ada, { amount: 4 });
    const b = await create(ada, { amount: 6 });
    await pay(a.page);
    await pay(b.page);
    expect((await me(ada)).subscription).toEqual(activeMonthly(6, '2026-03-10T12:00:00.000Z'));
    expect(payments('admin@example.org').map((p) => p.amount_minor)).toEqual([400, 600]);
  });
});
