/**
 * The mobile app's entries into membership (spec section 4): /update-payment (a new card for the
 * monthly membership) and /direct-subscribe (pay straight away from the app's own choices).
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import * as z from 'zod/mini';
import { call } from '../../shared/api/client';
import * as auth from '../../shared/api/auth';
import * as api from '../../shared/api/subscription';
import { planIdentifier } from '../../shared/api/subscription';
import { portalUrlFor } from '../../shared/payments/checkout';
import { handOff } from '../../shared/payments/handoff';
import { newIdempotencyKey, writeRecord } from '../../shared/payments/records';
import { E_WALLETS } from '../../shared/payments/result';
import { currentQuery, navigate, takeQueryToken } from '../../shared/routing/navigate';
import { completeSignIn } from '../../shared/session/account';
import { session } from '../../shared/session/session';
import { messages } from './subscribe.messages';
import { DEFAULT_INTERVAL, ONE_TIME_MONTHS, pesoAmount } from './subscribe.pricing';
import { plansOf } from './subscribe.model';

/** The query of /direct-subscribe, parsed once at the edge (a tampered one is refused). */
export const DirectSubscribeQuery = z.object({
  price: z.pipe(z.string().check(z.regex(/^\d{1,5}(\.\d{1,2})?$/)), z.transform(Number)),
  method: z.enum(['credit_card', 'wechat', 'gcash', 'grab_pay']),
  recurring: z.enum(['0', '1']),
  interval: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number))),
});

export function parseDirectSubscribe(query: Record<string, string>) {
  const parsed = DirectSubscribeQuery.safeParse(query);
  if (!parsed.success) return null;
  const interval = parsed.data.interval ?? DEFAULT_INTERVAL;
  if (!(ONE_TIME_MONTHS as readonly number[]).includes(interval) || parsed.data.price <= 0) return null;
  return { price: parsed.data.price, method: parsed.data.method, recurring: parsed.data.recurring === '1', interval };
}

export function createAppEntryModel() {
  const status = signal<{ kind: 'working'; text: string } | { kind: 'error'; text: string }>({ kind: 'working', text: messages.wait });
  let started = false;

  /** Signs in with the app's one-time token, or keeps the stored session when there is none. */
  async function signInFromApp(): Promise<boolean> {
    const token = takeQueryToken('_t');
    if (!token) return session.isSignedIn.value;
    session.clear();
    const login = await call(auth.mobileLogin, {}, { bearer: token });
    if (!login.ok) return false;
    const profile = await completeSignIn(login.data, { fromApps: true });
    return profile.ok;
  }

  async function updatePayment() {
    status.value = { kind: 'working', text: messages.app.updating };
    if (!(await signInFromApp())) {
      navigate('UpdatePaymentFailedPage', undefined, { replace: true });
      return;
    }
    const failed = portalUrlFor('UpdatePaymentFailedPage');
    const result = await call(api.updatePaymentSession, { success_url: portalUrlFor('UpdatePaymentSuccessPage'), failed_url: failed, cancel_url: failed });
    if (!result.ok) {
      navigate('UpdatePaymentFailedPage', undefined, { replace: true });
      return;
    }
    const outcome = await handOff(
      { sessionId: result.data.id, checkoutUrl: result.data.checkout_url ?? undefined, clientSecret: result.data.client_secret ?? undefined },
      { container: () => null, label: 'sm-subscribe', publishableKey: async () => null, onComplete: () => navigate('UpdatePaymentSuccessPage') },
    );
    if (outcome === 'error') navigate('UpdatePaymentFailedPage', undefined, { replace: true });
  }

  async function directSubscribe() {
    status.value = { kind: 'working', text: messages.app.subscribing };
    const query = currentQuery();
    const hadToken = query._t !== undefined;
    const choice = parseDirectSubscribe(query);
    if (!hadToken || !choice) {
      takeQueryToken('_t');
      status.value = { kind: 'error', text: messages.app.badQuery };
      return;
    }
    if (!(await signInFromApp())) {
      writeRecord('payment-error', { message: messages.app.badQuery, at: Date.now() });
      navigate('TransactionFailedPage', undefined, { replace: true });
      return;
    }
    const plans = await call(api.subscriptionPlans, {});
    if (!plans.ok) {
      status.value = { kind: 'error', text: plans.error.message };
      return;
    }
    const found = plansOf(plans.data);
    const plan = choice.recurring ? found.monthly : found.oneTime;
    if (!plan) {
      status.value = { kind: 'error', text: messages.empty };
      return;
    }
    // Recurring always uses the card provider; one-time uses it for card or wechat, else the Philippine provider.
    const method = choice.recurring ? 'credit_card' : choice.method;
    const wallet = E_WALLETS.has(method);
    writeRecord('subscription', {
      idempotencyKey: newIdempotencyKey(),
      method,
      currency: wallet ? 'PHP' : plan.currency,
      amount: wallet ? pesoAmount(choice.price, plan.rate) : choice.price,
      price: choice.price,
      identifier: planIdentifier(plan.identifier),
      recurring: choice.recurring ? 1 : 0,
      ...(choice.recurring ? {} : { interval: choice.interval }),
      createdAt: Date.now(),
    });
    navigate('SubscriptionCheckoutPage', undefined, { replace: true });
  }

  return {
    status: status as ReadonlySignal<{ kind: 'working'; text: string } | { kind: 'error'; text: string }>,
    start(view: 'update-payment' | 'direct-subscribe') {
      if (started) return;
      started = true;
      void (view === 'update-payment' ? updatePayment() : directSubscribe());
    },
  };
}

export type AppEntryModel = ReturnType<typeof createAppEntryModel>;
