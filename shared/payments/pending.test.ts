import { describe, expect, it } from 'vitest';
import { donationRow } from '../api/testing';
import { fakeDeps, ok, PROFILE, type Handler } from '../deps/testing';
import { createCheckout } from './engine';
import { creditCheckout } from './kinds/credit';
import { donationCheckout } from './kinds/donation';
import { createPendingPayment, takePaymentResult } from './pending';
import { recordsOf } from './records';

const CONFIRM = 'POST /webclient/subscription/paymongo/confirm-payment';
const notYet = {
  status: 400,
  body: { status: 400, message: 'Not confirmed yet', errorCode: 'error-paymongo-confirm' },
};

function pendingWith(method: string, routes: Record<string, Handler> = {}) {
  const deps = fakeDeps({ signedIn: true, routes: { 'GET /webclient/account/profile': ok(PROFILE), ...routes } });
  recordsOf(deps).write('payment-pending', {
    kind: 'subscription',
    sessionId: 'src_1',
    method,
    query: { session_id: 'src_1', method },
    tries: 0,
    at: 1,
  });
  return { deps, pending: createPendingPayment(deps) };
}

describe('a pending payment', () => {
  it('without a pending record goes home', () => {
    const deps = fakeDeps({ signedIn: true });
    createPendingPayment(deps).start();
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: true }]);
  });

  it('an e-wallet payment is checked every 5 s and goes to its success page once confirmed', async () => {
    let calls = 0;
    const { deps, pending } = pendingWith('gcash', {
      [CONFIRM]: () => (++calls < 3 ? notYet : ok({ result_code: 'Authorised' })),
    });
    pending.start();
    expect(pending.wallet).toBe(true);
    await deps.clock.advance(4999);
    expect(calls).toBe(0);
    await deps.clock.advance(1);
    expect(calls).toBe(1);
    expect(pending.status.value).toEqual({ kind: 'still-pending' });
    await deps.clock.advance(10_000);
    expect(calls).toBe(3);
    expect(deps.visits).toEqual([
      { name: 'SubscriptionSuccessPage', query: { session_id: 'src_1', method: 'gcash' }, replace: true },
    ]);
    expect(recordsOf(deps).read('payment-pending')).toBeNull();
  });

  it('stops checking after 12 tries and says so; Verify Payment still asks', async () => {
    let calls = 0;
    const { deps, pending } = pendingWith('grab_pay', { [CONFIRM]: () => (calls++, notYet) });
    pending.start();
    await deps.clock.advance(5000 * 20);
    expect(calls).toBe(12);
    expect(pending.status.value).toEqual({ kind: 'gave-up' });
    pending.verify();
    await deps.clock.advance(0);
    expect(calls).toBe(13);
  });

  it('a card payment waits for Verify Payment; a refusal goes to Payment Failed!', async () => {
    const { deps, pending } = pendingWith('credit_card', {
      'POST /webclient/subscription/confirm-payment': ok({ result_code: 'Refused', message: 'Authentication failed.' }),
    });
    pending.start();
    await deps.clock.advance(60_000);
    expect(deps.requests.filter((r) => r.path.includes('confirm'))).toHaveLength(0);
    pending.verify();
    await deps.clock.advance(0);
    expect(deps.visits).toEqual([{ name: 'TransactionFailedPage', query: undefined, replace: true }]);
    expect(takePaymentResult(deps).failure).toBe('Authentication failed.');
    expect(takePaymentResult(deps).failure).toBeNull();
  });

  it('keeps checking the payment it opened with when another tab clears the record', async () => {
    const { deps, pending } = pendingWith('gcash', { [CONFIRM]: ok({ result_code: 'Authorised' }) });
    recordsOf(deps).clear('payment-pending');
    pending.start();
    await deps.clock.advance(5000);
    expect(deps.visits.at(-1)?.name).toBe('SubscriptionSuccessPage');
  });

  it('a refusal also forgets the checkout it was for (the start page does not warn of it again)', async () => {
    const { deps, pending } = pendingWith('credit_card', {
      'POST /webclient/subscription/confirm-payment': ok({ result_code: 'Refused', message: 'No.' }),
    });
    recordsOf(deps).write('subscription', {
      idempotencyKey: 'k'.repeat(32),
      method: 'credit_card',
      currency: 'USD',
      amount: 7,
      price: 7,
      identifier: 'premium_monthly',
      recurring: 1,
      sessionId: 'src_1',
      createdAt: 1,
    });
    pending.verify();
    await deps.clock.advance(0);
    expect(recordsOf(deps).read('subscription')).toBeNull();
  });
});

describe('a pending payment is confirmed once', () => {
  const CONFIRM_CREDIT = 'POST /webclient/in-web-purchase/confirm-transaction-session';

  it('through the pending page and on to the success page, which shows it without asking again', async () => {
    let bank: 'Pending' | 'Authorised' = 'Pending';
    let confirms = 0;
    const deps = fakeDeps({
      signedIn: true,
      query: { session_id: 'cs_7', type: 'self' },
      routes: {
        'GET /webclient/account/profile': ok(PROFILE),
        [CONFIRM_CREDIT]: () => (confirms++, ok({ result_code: bank, credit_balance: 220 })),
      },
    });
    // The success page: the bank has not answered yet, so the payment waits on the pending page.
    await createCheckout(creditCheckout, deps).confirm();
    expect(deps.visits.at(-1)).toEqual({ name: 'ResultPendingPage', query: undefined, replace: true });
    // The pending page: Verify Payment once the bank has answered.
    bank = 'Authorised';
    const pending = createPendingPayment(deps);
    pending.start();
    pending.verify();
    await deps.clock.advance(0);
    const success = deps.visits.at(-1)!;
    expect(success).toEqual({ name: 'SuccessPage', query: { type: 'self', session_id: 'cs_7' }, replace: true });
    expect(confirms).toBe(2);
    // The success page again, as the pending page sent the person there.
    deps.setQuery(success.query!);
    const page = createCheckout(creditCheckout, deps);
    await page.confirm();
    await deps.clock.advance(500);
    expect(page.state.value).toMatchObject({ kind: 'confirmed', sessionId: 'cs_7', result: { credit_balance: 220 } });
    expect(confirms).toBe(2);
    expect(deps.events).toEqual([{ type: 'sm-payment-completed', detail: { kind: 'credit', sessionId: 'cs_7' } }]);
    expect(recordsOf(deps).read('payment-pending')).toBeNull();
    expect(recordsOf(deps).read('payment-confirmed')).toBeNull();
  });

  it('a gift keeps what its success page shows (the amount and the mission) on the way', async () => {
    let looks = 0;
    const row = donationRow({ stripe_charge_id: 'cs_g', final_price: 30, net_revenue: 29 });
    const deps = fakeDeps({
      signedIn: true,
      routes: {
        'GET /webclient/account/profile': ok(PROFILE),
        'GET /webclient/account/donation-history': () => (looks++, ok({ data: [row], total: 1 })),
      },
    });
    recordsOf(deps).write('payment-pending', {
      kind: 'donation',
      sessionId: 'cs_g',
      method: 'credit_card',
      query: { session_id: 'cs_g' },
      tries: 0,
      at: 1,
    });
    createPendingPayment(deps).verify();
    await deps.clock.advance(0);
    expect(looks).toBe(1);
    deps.setQuery(deps.visits.at(-1)!.query!);
    const page = createCheckout(donationCheckout, deps);
    await page.confirm();
    await deps.clock.advance(500);
    expect(page.state.value).toMatchObject({
      kind: 'confirmed',
      result: { amount: 30, currency: 'USD', organization: 'Choir Missions' },
    });
    expect(looks).toBe(1);
  });

  it('a handed result that does not read back as its kind is asked for again', async () => {
    let confirms = 0;
    const deps = fakeDeps({
      signedIn: true,
      query: { session_id: 'cs_8' },
      routes: {
        'GET /webclient/account/profile': ok(PROFILE),
        [CONFIRM_CREDIT]: () => (confirms++, ok({ result_code: 'Authorised' })),
      },
    });
    recordsOf(deps).write('payment-confirmed', {
      kind: 'credit',
      sessionId: 'cs_8',
      result: { result_code: 42 },
      at: 1,
    });
    await createCheckout(creditCheckout, deps).confirm();
    expect(confirms).toBe(1);
  });
});
