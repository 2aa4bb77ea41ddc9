import { describe, expect, it } from 'vitest';
import { fail, fakeDeps, ok, PROFILE, type Handler } from '../deps/testing';
import type { Query } from '../routing/routes';
import { createCheckout, trustedCheckoutUrl } from './engine';
import { createPaymentFlow } from './flow';
import { cardUpdateCheckout } from './kinds/card-update';
import { creditCheckout } from './kinds/credit';
import { recordsOf } from './records';
import { creditDraft } from './testing';

const draft = creditDraft();
const created = ok({ id: 'cs_1', checkout_url: '/sandbox/checkout/cs_1' });
const paid = ok({ result_code: 'Authorised', credit_balance: 220, redemption_code: null });

function setup(routes: Parameters<typeof fakeDeps>[0] = {}) {
  const deps = fakeDeps({
    signedIn: true,
    ...routes,
    routes: { 'GET /webclient/account/profile': ok(PROFILE), ...routes?.routes },
  });
  const { checkout, prompts } = createPaymentFlow(creditCheckout, deps);
  return { deps, checkout, prompts, records: recordsOf(deps) };
}

describe('payment engine: begin and checkout', () => {
  it('stores the draft with an idempotency key and goes to the checkout page', async () => {
    const { deps, checkout, records } = setup();
    await checkout.begin(draft);
    const stored = records.read('credit');
    expect(stored).toMatchObject(draft);
    expect(stored?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(deps.visits).toEqual([{ name: 'CheckoutPage', query: undefined, replace: false }]);
  });

  it('creates the session once, keeps it, and leaves for the hosted checkout', async () => {
    const { deps, checkout, records } = setup({
      routes: { 'POST /webclient/in-web-purchase/create-session': created },
    });
    await checkout.begin(draft);
    await checkout.checkout();
    expect(deps.left).toEqual(['http://portal.test/sandbox/checkout/cs_1']);
    expect(checkout.state.value.kind).toBe('redirecting');
    expect(records.read('credit')?.sessionId).toBe('cs_1');
    const request = deps.requests.find((r) => r.path.endsWith('/create-session'));
    expect(request?.headers['Idempotency-Key']).toBe(records.read('credit')?.idempotencyKey);
    // Coming back to the checkout page (Continue Payment) reuses the session: no second create.
    await checkout.checkout();
    expect(deps.requests.filter((r) => r.path.endsWith('/create-session'))).toHaveLength(1);
  });

  it('keeps the draft when the create fails, and a retry sends the same idempotency key', async () => {
    let calls = 0;
    const { deps, checkout, records } = setup({
      routes: {
        'POST /webclient/in-web-purchase/create-session': () => (++calls === 1 ? { status: 0, body: null } : created),
      },
    });
    await checkout.begin(draft);
    await checkout.checkout();
    const state = checkout.state.value;
    expect(state.kind === 'create-failed' && state.error.message).toContain('could not reach the server');
    expect(records.read('credit')?.sessionId).toBeUndefined();
    await checkout.checkout();
    const keys = deps.requests
      .filter((r) => r.path.endsWith('/create-session'))
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(deps.left).toHaveLength(1);
  });

  it('refuses a checkout address on another host and shows the checkout error', async () => {
    const { deps, checkout, prompts } = setup({
      routes: {
        'POST /webclient/in-web-purchase/create-session': ok({ id: 'cs_1', checkout_url: 'https://evil.example/pay' }),
      },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    await checkout.begin(draft);
    await checkout.checkout();
    console.error = original;
    expect(deps.left).toEqual([]);
    expect(prompts.dialog.value).toEqual({ kind: 'checkout-error' });
    expect(errors).toHaveLength(1);
  });

  it('mounts the embedded checkout with the publishable key when the session has a client secret', async () => {
    const { deps, checkout } = setup({
      routes: {
        'POST /webclient/in-web-purchase/create-session': ok({ id: 'cs_1', client_secret: 'cs_1_secret' }),
        'GET /webclient/in-web-purchase/client-key': ok({ clientKey: 'pk_test_1' }),
      },
    });
    await checkout.begin(draft);
    await checkout.checkout(() => ({}) as HTMLElement);
    expect(deps.embedded).toEqual(['cs_1_secret']);
    expect(checkout.state.value).toEqual({ kind: 'embedded', clientSecret: 'cs_1_secret' });
  });

  it('without a draft, the checkout page goes back to the start', async () => {
    const { deps, checkout } = setup();
    await checkout.checkout();
    expect(deps.visits).toEqual([{ name: 'TopUpPage', query: undefined, replace: true }]);
  });
});

describe('payment engine: confirm', () => {
  const CONFIRM = 'POST /webclient/in-web-purchase/confirm-transaction-session';
  /** The success page at `query` (its session_id, ...), whose confirmation is answered `answer`. */
  const confirming = (answer: Handler, query: Query) => setup({ query, routes: { [CONFIRM]: answer } });

  it('confirms, clears the records, reloads the profile, tells the page, then shows success after half a second', async () => {
    const { deps, checkout, records } = confirming(paid, { session_id: 'cs_1', type: 'self' });
    records.write('credit', { ...draft, idempotencyKey: 'k'.repeat(32), sessionId: 'cs_1', createdAt: 1 });
    await checkout.confirm();
    expect(records.read('credit')).toBeNull();
    expect(deps.events).toEqual([{ type: 'sm-payment-completed', detail: { kind: 'credit', sessionId: 'cs_1' } }]);
    expect(deps.requests.some((r) => r.path === '/webclient/account/profile')).toBe(true);
    expect(checkout.state.value.kind).toBe('confirming');
    await deps.clock.advance(500);
    expect(checkout.state.value).toMatchObject({
      kind: 'confirmed',
      sessionId: 'cs_1',
      result: { credit_balance: 220 },
    });
  });

  it('a pending payment is kept and waits on the pending page', async () => {
    const pending = ok({ result_code: 'Pending', message: 'Authenticate' });
    const { deps, checkout, records } = confirming(pending, { session_id: 'cs_2' });
    await checkout.confirm();
    expect(records.read('payment-pending')).toMatchObject({
      kind: 'credit',
      sessionId: 'cs_2',
      method: 'credit_card',
      tries: 0,
    });
    expect(deps.visits).toEqual([{ name: 'ResultPendingPage', query: undefined, replace: true }]);
  });

  it('a refused payment goes to Payment Failed! with the message', async () => {
    const refused = ok({ result_code: 'Refused', message: 'Your card was declined.' });
    const { deps, checkout, records } = confirming(refused, { session_id: 'cs_3' });
    await checkout.confirm();
    expect(records.read('payment-error')?.message).toBe('Your card was declined.');
    expect(deps.visits).toEqual([{ name: 'TransactionFailedPage', query: undefined, replace: true }]);
  });

  it('a confirmation that did not get through offers a retry and keeps everything', async () => {
    const { deps, checkout, records } = confirming(fail(500, 'Internal error'), { session_id: 'cs_4' });
    records.write('credit', { ...draft, idempotencyKey: 'k'.repeat(32), sessionId: 'cs_4', createdAt: 1 });
    await checkout.confirm();
    expect(checkout.state.value).toEqual({ kind: 'confirm-failed', message: 'Internal error' });
    expect(records.read('credit')).not.toBeNull();
    deps.on(CONFIRM, paid);
    await checkout.confirm();
    await deps.clock.advance(500);
    expect(checkout.state.value.kind).toBe('confirmed');
  });

  it('a success page with no payment to confirm goes home; a template id is no id', async () => {
    const { deps, checkout } = setup({ query: { session_id: '{CHECKOUT_SESSION_ID}' } });
    await checkout.confirm();
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: true }]);
  });
});

describe('an unfinished checkout (the prompts)', () => {
  const stored = {
    ...draft,
    idempotencyKey: 'k'.repeat(32),
    sessionId: 'cs_5',
    checkoutUrl: '/sandbox/checkout/cs_5',
    createdAt: 1,
  };

  it('warns on the start page; Continue Payment goes back to the checkout', () => {
    const { deps, prompts, records } = setup();
    records.write('credit', stored);
    prompts.open();
    expect(prompts.dialog.value).toEqual({ kind: 'unfinished' });
    prompts.continuePayment();
    expect(prompts.dialog.value).toBeNull();
    expect(deps.visits.at(-1)?.name).toBe('CheckoutPage');
  });

  it('Cancel Transaction asks first; No keeps it; Yes clears it and goes home after a second', async () => {
    const { deps, prompts, records } = setup();
    records.write('credit', stored);
    prompts.open();
    prompts.askCancel();
    expect(prompts.dialog.value).toEqual({ kind: 'confirm-cancel' });
    prompts.keep();
    expect(prompts.dialog.value).toEqual({ kind: 'unfinished' });
    prompts.askCancel();
    prompts.confirmCancel();
    expect(records.read('credit')).toBeNull();
    expect(prompts.notice.value?.text).toBe('The transaction was canceled. Nothing was charged.');
    await deps.clock.advance(999);
    expect(deps.visits).toEqual([]);
    await deps.clock.advance(1);
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
  });

  it('coming back from a checkout cancelled at the provider says nothing was charged', () => {
    const { prompts, records } = setup({ query: { canceled: 'cs_5' } });
    records.write('credit', stored);
    prompts.open();
    expect(prompts.dialog.value).toBeNull();
    expect(prompts.notice.value?.text).toBe('Payment canceled. Nothing was charged.');
    expect(records.read('credit')).toBeNull();
  });

  it('a tampered record is dropped, not shown', () => {
    const { deps, prompts } = setup();
    deps.storage.set('sm.payment.credit', '{"method":"credit_card","amount":"free"}');
    prompts.open();
    expect(prompts.dialog.value).toBeNull();
    expect(deps.storage.get('sm.payment.credit')).toBeNull();
  });
});

describe('a checkout that cannot start does what its kind says', () => {
  it('a top-up shows the refusal on its checkout page with a retry, keeping the draft', async () => {
    const { checkout, records } = setup({
      routes: { 'POST /webclient/in-web-purchase/create-session': fail(422, 'Refused') },
    });
    await checkout.begin(draft);
    await checkout.checkout();
    expect(checkout.state.value).toMatchObject({ kind: 'create-failed', error: { message: 'Refused' } });
    expect(records.read('credit')).not.toBeNull();
  });

  it("the app's card update goes to its blank failed page, refused or without an address", async () => {
    for (const answer of [fail(422, 'Refused'), ok({ id: 'cs_u', checkout_url: 'https://evil.example/pay' })]) {
      const deps = fakeDeps({
        signedIn: true,
        routes: { 'POST /webclient/subscription/update-payment-create-session': answer },
      });
      const original = console.error;
      console.error = () => {};
      await createCheckout(cardUpdateCheckout, deps).begin({ method: 'credit_card', currency: 'USD', amount: 0 });
      console.error = original;
      expect(deps.visits).toEqual([{ name: 'UpdatePaymentFailedPage', query: undefined, replace: true }]);
      expect(deps.left).toEqual([]);
    }
  });
});

describe('payment records per API host', () => {
  it('two top-up tags naming two hosts do not share an unfinished checkout', async () => {
    const own = setup();
    const other = { ...own.deps, api: { ...own.deps.api, base: 'https://api.other.example' } };
    await own.checkout.begin(draft);
    const elsewhere = createPaymentFlow(creditCheckout, other);
    elsewhere.prompts.open();
    expect(elsewhere.prompts.dialog.value).toBeNull();
    own.prompts.open();
    expect(own.prompts.dialog.value).toEqual({ kind: 'unfinished' });
  });
});

describe('trusted checkout addresses', () => {
  const page = { origin: 'https://portal.example.org', apiBase: 'https://api.example.org' };
  it.each([
    ['/sandbox/checkout/1', 'https://portal.example.org/sandbox/checkout/1'],
    ['https://api.example.org/checkout/1', 'https://api.example.org/checkout/1'],
    ['https://checkout.stripe.com/c/pay/1', 'https://checkout.stripe.com/c/pay/1'],
    ['https://evil.example/checkout', null],
    ['javascript:alert(1)', null],
    ['https://portal.example.org@evil.example/', null],
    ['http://checkout.stripe.com/c/pay/1', null],
  ])('%s', (url, expected) => expect(trustedCheckoutUrl(url, page)).toBe(expected));
});
