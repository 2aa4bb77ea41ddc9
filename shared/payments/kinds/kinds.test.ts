import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../tools/messages';
import { donationRow } from '../../api/testing';
import { fakeDeps, ok } from '../../deps/testing';
import { english } from '../../i18n/catalogue';
import { kindContext } from '../engine';
import { creditDraft, subscriptionDraft } from '../testing';
import { cardUpdateCheckout } from './card-update';
import { creditCheckout } from './credit';
import { donationCheckout } from './donation';
import { subscriptionCheckout } from './subscription';

const session = ok({ id: 'cs_1', checkout_url: '/sandbox/checkout/cs_1' });
const key = { idempotencyKey: 'k'.repeat(32) };
const body = (deps: ReturnType<typeof fakeDeps>) => deps.requests.at(-1)?.body;

describe('credit top-up', () => {
  it('creates a session for oneself or a gift, with wechat on its own path, and confirms it', async () => {
    const deps = fakeDeps({
      signedIn: true,
      routes: {
        'POST /webclient/in-web-purchase/wechat/create-session': session,
        'POST /webclient/in-web-purchase/confirm-transaction-session': ok({
          result_code: 'Authorised',
          redemption_code: 'SM-1',
        }),
      },
    });
    const created = await creditCheckout.create(kindContext(deps), {
      ...key,
      ...creditDraft({ method: 'wechat', purchasefor: 2 }),
    });
    expect(created).toMatchObject({ ok: true, data: { id: 'cs_1', checkoutUrl: '/sandbox/checkout/cs_1' } });
    expect(body(deps)).toEqual({
      currency: 'USD',
      amount: 10,
      credit: 100,
      identifier: 'credits_100',
      purchasefor: 2,
      method: 'wechat',
      success_url: 'http://portal.test/#SuccessPage?type=other&session_id=%7BCHECKOUT_SESSION_ID%7D',
      cancel_url: 'http://portal.test/#TopUpPage?canceled=%7BCHECKOUT_SESSION_ID%7D',
    });
    const confirmed = await creditCheckout.confirm!(kindContext(deps), 'cs_1', 'wechat');
    expect(confirmed.ok && confirmed.data.redemption_code).toBe('SM-1');
    expect(
      creditCheckout.success('cs_1', 'wechat', creditDraft({ method: 'wechat', identifier: 'x', purchasefor: 2 })),
    ).toEqual({ name: 'SuccessPage', query: { type: 'other', session_id: 'cs_1' } });
  });

  it("labels the device wallet's sheet with the credits in the element's language", () => {
    const draft = creditDraft({ credits: 1000 });
    const label = (language: string) => {
      const messages = compileCatalogue(language);
      return creditCheckout.wallet!(draft, (k, args) => messages[k]!(args)).label;
    };
    expect(creditCheckout.wallet!(draft, english).label).toBe('1,000 Credits');
    expect(label('es')).toBe('1,000\u00a0créditos');
    expect(label('zh-Hans')).toBe('1,000\u00a0积\u2060分');
    expect(label('fil')).toBe('1,000\u00a0credits');
    expect(
      creditCheckout.wallet!(creditDraft({ credits: 1 }), (k, args) => compileCatalogue('es')[k]!(args)).label,
    ).toBe('1\u00a0crédito');
  });
});

describe('membership', () => {
  it('monthly: a card session with the plan identifier in underscores, confirmed by session', async () => {
    const deps = fakeDeps({ signedIn: true, routes: { 'POST /webclient/subscription/create-session': session } });
    await subscriptionCheckout.create(kindContext(deps), { ...key, ...subscriptionDraft() });
    expect(body(deps)).toMatchObject({ identifier: 'premium_monthly', recurring: 1, amount: 7 });
    expect(body(deps)).not.toHaveProperty('interval');
  });

  it('one-time by e-wallet: a Philippine provider source in PHP, confirmed by its source id', async () => {
    const deps = fakeDeps({
      signedIn: true,
      routes: {
        'POST /webclient/subscription/paymongo/create-source': ok({
          checkout_url: '/sandbox/paymongo/src_1',
          data: { id: 'src_1' },
        }),
        'POST /webclient/subscription/paymongo/confirm-payment': ok({ result_code: 'Authorised' }),
      },
    });
    const oneTime = { identifier: 'premium_one_time', recurring: 0, interval: 3, price: 3 } as const;
    const created = await subscriptionCheckout.create(kindContext(deps), {
      ...key,
      ...subscriptionDraft({ ...oneTime, method: 'gcash', currency: 'PHP', amount: 174.37 }),
    });
    expect(created).toMatchObject({ ok: true, data: { id: 'src_1', checkoutUrl: '/sandbox/paymongo/src_1' } });
    expect(body(deps)).toMatchObject({
      type: 'gcash',
      currency: 'PHP',
      amount: 174.37,
      interval: 3,
      identifier: 'premium_one_time',
    });
    await subscriptionCheckout.confirm!(kindContext(deps), 'src_1', 'gcash');
    expect(deps.requests.at(-1)).toMatchObject({
      path: '/webclient/subscription/paymongo/confirm-payment',
      body: { source_id: 'src_1' },
    });
  });
});

describe('donation', () => {
  const draft = {
    ...key,
    method: 'credit_card',
    currency: 'USD',
    amount: 25,
    identifier: 'donation_usd',
    missionId: 2,
    recurring: 1 as const,
    frequency: 2,
  };

  it('a signed-in gift comes back to the donation success page; an anonymous one to the mission with thanks', async () => {
    const deps = fakeDeps({ signedIn: true, routes: { 'POST /webclient/donation/create-session': session } });
    await donationCheckout.create(kindContext(deps), { ...draft, anonymous: false });
    expect(body(deps)).toMatchObject({
      donation_id: 2,
      recurring: 1,
      frequency: 2,
      success_url: 'http://portal.test/#DonationsSuccessPage?session_id=%7BCHECKOUT_SESSION_ID%7D&_d=2',
    });
    await donationCheckout.create(kindContext(deps), { ...draft, recurring: 0, anonymous: true });
    expect(deps.requests.at(-1)?.headers.Authorization).toBeUndefined();
    expect(body(deps)).toMatchObject({
      success_url: 'http://portal.test/#DonationPageAnon?_d=2&thanks=%7BCHECKOUT_SESSION_ID%7D',
      cancel_url: 'http://portal.test/#DonationPageAnon?_d=2&canceled=%7BCHECKOUT_SESSION_ID%7D',
    });
  });

  it('is confirmed when the donation history holds the gift, looking a few times', async () => {
    let looks = 0;
    const row = donationRow({ stripe_charge_id: 'cs_9', final_price: 25 });
    const deps = fakeDeps({
      signedIn: true,
      routes: { 'GET /webclient/account/donation-history': () => ok({ data: ++looks < 3 ? [] : [row], total: 1 }) },
    });
    const confirming = donationCheckout.confirm!(kindContext(deps), 'cs_9', 'credit_card');
    await deps.clock.advance(5000);
    expect(await confirming).toMatchObject({
      ok: true,
      data: { result_code: 'Authorised', amount: 25, currency: 'USD', organization: 'Choir Missions' },
    });
    expect(looks).toBe(3);
  });

  it('a refused gift is forgotten (the next starts with a new key) and said; giving twice says so, then home', () => {
    const ctx = kindContext(fakeDeps());
    expect(donationCheckout.createRefused!({ status: 400, message: 'No.', errorCode: null }, ctx)).toEqual({
      kind: 'tell',
      forget: true,
      dialog: { kind: 'error', message: 'No.', thenHome: false },
    });
    expect(donationCheckout.createRefused!({ status: 400, message: 'x', errorCode: 'already-donated' }, ctx)).toEqual({
      kind: 'tell',
      forget: true,
      dialog: { kind: 'error', message: 'You are already donated this projects', thenHome: true },
    });
  });

  it('is pending when the gift never shows up', async () => {
    const deps = fakeDeps({
      signedIn: true,
      routes: { 'GET /webclient/account/donation-history': ok({ data: [], total: 0 }) },
    });
    const confirming = donationCheckout.confirm!(kindContext(deps), 'cs_9', 'credit_card');
    await deps.clock.advance(10_000);
    expect(await confirming).toMatchObject({ ok: true, data: { result_code: 'Pending' } });
  });
});

describe('card update', () => {
  it('creates an update-payment session returning to the blank success and failed pages', async () => {
    const deps = fakeDeps({
      signedIn: true,
      routes: { 'POST /webclient/subscription/update-payment-create-session': session },
    });
    await cardUpdateCheckout.create(kindContext(deps), { ...key, method: 'credit_card', currency: 'USD', amount: 0 });
    expect(body(deps)).toEqual({
      success_url: 'http://portal.test/#UpdatePaymentSuccessPage',
      failed_url: 'http://portal.test/#UpdatePaymentFailedPage',
      cancel_url: 'http://portal.test/#UpdatePaymentFailedPage',
    });
    expect(cardUpdateCheckout.confirm).toBeUndefined();
  });
});
