import { describe, expect, it, vi } from 'vitest';
import { creditOption, paymentMethods } from '../../shared/api/testing';
import { fail, fakeDeps, ok, PROFILE } from '../../shared/deps/testing';
import type { WalletSessionClass } from '../../shared/payments/applepay';
import { recordsOf } from '../../shared/payments/records';
import { createTopupModel } from './topup.model';

/** The credits a Philippine listener is offered: priced in dollars, shown in pesos. */
const inPesos = { country: 'PH', user_currency: 'PHP', rate: 58.123 };
const options = [
  creditOption(inPesos),
  creditOption({ ...inPesos, identifier: 'credits_1000', price_credit: 1000, price_dollar: 100 }),
];
const methods = paymentMethods('credit_card', 'gcash');
const routes = {
  'GET /webclient/account/profile': ok(PROFILE),
  'GET /webclient/in-web-purchase/credit-list': ok(options),
  'POST /webclient/in-web-purchase/payment-methods': ok(methods),
};

function topup(extra: Parameters<typeof fakeDeps>[0] = {}) {
  const deps = fakeDeps({ signedIn: true, ...extra, routes: { ...routes, ...extra.routes } });
  return { deps, model: createTopupModel(deps) };
}

describe('top-up: the two steps', () => {
  it('loads the credit options once for the view, and asks to choose one before Next', async () => {
    const { deps, model } = topup();
    model.show('topup');
    model.show('topup');
    await deps.clock.advance(0);
    expect(model.options.value).toHaveLength(2);
    expect(deps.requests.filter((r) => r.path.endsWith('/credit-list'))).toHaveLength(1);
    model.next();
    expect(model.formError.value).toBe('Please choose a credit option.');
    expect(model.step.value).toBe(1);
  });

  it('step 2 offers the methods; paying without one says Please Select Payment Method', async () => {
    const { deps, model } = topup();
    model.show('topup');
    await deps.clock.advance(0);
    model.choose('credits_1000');
    model.next();
    await deps.clock.advance(0);
    expect(model.step.value).toBe(2);
    expect(model.methods.methods.value?.map((m) => m.id)).toEqual(['credit_card', 'gcash']);
    model.pay();
    expect(model.methods.error.value).toBe('Please Select Payment Method');
    model.back();
    expect(model.step.value).toBe(1);
    expect(model.selected.value).toBe('credits_1000');
  });

  it('paying stores the top-up (a gift, by e-wallet: PHP at the rate) and goes to the checkout page', async () => {
    const { deps, model } = topup();
    model.show('topup');
    await deps.clock.advance(0);
    model.choose('credits_100');
    model.setPurchaseFor(2);
    model.next();
    await deps.clock.advance(0);
    model.chooseMethod('gcash');
    expect(model.charge.value).toEqual({ amount: 581.23, currency: 'PHP' });
    model.pay();
    await deps.clock.advance(0);
    expect(recordsOf(deps).read('credit')).toMatchObject({
      method: 'gcash',
      currency: 'PHP',
      amount: 581.23,
      identifier: 'credits_100',
      credits: 100,
      purchasefor: 2,
    });
    expect(deps.visits.at(-1)).toEqual({ name: 'CheckoutPage', query: undefined, replace: false });
  });

  it('an empty list is shown as such; a failed list says why and can be tried again', async () => {
    const { deps, model } = topup({
      routes: { 'GET /webclient/in-web-purchase/credit-list': { status: 0, body: null } },
    });
    model.show('topup');
    await deps.clock.advance(0);
    expect(model.loadError.value).toContain('could not reach the server');
    deps.on('GET /webclient/in-web-purchase/credit-list', ok([]));
    model.retryLoad();
    await deps.clock.advance(0);
    expect(model.loadError.value).toBeNull();
    expect(model.options.value).toEqual([]);
  });

  it('a 401 on the options while signed in is Happy Sabbath! with the message', async () => {
    const { deps, model } = topup({
      routes: { 'GET /webclient/in-web-purchase/credit-list': fail(401, 'Payments rest on the Sabbath.') },
    });
    model.show('topup');
    await deps.clock.advance(0);
    expect(model.prompts.dialog.value).toEqual({ kind: 'sabbath', message: 'Payments rest on the Sabbath.' });
  });
});

describe('top-up: success', () => {
  it('for oneself shows the new balance; as a gift the redemption code', async () => {
    const self = topup({
      query: { session_id: 'cs_1', type: 'self' },
      routes: {
        'POST /webclient/in-web-purchase/confirm-transaction-session': ok({
          result_code: 'Authorised',
          credit_balance: 220,
        }),
      },
    });
    self.model.show('success');
    expect(self.model.success.value).toEqual({ kind: 'confirming' });
    await self.deps.clock.advance(500);
    expect(self.model.success.value).toEqual({ kind: 'self', balance: 220 });
    const gift = topup({
      query: { session_id: 'cs_2', type: 'other' },
      routes: {
        'POST /webclient/in-web-purchase/confirm-transaction-session': ok({
          result_code: 'Authorised',
          redemption_code: 'SM-ABCD-EFGH',
        }),
      },
    });
    gift.model.show('success');
    await gift.deps.clock.advance(500);
    expect(gift.model.success.value).toEqual({ kind: 'other', code: 'SM-ABCD-EFGH' });
  });

  it('on a page other than the portal: a return to it is confirmed in place, then the steps again; nothing to confirm shows the steps', async () => {
    const confirm = {
      'POST /webclient/in-web-purchase/confirm-transaction-session': ok({
        result_code: 'Authorised',
        redemption_code: 'SM-ABCD-EFGH',
      }),
    };
    const back = topup({ portalPage: false, route: 'SuccessPage', query: { session_id: 'cs_2' }, routes: confirm });
    back.model.show('topup');
    expect(back.model.page.value).toBe('success');
    await back.deps.clock.advance(500);
    expect(back.model.success.value).toEqual({ kind: 'other', code: 'SM-ABCD-EFGH' });
    back.model.finish();
    expect(back.deps.visits).toEqual([]);
    expect(back.deps.nav.route()).toBeNull();
    expect(back.model.page.value).toBe('start');
    await back.deps.clock.advance(0);
    expect(back.model.options.value).toHaveLength(options.length);
    const nothing = topup({ portalPage: false });
    nothing.model.show('success');
    await nothing.deps.clock.advance(0);
    expect(nothing.deps.visits).toEqual([]);
    expect(nothing.model.page.value).toBe('start');
  });

  it('Back to Home goes home, or back to the app through transaction_done', async () => {
    const web = topup();
    web.model.finish();
    expect(web.deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
    const app = topup({
      fromApps: true,
      query: { session_id: 'cs_1' },
      routes: {
        'POST /webclient/in-web-purchase/confirm-transaction-session': ok({
          result_code: 'Authorised',
          credit_balance: 1,
        }),
      },
    });
    app.model.show('success');
    await app.deps.clock.advance(500);
    app.model.finish();
    expect(app.deps.appLinks).toEqual([{ action: 'transaction_done', query: undefined }]);
  });
});

describe('top-up: the device wallet', () => {
  it('is offered only where the browser has it, and pays in place', async () => {
    const { deps, model } = topup({
      routes: {
        'POST /webclient/apple-pay/validate': ok({ data: '{"m":1}' }),
        'POST /webclient/apple-pay/authPayment': ok({ result_code: 'Authorised', credit_balance: 320 }),
      },
    });
    class Wallet {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments = () => true;
      onvalidatemerchant: ((e: { validationURL: string }) => void) | null = null;
      onpaymentauthorized:
        ((e: { payment: { token: { paymentData: unknown; transactionIdentifier: string } } }) => void) | null = null;
      oncancel = null;
      begin() {
        setTimeout(() => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' }));
      }
      abort() {}
      completeMerchantValidation() {
        setTimeout(() =>
          this.onpaymentauthorized?.({ payment: { token: { paymentData: {}, transactionIdentifier: 'tx' } } }),
        );
      }
      completePayment() {}
    }
    deps.setWallet(Wallet as unknown as WalletSessionClass);
    model.show('topup');
    await deps.clock.advance(0);
    model.choose('credits_100');
    model.next();
    await deps.clock.advance(0);
    expect(model.methods.methods.value?.map((m) => m.id)).toEqual(['credit_card', 'gcash', 'apple_pay']);
    model.chooseMethod('apple_pay');
    model.pay();
    // Paying with the wallet is code of its own, imported now (the wallet came after the checkout started), then the
    // wallet's own steps run: wait for the payment to be confirmed.
    await vi.waitFor(async () => {
      await deps.clock.advance(500);
      expect(model.success.value).toEqual({ kind: 'self', balance: 320 });
    });
    expect(recordsOf(deps).read('credit')).toBeNull();
  });
});
