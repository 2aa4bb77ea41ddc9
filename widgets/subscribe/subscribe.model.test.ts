import { describe, expect, it } from 'vitest';
import { membershipPlan, paymentMethods } from '../../shared/api/testing';
import { fakeDeps, ok, PROFILE, testMembership, type Handler } from '../../shared/deps/testing';
import { recordsOf } from '../../shared/payments/records';
import { createAppEntryModel, parseDirectSubscribe } from './app-entry.model';
import { createChangeModel } from './change.model';
import { createManageModel } from './manage.model';
import { createSubscribeModel } from './subscribe.model';

const plans = [membershipPlan(), membershipPlan({ identifier: 'premium-one-time' })];
const methods = paymentMethods('credit_card', 'wechat');
const monthlyPartner = {
  ...PROFILE,
  type: 1,
  subscription: testMembership({ end_date: '2026-12-23' }),
};
/** The monthly partner, their membership changed so. */
const monthlyPartnerWith = (changes: Partial<typeof monthlyPartner.subscription>) => ({
  ...monthlyPartner,
  subscription: { ...monthlyPartner.subscription, ...changes },
});
const routes = {
  'GET /webclient/account/profile': ok(PROFILE),
  'GET /webclient/subscription/subscription-plan': ok(plans),
  'POST /webclient/subscription/payment-methods': ok(methods),
};
const deps = (extra: Parameters<typeof fakeDeps>[0] = {}) =>
  fakeDeps({ signedIn: true, ...extra, routes: { ...routes, ...extra.routes } });

type Deps = ReturnType<typeof fakeDeps>;

/** The model `create` makes on `d`, shown at `view`, once what it asked for has come. */
async function shown<M extends { show(view: never): void }>(
  d: Deps,
  create: (d: Deps) => M,
  view: Parameters<M['show']>[0],
) {
  const model = create(d);
  model.show(view);
  await d.clock.advance(0);
  return { d, model };
}

/** The membership steps shown, with the plans in. */
const shownSteps = () => shown(deps(), createSubscribeModel, 'subscribe');

describe('membership steps', () => {
  it('starts the slider at the recommended price and keeps it within the plan', async () => {
    const { model } = await shownSteps();
    model.next();
    expect(model.step.value).toBe('select-amount');
    expect(model.bounds.value).toEqual({ min: 1, max: 100, start: 5 });
    expect(model.amount.value).toBe(5);
    model.setPrice(250);
    expect(model.amount.value).toBe(100);
    model.setRecurring(false);
    expect(model.amount.value).toBe(model.bounds.value?.start);
  });

  it('a one-time custom amount under 100 says Minimum amount is 100 and holds Next', async () => {
    const { model } = await shownSteps();
    model.setRecurring(false);
    model.next();
    model.setCustom('99');
    expect(model.customError.value).toBe('Minimum amount is 100');
    model.next();
    expect(model.step.value).toBe('select-amount');
    model.setCustom('100');
    model.next();
    expect(model.step.value).toBe('select-payment');
  });

  it('monthly pays by card only; paying stores the membership and goes to the checkout page', async () => {
    const { d, model } = await shownSteps();
    model.next();
    model.setPrice(7);
    model.next();
    await d.clock.advance(0);
    expect(model.methods.methods.value?.map((m) => m.id)).toEqual(['credit_card']);
    model.pay();
    expect(model.methods.error.value).toBe('Please Select Payment Method');
    model.chooseMethod('credit_card');
    model.pay();
    await d.clock.advance(0);
    expect(recordsOf(d).read('subscription')).toMatchObject({
      method: 'credit_card',
      amount: 7,
      price: 7,
      recurring: 1,
      identifier: 'premium-monthly',
    });
    expect(d.visits.at(-1)?.name).toBe('SubscriptionCheckoutPage');
  });

  it('Philippine listeners start one-time months at 2', async () => {
    const d = deps({ signedIn: { ...PROFILE, country: { code: 'PH', name: 'Philippines' } } });
    const model = createSubscribeModel(d);
    model.setRecurring(false);
    expect(model.monthOptions.value).toEqual([2, 3, 6, 9, 12]);
    expect(model.months.value).toBe(2);
  });

  it('a monthly partner is told to manage the membership instead', () => {
    expect(createSubscribeModel(deps({ signedIn: monthlyPartner })).alreadyMonthly.value).toBe(true);
  });
});

describe('a membership paid from a page other than the portal', () => {
  it('comes back to it and is confirmed there; Continue shows the steps again; nothing to confirm shows the steps', async () => {
    const d = deps({
      portalPage: false,
      route: 'SubscriptionSuccessPage',
      query: { session_id: 'cs_m' },
      routes: { 'POST /webclient/subscription/confirm-payment': ok({ result_code: 'Authorised' }) },
    });
    const model = createSubscribeModel(d);
    model.show('subscribe');
    expect(model.page.value).toBe('success');
    await d.clock.advance(500);
    expect(model.payment.state.value.kind).toBe('confirmed');
    model.finish();
    expect(d.visits).toEqual([]);
    expect(model.page.value).toBe('start');
    const nothing = deps({ portalPage: false });
    const empty = createSubscribeModel(nothing);
    empty.show('success');
    await nothing.clock.advance(0);
    expect(nothing.visits).toEqual([]);
    expect(empty.page.value).toBe('start');
  });
});

/** The change of the monthly amount shown to the monthly partner, the server answering the change with `changed`. */
const shownChange = (changed: Handler) =>
  shown(
    deps({
      signedIn: monthlyPartner,
      routes: {
        'GET /webclient/account/profile': ok(monthlyPartner),
        'POST /webclient/subscription/change-amount': changed,
      },
    }),
    createChangeModel,
    'change',
  );

describe('change of the monthly amount', () => {
  it('starts at the current amount; success stores the change and goes to its page', async () => {
    const { d, model } = await shownChange(ok(null));
    expect(model.price.value).toBe(5);
    model.setPrice(12);
    await model.submit();
    expect(d.requests.at(-1)?.body).toEqual({ currency: 'USD', amount: 12 });
    expect(recordsOf(d).read('change-subscription')?.amount).toBe(12);
    expect(d.events).toEqual([{ type: 'sm-amount-changed', detail: { amount: 12 } }]);
    expect(d.visits.at(-1)?.name).toBe('ChangeSubscriptionSuccessPage');
  });

  it('change-amount-subs with 400 says Something Wrong. Please Try Again', async () => {
    const { model } = await shownChange({ status: 400, body: { message: 'x', errorCode: 'change-amount-subs' } });
    await model.submit();
    expect(model.prompts.dialog.value).toEqual({ kind: 'error', message: 'Something Wrong. Please Try Again' });
  });

  it('a person who is not type 1 goes home; an unfinished change warns first', async () => {
    const free = deps();
    createChangeModel(free).show('change');
    await free.clock.advance(0);
    expect(free.visits).toEqual([{ name: 'HomePage', query: undefined, replace: true }]);
    const waiting = deps({ signedIn: monthlyPartner });
    recordsOf(waiting).write('change-subscription', { amount: 9, currency: 'USD', at: 1 });
    const model = createChangeModel(waiting);
    model.show('change');
    expect(model.prompts.dialog.value).toEqual({ kind: 'unfinished' });
    model.prompts.continuePayment();
    expect(waiting.visits.at(-1)?.name).toBe('ChangeSubscriptionSuccessPage');
  });

  it('the success page shows the next charge date and, from the app, continues to transaction_done with the price', async () => {
    const pending = monthlyPartnerWith({ canceled: true, next_amount: 12, schedule_start_date: '2026-12-23' });
    const d = deps({ signedIn: pending, fromApps: true, routes: { 'GET /webclient/account/profile': ok(pending) } });
    recordsOf(d).write('change-subscription', { amount: 12, currency: 'USD', at: 1 });
    const { model } = await shown(d, createChangeModel, 'change-success');
    expect(model.changed.value).toEqual({ amount: 12, date: '2026-12-23' });
    expect(recordsOf(d).read('change-subscription')).toBeNull();
    model.finish();
    expect(d.appLinks).toEqual([{ action: 'transaction_done', query: { price: '12' } }]);
  });
});

describe('Manage Membership', () => {
  it('cancels after the confirm, then says premium stays until the end date', async () => {
    const canceled = monthlyPartnerWith({ canceled: true, change_amount: true });
    const d = deps({
      signedIn: monthlyPartner,
      routes: {
        'POST /webclient/subscription/cancel-subscription': ok(null),
        'GET /webclient/account/profile': ok(canceled),
      },
    });
    const model = createManageModel(d);
    expect(model.monthly.value).toBe(true);
    model.askCancel();
    expect(model.stage.value).toBe('confirm-cancel');
    model.keep();
    expect(model.stage.value).toBe('details');
    model.askCancel();
    await model.confirmCancel();
    expect(model.stage.value).toBe('canceled');
    expect(d.events).toEqual([{ type: 'sm-membership-canceled', detail: { endDate: '2026-12-23' } }]);
  });

  it('Change Amount is held while a change is pending; a failed cancel says so', async () => {
    const pending = monthlyPartnerWith({ canceled: true, change_amount: false });
    const d = deps({
      signedIn: pending,
      routes: { 'POST /webclient/subscription/cancel-subscription': { status: 500, body: {} } },
    });
    const model = createManageModel(d);
    model.changeAmount();
    expect(d.visits).toEqual([]);
    await model.confirmCancel();
    expect(model.stage.value).toBe('failed');
  });
});

describe("the app's entries", () => {
  it('refuses a tampered direct-subscribe query', () => {
    expect(parseDirectSubscribe({ price: '9', method: 'credit_card', recurring: '1' })).toEqual({
      price: 9,
      method: 'credit_card',
      recurring: true,
      interval: 1,
    });
    expect(parseDirectSubscribe({ price: '-1', method: 'credit_card', recurring: '1' })).toBeNull();
    expect(parseDirectSubscribe({ price: '9', method: 'bitcoin', recurring: '1' })).toBeNull();
    expect(parseDirectSubscribe({ price: '9', method: 'gcash', recurring: '0', interval: '5' })).toBeNull();
  });

  it('direct-subscribe signs in with the token and pays the chosen one-time membership (recurring always by card)', async () => {
    const d = fakeDeps({
      query: { _t: 'one-time', price: '9', method: 'wechat', recurring: '1' },
      routes: {
        ...routes,
        'GET /webclient/auth/mobile-login': ok({ access_token: 'a', token_type: 'Bearer', expires_in: 600 }),
      },
    });
    await shown(d, createAppEntryModel, 'direct-subscribe');
    expect(d.requests[0]?.headers.Authorization).toBe('Bearer one-time');
    expect(recordsOf(d).read('subscription')).toMatchObject({ method: 'credit_card', amount: 9, recurring: 1 });
    expect(d.visits.at(-1)?.name).toBe('SubscriptionCheckoutPage');
    expect(d.nav.query()._t).toBeUndefined();
  });

  it('update-payment with a refused token goes to the failed page', async () => {
    const d = fakeDeps({
      query: { _t: 'used' },
      routes: { 'GET /webclient/auth/mobile-login': { status: 401, body: { message: 'Used' } } },
    });
    createAppEntryModel(d).show('update-payment');
    await d.clock.advance(0);
    expect(d.visits).toEqual([{ name: 'UpdatePaymentFailedPage', query: undefined, replace: true }]);
  });

  it('update-payment sends the person to the card checkout', async () => {
    const d = fakeDeps({
      query: { _t: 'one-time' },
      routes: {
        ...routes,
        'GET /webclient/auth/mobile-login': ok({ access_token: 'a', token_type: 'Bearer', expires_in: 600 }),
        'POST /webclient/subscription/update-payment-create-session': ok({
          id: 'cs_u',
          checkout_url: '/sandbox/checkout/cs_u',
        }),
      },
    });
    createAppEntryModel(d).show('update-payment');
    await d.clock.advance(0);
    expect(d.left).toEqual(['http://portal.test/sandbox/checkout/cs_u']);
  });
});
