import { describe, expect, it } from 'vitest';
import { fakeDeps, ok, PROFILE, type Handler } from '../deps/testing';
import { createPendingPayment, takePaymentResult } from './pending';
import { recordsOf } from './records';

const CONFIRM = 'POST /webclient/subscription/paymongo/confirm-payment';
const notYet = { status: 400, body: { status: 400, message: 'Not confirmed yet', errorCode: 'error-paymongo-confirm' } };

function pendingWith(method: string, routes: Record<string, Handler> = {}) {
  const deps = fakeDeps({ signedIn: true, routes: { 'GET /webclient/account/profile': ok(PROFILE), ...routes } });
  recordsOf(deps).write('payment-pending', { kind: 'subscription', sessionId: 'src_1', method, query: { session_id: 'src_1', method }, tries: 0, at: 1 });
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
    const { deps, pending } = pendingWith('gcash', { [CONFIRM]: () => (++calls < 3 ? notYet : ok({ result_code: 'Authorised' })) });
    pending.start();
    expect(pending.wallet).toBe(true);
    await deps.clock.advance(4999);
    expect(calls).toBe(0);
    await deps.clock.advance(1);
    expect(calls).toBe(1);
    expect(pending.status.value).toEqual({ kind: 'still-pending' });
    await deps.clock.advance(10_000);
    expect(calls).toBe(3);
    expect(deps.visits).toEqual([{ name: 'SubscriptionSuccessPage', query: { session_id: 'src_1', method: 'gcash' }, replace: true }]);
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
    const { deps, pending } = pendingWith('credit_card', { 'POST /webclient/subscription/confirm-payment': ok({ result_code: 'Refused', message: 'Authentication failed.' }) });
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
});
