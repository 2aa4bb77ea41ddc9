// @vitest-environment node
// The hosted checkout pages and the payment flows end to end: create, pay on the page, confirm.
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../core/csp.js';
import { REDEMPTION_CODE_PATTERN } from '../credits/redemption-codes.js';
import { creditOrder, paid, startSandbox } from '../../test-support.js';

const API = '/webclient/in-web-purchase';

const sb = await startSandbox();
afterAll(() => sb.stop());
const [us, ph] = await sb.signIn('grace', 'maria'); // Grace: US, 120 credits. Maria: PH, no credits.

const create = async (token: string, overrides: Record<string, unknown> = {}, path = 'create-session') => {
  const cancel_url = 'http://portal.test/#/transaction-failed?cancelled={CHECKOUT_SESSION_ID}';
  const { id, page } = await sb.checkout(token, creditOrder({ cancel_url, ...overrides }), `${API}/${path}`);
  return { id, page, success: `http://portal.test/#/transaction-success?session_id=${id}` };
};

const confirm = (token: string, id: string) =>
  sb.post<{ result_code: string; action: null; message: string; credit_balance?: number; redemption_code?: string }>(
    `${API}/confirm-transaction-session`,
    { session_id: id },
    token,
  );
const balance = (email: string) =>
  sb.sandbox.db.prepare('SELECT credit_balance FROM users WHERE email = ?').pluck().get(email);
const trxCount = () => sb.sandbox.db.prepare('SELECT COUNT(*) FROM credit_transactions').pluck().get();

describe.each(['/webclient/in-web-purchase', '/webclient/subscription'])('%s/payment-methods', (api) => {
  it('offers card and WeChat Pay everywhere, and the e-wallets in PH (the profile decides)', async () => {
    const base = [
      { id: 'credit_card', name: 'Credit / Debit Card' },
      { id: 'wechat', name: 'WeChat Pay' },
    ];
    expect((await sb.post(`${api}/payment-methods`, {}, us)).body.data).toEqual(base);
    expect((await sb.post(`${api}/payment-methods`, { country: 'PH' }, us)).body.data).toEqual(base);
    expect((await sb.post(`${api}/payment-methods`, {}, ph)).body.data).toEqual([
      ...base,
      { id: 'gcash', name: 'GCash' },
      { id: 'grab_pay', name: 'GrabPay' },
    ]);
  });
});

describe('the checkout page', () => {
  it('shows what is paid for, the amount, the card field and the buttons', async () => {
    const { page } = await create(us);
    const res = await sb.get(page);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Its form leads back to the portal (http://portal.test), and nowhere else: checkout-return.test.ts.
    expect(res.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy({ formAction: ['http://portal.test'] }),
    );
    for (const text of [
      'Sandbox Checkout',
      '100 Credits',
      '$10.00',
      '<label for="card">Card number</label>',
      '4242 4242 4242 4242',
      '>Pay</button>',
      '>Cancel</button>',
    ]) {
      expect(res.text).toContain(text);
    }
    expect(res.text).not.toMatch(/<script|\son\w+=/i);
  });

  it('shows WeChat Pay without a card field', async () => {
    const { page } = await create(us, {}, 'wechat/create-session');
    const res = await sb.get(page);
    expect(res.text).toContain('WeChat Pay');
    expect(res.text).not.toContain('Card number');
  });

  it("answers 404 pages for unknown sessions and the other provider's sessions", async () => {
    for (const path of ['/sandbox/checkout/cs_unknown', '/sandbox/paymongo/cs_unknown']) {
      const res = await sb.get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Payment session not found');
    }
    expect((await sb.submit('/sandbox/checkout/cs_unknown/pay', { card: '4242424242424242' })).status).toBe(404);
    const card = await create(us);
    expect((await sb.get(`/sandbox/paymongo/${card.id}`)).status).toBe(404);
    const wallet = await create(ph, { identifier: 'credits_100_ph', method: 'gcash' });
    expect((await sb.get(`/sandbox/checkout/${wallet.id}`)).status).toBe(404);
    expect((await sb.submit(`/sandbox/checkout/${wallet.id}/pay`, { card: '4242424242424242' })).status).toBe(404);
  });

  it('re-shows the page for a card that is not a test card', async () => {
    const { id, page } = await create(us);
    const res = await sb.submit(`${page}/pay`, { card: '4111 1111 1111 1111' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Use a Stripe test card number, such as 4242 4242 4242 4242.');
    expect(res.text).toContain('Card number');
    expect((await confirm(us, id)).body.message).toBe('This payment has not been completed.');
  });
});

describe('card payments', () => {
  it('4242 tops up once, however often pay and confirm are repeated', async () => {
    const before = trxCount();
    const { id, page, success } = await create(us);
    const first = await sb.submit(`${page}/pay`, { card: '4242 4242 4242 4242' });
    expect(first.status).toBe(303);
    expect(first.location).toBe(success);
    // Granted when paid, as a provider's webhook would, even if the person never comes back.
    expect(balance('listener@example.org')).toBe(220);
    expect(trxCount()).toBe((before as number) + 1);
    const second = await sb.submit(`${page}/pay`, { card: '4242 4242 4242 4242' }); // double submit
    expect(second.status).toBe(303);
    expect(second.location).toBe(success);
    for (let i = 0; i < 3; i++) {
      const res = await confirm(us, id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(paid({ action: null, credit_balance: 220 }));
    }
    expect(balance('listener@example.org')).toBe(220);
    expect(trxCount()).toBe((before as number) + 1);
    const trx = sb.sandbox.db.prepare('SELECT * FROM credit_transactions WHERE session_id = ?').get(id);
    expect(trx).toMatchObject({
      trx_ref: id,
      purchase_channel: 'card',
      amount_credit: 100,
      final_currency: 'USD',
      final_amount_minor: 1000,
      redemption_code: null,
    });
    // the page now shows the state and the way back
    const shown = await sb.get(page);
    expect(shown.text).toContain('This payment is complete.');
    expect(shown.text).toContain(`href="http://portal.test/#/transaction-success?session_id=${id}"`);
    expect((await sb.submit(`${page}/cancel`)).status).toBe(409);
  });

  it('a gift makes a unique redemption code and leaves the balance alone', async () => {
    const start = balance('listener@example.org') as number;
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { id, page } = await create(us, { purchasefor: 2, identifier: 'credits_50', credit: 50, amount: 5 });
      expect((await sb.get(page)).text).toContain('50 Credits (gift code)');
      await sb.submit(`${page}/pay`, { card: '4242424242424242' });
      const one = await confirm(us, id);
      const two = await confirm(us, id);
      expect(one.body.data).toEqual({
        result_code: 'Authorised',
        action: null,
        message: 'Payment successful.',
        credit_balance: start,
        redemption_code: expect.any(String),
      });
      expect(one.body.data!.redemption_code).toMatch(REDEMPTION_CODE_PATTERN);
      expect(two.body.data).toEqual(one.body.data);
      codes.push(one.body.data!.redemption_code!);
    }
    expect(new Set(codes).size).toBe(2);
    expect(balance('listener@example.org')).toBe(start);
    const stored = sb.sandbox.db
      .prepare('SELECT credits, redeemed_by FROM redemption_codes WHERE code = ?')
      .get(codes[0]);
    expect(stored).toEqual({ credits: 50, redeemed_by: null });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s is refused with its message and adds nothing', async (card, message) => {
    const start = balance('listener@example.org');
    const trx = trxCount();
    const { id, page, success } = await create(us);
    const res = await sb.submit(`${page}/pay`, { card });
    expect(res.status).toBe(303);
    expect(res.location).toBe(success);
    for (let i = 0; i < 2; i++) {
      expect((await confirm(us, id)).body).toEqual({
        status: 200,
        message,
        data: { result_code: 'Refused', action: null, message },
      });
    }
    expect(balance('listener@example.org')).toBe(start);
    expect(trxCount()).toBe(trx);
    // a refused session cannot be paid afterwards
    const retry = await sb.submit(`${page}/pay`, { card: '4242424242424242' });
    expect(retry.status).toBe(409);
    expect(retry.text).toContain(`This payment was refused: ${message}`);
    expect((await confirm(us, id)).body.data!.result_code).toBe('Refused');
  });

  it('3155 is Pending until authentication completes', async () => {
    const start = balance('listener@example.org') as number;
    const { id, page, success } = await create(us);
    const pay = await sb.submit(`${page}/pay`, { card: '4000 0025 0000 3155' });
    expect(pay.status).toBe(303);
    expect(pay.location).toBe(`${page}/authenticate`);
    const pending = { result_code: 'Pending', action: null, message: 'Your payment is waiting for authorisation.' };
    expect((await confirm(us, id)).body.data).toEqual(pending);
    const challenge = await sb.get(`${page}/authenticate`);
    for (const text of ['Authenticate payment', 'Complete authentication', 'Fail authentication', 'Decide later']) {
      expect(challenge.text).toContain(text);
    }
    // paying again goes back to the challenge; deciding later keeps it pending
    expect((await sb.submit(`${page}/pay`, { card: '4242424242424242' })).location).toBe(`${page}/authenticate`);
    const later = await sb.submit(`${page}/authenticate`, { outcome: 'later' });
    expect(later.location).toBe(success);
    expect((await confirm(us, id)).body.data).toEqual(pending);
    expect((await sb.get(page)).text).toContain('This payment is waiting for authentication.');
    expect((await sb.submit(`${page}/cancel`)).status).toBe(409);
    expect(balance('listener@example.org')).toBe(start);

    const done = await sb.submit(`${page}/authenticate`, { outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(success);
    expect((await confirm(us, id)).body.data).toMatchObject({ result_code: 'Authorised', credit_balance: start + 100 });
    expect((await sb.submit(`${page}/authenticate`, { outcome: 'complete' })).location).toBe(success);
    const after = await fetch(`${sb.url}${page}/authenticate`, { redirect: 'manual' });
    expect([after.status, after.headers.get('location')]).toEqual([303, page]);
    expect(balance('listener@example.org')).toBe(start + 100);
  });

  it('a failed authentication is Refused as declined', async () => {
    const { id, page } = await create(us);
    await sb.submit(`${page}/pay`, { card: '4000002500003155' });
    expect((await sb.submit(`${page}/authenticate`, { outcome: 'bogus' })).status).toBe(400);
    expect((await sb.submit(`${page}/authenticate`, { outcome: 'fail' })).status).toBe(303);
    expect((await confirm(us, id)).body.data).toEqual({
      result_code: 'Refused',
      action: null,
      message: 'Your card was declined.',
    });
  });

  it('cancel returns to the cancel URL and confirms as Cancelled', async () => {
    const { id, page } = await create(us);
    const res = await sb.submit(`${page}/cancel`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`http://portal.test/#/transaction-failed?cancelled=${id}`);
    expect((await sb.submit(`${page}/cancel`)).status).toBe(303);
    expect((await confirm(us, id)).body.data).toEqual({
      result_code: 'Cancelled',
      action: null,
      message: 'The payment was canceled.',
    });
    expect((await sb.submit(`${page}/pay`, { card: '4242424242424242' })).status).toBe(409);
    expect((await sb.get(page)).text).toContain('This payment was canceled.');
  });

  it('WeChat Pay succeeds on Pay', async () => {
    const start = balance('listener@example.org') as number;
    const { id, page, success } = await create(us, {}, 'wechat/create-session');
    expect((await sb.submit(`${page}/pay`)).location).toBe(success);
    expect((await confirm(us, id)).body.data).toMatchObject({ result_code: 'Authorised', credit_balance: start + 100 });
    expect(
      sb.sandbox.db.prepare('SELECT purchase_channel FROM credit_transactions WHERE session_id = ?').pluck().get(id),
    ).toBe('wechat');
  });

  it('only takes form posts', async () => {
    const { page } = await create(us);
    const res = await sb.call('POST', `${page}/pay`, { json: { card: '4242424242424242' } });
    expect(res.status).toBe(415);
  });
});

describe('e-wallets (PayMongo)', () => {
  it('is Pending until authorised, then Authorised in pesos', async () => {
    const { id, page, success } = await create(ph, { identifier: 'credits_100_ph', method: 'gcash' });
    expect(page).toBe(`/sandbox/paymongo/${id}`);
    const shown = await sb.get(page);
    for (const text of ['PayMongo Test Payment', 'GCash', '₱580.00', 'Authorize Test Payment', 'Fail Test Payment']) {
      expect(shown.text).toContain(text);
    }
    expect((await confirm(ph, id)).body.data).toEqual({
      result_code: 'Pending',
      action: null,
      message: 'Your payment is waiting for authorisation.',
    });
    const res = await sb.submit(`${page}/authorize`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(success);
    expect((await sb.submit(`${page}/authorize`)).location).toBe(success);
    expect((await sb.submit(`${page}/fail`)).status).toBe(409);
    for (let i = 0; i < 2; i++) {
      expect((await confirm(ph, id)).body).toEqual(paid({ action: null, credit_balance: 100 }));
    }
    expect(
      sb.sandbox.db
        .prepare(
          'SELECT purchase_channel, final_currency, final_amount_minor FROM credit_transactions WHERE session_id = ?',
        )
        .get(id),
    ).toEqual({ purchase_channel: 'gcash', final_currency: 'PHP', final_amount_minor: 58000 });
  });

  it('a failed GrabPay payment is Refused', async () => {
    const { id, page } = await create(ph, {
      identifier: 'credits_50_ph',
      credit: 50,
      amount: 290,
      currency: 'PHP',
      method: 'grab_pay',
    });
    expect((await sb.get(page)).text).toContain('GrabPay');
    expect((await sb.get(page)).text).toContain('₱290.00');
    expect((await sb.submit(`${page}/fail`)).status).toBe(303);
    expect((await confirm(ph, id)).body.data).toEqual({
      result_code: 'Refused',
      action: null,
      message: 'The e-wallet payment failed.',
    });
    expect((await sb.submit(`${page}/authorize`)).status).toBe(409);
    expect(balance('manila@example.org')).toBe(100);
  });
});

describe('escaping', () => {
  it('escapes the return URL on the state page', async () => {
    const { page } = await create(us, {
      success_url: 'http://portal.test/#/x?q="><img src=x>&s={CHECKOUT_SESSION_ID}',
    });
    await sb.submit(`${page}/cancel`);
    const res = await sb.get(page);
    expect(res.text).not.toContain('<img');
    expect(res.text).toMatch(/href="http:\/\/portal\.test\/#\/x\?q=%22%3E%3Cimg%20src=x%3E&amp;s=cs_/);
  });
});
