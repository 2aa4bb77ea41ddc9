// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardLast4, checkValidationUrl, walletDecision } from './apple-pay.js';
import { REDEMPTION_CODE_PATTERN } from '../credits/redemption-codes.js';
import { paid, startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
let grace: string;
beforeEach(async () => {
  sb = await startSandbox();
  grace = await sb.login('listener@example.org', 'listen-2026');
});
afterEach(async () => {
  await sb.stop();
});

const VALIDATE = '/webclient/apple-pay/validate';
const AUTH = '/webclient/apple-pay/authPayment';
const balance = (email: string) =>
  sb.sandbox.db.prepare('SELECT credit_balance FROM users WHERE email = ?').pluck().get(email) as number;
const rows = (sql: string, ...args: unknown[]) => sb.sandbox.db.prepare(sql).all(...args) as Record<string, unknown>[];

function payment(overrides: Record<string, unknown> = {}, token: Record<string, unknown> = {}) {
  return {
    token: {
      paymentData: { version: 'EC_v1', data: 'c2FuZGJveA==', signature: 'c2ln', header: { transactionId: 'abc' } },
      paymentMethod: { displayName: 'Visa 0121', network: 'Visa', type: 'debit' },
      transactionIdentifier: 'A1B2C3D4E5F6',
      ...token,
    },
    identifier: 'credits_100',
    purchasefor: 1,
    amount: 10,
    currency: 'USD',
    ...overrides,
  };
}

describe('POST /webclient/apple-pay/validate', () => {
  it('answers a fake merchant session as JSON text in data.data', async () => {
    const res = await sb.post<{ data: string }>(
      VALIDATE,
      { validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
      grace,
    );
    expect(res.status).toBe(200);
    const session = JSON.parse(res.body.data!.data) as Record<string, unknown>;
    expect(session).toEqual({
      epochTimestamp: Date.parse('2026-01-10T12:00:00.000Z'),
      expiresAt: Date.parse('2026-01-10T13:00:00.000Z'),
      merchantSessionIdentifier: expect.stringMatching(/^SSH[0-9A-F]{32}_[0-9A-F]{32}$/),
      nonce: expect.stringMatching(/^[0-9a-f]{8}$/),
      merchantIdentifier: expect.stringMatching(/^[0-9A-F]{64}$/),
      domainName: 'portal.test',
      displayName: 'Sacred Music Portal (sandbox)',
      signature: expect.any(String),
    });
  });

  it('accepts only https URLs of Apple hosts, and needs a session', async () => {
    const bad = [
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com.evil.example/x',
      'https://evil.example/?u=https://apple-pay-gateway.apple.com',
      'https://user:pw@apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway.apple.com:8443/x',
      'https://apple.com/x',
      'https://127.0.0.1/x',
      'not a url',
    ];
    for (const validationUrl of bad) {
      const res = await sb.post(VALIDATE, { validationUrl }, grace);
      expect(res.body, validationUrl).toEqual({
        status: 400,
        message: 'validationUrl: must be an https URL of an Apple Pay server (*.apple.com)',
        errorCode: null,
      });
    }
    expect(checkValidationUrl('https://cn-apple-pay-gateway.apple.com/paymentservices/paymentSession').ok).toBe(true);
    expect(checkValidationUrl('https://apple.com.evil.example/x').ok).toBe(false);
    expect((await sb.post(VALIDATE, {}, grace)).body).toMatchObject({
      status: 400,
      message: 'validationUrl: is required',
    });
    expect((await sb.post(VALIDATE, { validationUrl: 'https://apple-pay-gateway.apple.com/x' })).status).toBe(401);
  });
});

describe('POST /webclient/apple-pay/authPayment', () => {
  it('grants the credits once, through the card payments’ grant, as purchase_channel apple_pay', async () => {
    const res = await sb.post(AUTH, payment(), grace);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(paid({ action: null, credit_balance: 220 }));
    expect(balance('listener@example.org')).toBe(220);
    const [session] = rows("SELECT * FROM checkout_sessions WHERE method = 'apple_pay'");
    expect(session).toMatchObject({
      kind: 'credit',
      status: 'paid',
      currency: 'USD',
      amount_minor: 1000,
      card_last4: '0121',
    });
    expect(session!.fulfilled_at).not.toBeNull();
    expect(
      rows(
        'SELECT purchase_channel, amount_credit, final_amount_minor, redemption_code FROM credit_transactions WHERE session_id = ?',
        session!.id,
      ),
    ).toEqual([{ purchase_channel: 'apple_pay', amount_credit: 100, final_amount_minor: 1000, redemption_code: null }]);
    // it shows in the person's history
    const history = await sb.get<{ data: { purchase_channel: string; trx_ref: string }[] }>(
      '/webclient/account/transaction-history',
      grace,
    );
    expect(history.body.data!.data[0]).toMatchObject({ purchase_channel: 'apple_pay', trx_ref: session!.id });
    // the wallet's sessions have no hosted page
    expect((await sb.call('GET', `/sandbox/checkout/${session!.id as string}`)).status).toBe(404);
  });

  it('answers a replayed transaction with its first result and grants nothing', async () => {
    const first = await sb.post(AUTH, payment(), grace);
    const replay = await sb.post(AUTH, payment({ identifier: 'credits_1000', amount: 100 }), grace);
    expect(replay.body).toEqual(first.body);
    expect(balance('listener@example.org')).toBe(220);
    expect(rows("SELECT id FROM checkout_sessions WHERE method = 'apple_pay'")).toHaveLength(1);
    // someone else presenting the same transaction learns nothing and gets nothing
    const maria = await sb.login('manila@example.org', 'manila-2026');
    expect((await sb.post(AUTH, payment(), maria)).body).toEqual({
      status: 409,
      message: 'This payment was already processed.',
      errorCode: null,
    });
    expect(balance('manila@example.org')).toBe(0);
  });

  it('buys a gift code for someone else, leaving the balance', async () => {
    const res = await sb.post<{ redemption_code: string; credit_balance: number }>(
      AUTH,
      payment({ purchasefor: 2, identifier: 'credits_50', amount: 5 }),
      grace,
    );
    expect(res.body.data).toMatchObject({ result_code: 'Authorised', credit_balance: 120 });
    expect(res.body.data!.redemption_code).toMatch(REDEMPTION_CODE_PATTERN);
    const replay = await sb.post<{ redemption_code: string }>(
      AUTH,
      payment({ purchasefor: 2, identifier: 'credits_50', amount: 5 }),
      grace,
    );
    expect(replay.body.data!.redemption_code).toBe(res.body.data!.redemption_code);
    expect(rows('SELECT code FROM redemption_codes WHERE code = ?', res.body.data!.redemption_code)).toHaveLength(1);
  });

  it('refuses a declined token, records the refusal, and a replay stays refused', async () => {
    const declined = payment({}, { paymentData: { sandbox_result: 'decline' }, transactionIdentifier: 'DECLINED-1' });
    const res = await sb.post(AUTH, declined, grace);
    expect(res.body).toEqual({
      status: 200,
      message: 'Your card was declined.',
      data: { result_code: 'Refused', action: null, message: 'Your card was declined.' },
    });
    expect(balance('listener@example.org')).toBe(120);
    expect(rows("SELECT status, result_message FROM checkout_sessions WHERE method = 'apple_pay'")).toEqual([
      { status: 'refused', result_message: 'Your card was declined.' },
    ]);
    expect(rows('SELECT COUNT(*) AS n FROM credit_transactions WHERE purchase_channel = ?', 'apple_pay')).toEqual([
      { n: 0 },
    ]);
    const again = await sb.post(AUTH, payment({}, { transactionIdentifier: 'DECLINED-1' }), grace);
    expect(again.body).toEqual(res.body);
    expect(balance('listener@example.org')).toBe(120);
    // paymentData as JSON text decides the same way
    const text = await sb.post<{ result_code: string; message: string }>(
      AUTH,
      payment({}, { paymentData: '{"sandbox_result":"insufficient_funds"}', transactionIdentifier: 'NOFUNDS-1' }),
      grace,
    );
    expect(text.body.data).toMatchObject({ result_code: 'Refused', message: 'Your card has insufficient funds.' });
  });

  it('prices on the server: the identifier must be in the person’s list and the amount and currency must match', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ identifier: 'credits_100_ph' }, 'identifier: unknown credit option'],
      [{ identifier: 'credits_7' }, 'identifier: unknown credit option'],
      [{ amount: 9.99 }, 'The price has changed. Please choose again.'],
      [{ amount: 10.001 }, 'amount: must have at most 2 decimals'],
      [{ currency: 'EUR' }, 'The price has changed. Please choose again.'],
      [{ purchasefor: 3 }, 'purchasefor: must be one of 1, 2'],
      [{ amount: '10' }, 'amount: must be a number'],
    ];
    for (const [overrides, message] of cases) {
      const res = await sb.post(
        AUTH,
        payment(overrides, { transactionIdentifier: `T-${JSON.stringify(overrides).length}-${message.length}` }),
        grace,
      );
      expect(res.body, JSON.stringify(overrides)).toEqual({ status: 400, message, errorCode: null });
    }
    expect((await sb.post(AUTH, payment({}, { transactionIdentifier: '' }), grace)).body).toMatchObject({
      status: 400,
      message: 'token.transactionIdentifier: is required',
    });
    expect((await sb.post(AUTH, payment({}, { paymentData: null }), grace)).body).toMatchObject({
      status: 400,
      message: 'token.paymentData: is required',
    });
    expect(
      (await sb.post(AUTH, { identifier: 'credits_100', purchasefor: 1, amount: 10, currency: 'USD' }, grace)).body,
    ).toMatchObject({ status: 400, message: 'token: is required' });
    expect(balance('listener@example.org')).toBe(120);
    expect(rows('SELECT * FROM wallet_payments')).toHaveLength(0); // a refused request uses up no transaction
    // Philippine listeners pay the listed USD price with the wallet
    const maria = await sb.login('manila@example.org', 'manila-2026');
    const ph = await sb.post(AUTH, payment({ identifier: 'credits_100_ph' }, { transactionIdentifier: 'PH-1' }), maria);
    expect(ph.body).toMatchObject({ status: 200, data: { result_code: 'Authorised', credit_balance: 100 } });
    expect((await sb.post(AUTH, payment())).status).toBe(401);
  });

  it('reads the sandbox decision and the card digits from the token', () => {
    expect(walletDecision({ sandbox_result: 'decline' })).toEqual({ paid: false, message: 'Your card was declined.' });
    expect(walletDecision('{"sandbox_result":"decline"}')).toEqual({ paid: false, message: 'Your card was declined.' });
    expect(walletDecision({ version: 'EC_v1' })).toEqual({ paid: true });
    expect(walletDecision('not json')).toEqual({ paid: true });
    expect(cardLast4({ displayName: 'MasterCard 4444' })).toBe('4444');
    expect(cardLast4({ displayName: 'Visa' })).toBeNull();
    expect(cardLast4(undefined)).toBeNull();
  });
});
