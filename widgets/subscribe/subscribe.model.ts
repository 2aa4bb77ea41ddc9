/**
 * The state and actions of the subscription flow (<sm-subscribe view="subscribe|checkout|success">):
 * steps select-duration, select-amount, select-payment (spec section 2), the checkout hand-off
 * and the success page. All API calls happen here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as credits from '../../shared/api/credits';
import type { PaymentMethod } from '../../shared/api/credits';
import type { ApiError } from '../../shared/api/errors';
import * as api from '../../shared/api/subscription';
import { planIdentifier, type Plan } from '../../shared/api/subscription';
import { emit } from '../../shared/events/events';
import { portalUrlFor } from '../../shared/payments/checkout';
import { handOff } from '../../shared/payments/handoff';
import { viewOfListError } from '../../shared/payments/list-errors';
import type { PaymentDialog } from '../../shared/payments/PaymentDialogs';
import { clearPaymentData, clearRecord, newIdempotencyKey, readRecord, writeRecord, type SubscriptionRecord } from '../../shared/payments/records';
import { CANCEL_REDIRECT_MS, E_WALLETS, outcomeOf } from '../../shared/payments/result';
import { currentQuery, navigate, openAppLink } from '../../shared/routing/navigate';
import { refreshProfile } from '../../shared/session/account';
import { isMonthly } from '../../shared/session/membership';
import { session } from '../../shared/session/session';
import { messages } from './subscribe.messages';
import { DEFAULT_INTERVAL, ONE_TIME_CUSTOM_MIN, monthlyBounds, monthsFor, oneTimeBounds, pesoAmount, type SliderBounds } from './subscribe.pricing';

export type Step = 'select-duration' | 'select-amount' | 'select-payment';
export type Dialog = PaymentDialog;
export type SuccessState = { kind: 'confirming' } | { kind: 'done' } | { kind: 'retry'; message: string };

const MONTHLY_ID = 'premium_monthly';
const ONE_TIME_ID = 'premium_one_time';

/** Picks the monthly and one-time plans from the list (identifiers may carry dashes). */
export function plansOf(list: readonly Plan[]): { monthly: Plan | null; oneTime: Plan | null } {
  return {
    monthly: list.find((p) => planIdentifier(p.identifier) === MONTHLY_ID) ?? null,
    oneTime: list.find((p) => planIdentifier(p.identifier) === ONE_TIME_ID) ?? null,
  };
}

/** Recurring always pays by card; one-time by card or wechat or the Philippine provider. */
export function methodsFor(recurring: boolean, all: readonly PaymentMethod[]): PaymentMethod[] {
  return recurring ? all.filter((m) => m.id === 'credit_card') : [...all];
}

export function createSubscribeModel(options: { host?: () => EventTarget | null } = {}) {
  const view = signal<'subscribe' | 'checkout' | 'success'>('subscribe');
  const step = signal<Step>('select-duration');
  const busy = signal(false);
  const dialog = signal<Dialog | null>(null);
  const notice = signal<{ tone: 'info' | 'error' | 'success'; text: string } | null>(null);
  const plans = signal<readonly Plan[] | null>(null);
  const allMethods = signal<readonly PaymentMethod[] | null>(null);
  const loadError = signal<string | null>(null);
  const recurring = signal(true);
  const months = signal(DEFAULT_INTERVAL);
  const price = signal(0);
  const custom = signal<string | null>(null);
  const method = signal<string | null>(null);
  const formError = signal<string | null>(null);
  const checkoutError = signal<string | null>(null);
  const success = signal<SuccessState>({ kind: 'confirming' });
  let started = false;

  const country = computed(() => session.user.value?.country?.code ?? plans.value?.[0]?.country ?? null);
  const plan = computed(() => {
    const found = plansOf(plans.value ?? []);
    return recurring.value ? found.monthly : found.oneTime;
  });
  const bounds = computed<SliderBounds | null>(() => {
    const p = plan.value;
    if (!p) return null;
    return recurring.value ? monthlyBounds(p) : oneTimeBounds(p, months.value);
  });
  const defaultPrice = computed(() => bounds.value?.start ?? 0);
  const lowestPrice = computed(() => bounds.value?.min ?? 0);
  /** The amount chosen: the custom input when used, else the slider. */
  const amount = computed(() => {
    if (custom.value === null) return price.value;
    const n = Number(custom.value);
    return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
  });
  const customError = computed(() => {
    if (custom.value === null) return null;
    const n = amount.value;
    if (!recurring.value) return n < ONE_TIME_CUSTOM_MIN ? messages.amount.minimum100 : null;
    const b = bounds.value;
    if (b && (n < b.min || n > b.max)) return `Choose between $${b.min} and $${b.max}.`;
    return null;
  });
  const methods = computed(() => methodsFor(recurring.value, allMethods.value ?? []));
  const monthOptions = computed(() => monthsFor(country.value));

  async function handleListError(error: ApiError) {
    const shown = await viewOfListError(error, { statusDialog: true });
    if (shown.kind === 'sabbath') dialog.value = { kind: 'sabbath', message: shown.message };
    else if (shown.kind === 'status') {
      dialog.value = { kind: 'status', title: shown.title, message: shown.message };
      loadError.value = shown.message;
    } else if (shown.kind === 'inline') loadError.value = shown.message;
  }

  async function loadPlans() {
    loadError.value = null;
    busy.value = true;
    const result = await call(api.subscriptionPlans, {});
    busy.value = false;
    if (result.ok) {
      plans.value = result.data;
      const start = bounds.value?.start;
      if (start !== undefined) price.value = start;
    } else await handleListError(result.error);
  }

  async function loadMethods() {
    if (allMethods.value) return;
    busy.value = true;
    const result = await call(api.subscriptionPaymentMethods, {});
    busy.value = false;
    if (result.ok) allMethods.value = result.data;
    else await handleListError(result.error);
  }

  async function createAndHandOff(record: SubscriptionRecord, container: () => HTMLElement | null) {
    checkoutError.value = null;
    let current = record;
    if (!current.sessionId) {
      busy.value = true;
      const success_url = portalUrlFor('SubscriptionSuccessPage', { session_id: '{CHECKOUT_SESSION_ID}' });
      const cancel_url = portalUrlFor('SubscribePage', { canceled: '{CHECKOUT_SESSION_ID}' });
      const identifier = planIdentifier(record.identifier);
      let created: { id: string; checkoutUrl?: string | undefined; clientSecret?: string | undefined } | ApiError;
      if (E_WALLETS.has(record.method)) {
        const result = await call(
          api.createPaymongoSource,
          { type: record.method, currency: 'PHP' as const, amount: record.amount, interval: record.interval ?? DEFAULT_INTERVAL, identifier, success_url, failed_url: portalUrlFor('SubscriptionSuccessPage', { session_id: '{CHECKOUT_SESSION_ID}', method: record.method }) },
          { idempotencyKey: record.idempotencyKey },
        );
        created = result.ok ? { id: result.data.data.id, checkoutUrl: result.data.checkout_url } : result.error;
      } else {
        const contract = record.method === 'wechat' ? api.createSubscriptionWechatSession : api.createSubscriptionSession;
        const body = {
          currency: record.currency,
          amount: record.amount,
          identifier,
          recurring: record.recurring,
          success_url,
          cancel_url,
          ...(record.recurring === 0 ? { interval: record.interval ?? DEFAULT_INTERVAL } : {}),
        };
        const result = await call(contract, body, { idempotencyKey: record.idempotencyKey });
        created = result.ok ? { id: result.data.id, checkoutUrl: result.data.checkout_url ?? undefined, clientSecret: result.data.client_secret ?? undefined } : result.error;
      }
      busy.value = false;
      if (!('id' in created)) {
        checkoutError.value = created.message;
        return;
      }
      current = { ...record, sessionId: created.id, checkoutUrl: created.checkoutUrl, clientSecret: created.clientSecret };
      writeRecord('subscription', current);
    }
    const outcome = await handOff(current, {
      container,
      label: 'sm-subscribe',
      publishableKey: async () => {
        const key = await call(credits.clientKey, {});
        return key.ok ? key.data.clientKey : null;
      },
      onComplete: () => navigate('SubscriptionSuccessPage', { session_id: current.sessionId ?? '' }),
    });
    if (outcome === 'redirected') busy.value = true;
    else if (outcome === 'error') dialog.value = { kind: 'checkout-error' };
  }

  async function confirm() {
    const query = currentQuery();
    const record = readRecord('subscription');
    const fromQuery = query.session_id && !query.session_id.includes('{') ? query.session_id : null;
    const sessionId = fromQuery ?? record?.sessionId;
    const methodUsed = record?.sessionId === sessionId ? record?.method : (query.method ?? record?.method ?? 'credit_card');
    if (!sessionId) {
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    success.value = { kind: 'confirming' };
    const result = E_WALLETS.has(methodUsed ?? '')
      ? await call(api.confirmPaymongo, { source_id: sessionId })
      : await call(api.confirmSubscription, { session_id: sessionId });
    const outcome = outcomeOf(result);
    if (outcome.kind === 'confirmed') {
      clearPaymentData('subscription');
      await refreshProfile();
      emit(options.host?.() ?? null, 'sm-payment-completed', { kind: 'subscription', sessionId });
      success.value = { kind: 'done' };
      return;
    }
    if (outcome.kind === 'pending') {
      writeRecord('payment-pending', { kind: 'subscription', sessionId, method: methodUsed ?? 'credit_card', tries: 0, at: Date.now() });
      navigate('ResultPendingPage', undefined, { replace: true });
      return;
    }
    if (outcome.kind === 'failed') {
      clearPaymentData('subscription');
      writeRecord('payment-error', { message: outcome.message, at: Date.now() });
      navigate('TransactionFailedPage', undefined, { replace: true });
      return;
    }
    success.value = { kind: 'retry', message: outcome.message };
  }

  const model = {
    view: view as ReadonlySignal<'subscribe' | 'checkout' | 'success'>,
    step: step as ReadonlySignal<Step>,
    busy: busy as ReadonlySignal<boolean>,
    dialog: dialog as ReadonlySignal<Dialog | null>,
    notice: notice as ReadonlySignal<{ tone: 'info' | 'error' | 'success'; text: string } | null>,
    plans: plans as ReadonlySignal<readonly Plan[] | null>,
    plan,
    loadError: loadError as ReadonlySignal<string | null>,
    recurring: recurring as ReadonlySignal<boolean>,
    months: months as ReadonlySignal<number>,
    monthOptions,
    bounds,
    defaultPrice,
    lowestPrice,
    price: price as ReadonlySignal<number>,
    custom: custom as ReadonlySignal<string | null>,
    customError,
    amount,
    methods,
    method: method as ReadonlySignal<string | null>,
    formError: formError as ReadonlySignal<string | null>,
    checkoutError: checkoutError as ReadonlySignal<string | null>,
    success: success as ReadonlySignal<SuccessState>,

    start(next: 'subscribe' | 'checkout' | 'success', container: () => HTMLElement | null = () => null) {
      if (started && view.value === next) return;
      started = true;
      batch(() => {
        view.value = next;
        dialog.value = null;
        notice.value = null;
      });
      if (next === 'subscribe') {
        const query = currentQuery();
        const record = readRecord('subscription');
        if (record?.sessionId && query.canceled && query.canceled === record.sessionId) {
          clearRecord('subscription');
          notice.value = { tone: 'info', text: messages.checkoutCanceled };
        } else if (record) {
          dialog.value = { kind: 'unfinished' };
        }
        if (isMonthly(session.user.value)) notice.value = { tone: 'info', text: messages.alreadyMonthly };
        void loadPlans();
      } else if (next === 'checkout') {
        const record = readRecord('subscription');
        if (!record) {
          navigate('SubscribePage', undefined, { replace: true });
          return;
        }
        void createAndHandOff(record, container);
      } else {
        void confirm();
      }
    },
    retryLoad() {
      if (step.value === 'select-payment') {
        allMethods.value = null;
        void loadMethods();
      } else void loadPlans();
    },
    setRecurring(value: boolean) {
      batch(() => {
        recurring.value = value;
        custom.value = null;
        if (!value && !monthOptions.value.includes(months.value)) months.value = monthOptions.value[0] ?? DEFAULT_INTERVAL;
        price.value = bounds.value?.start ?? 0;
        method.value = null;
      });
    },
    setMonths(value: number) {
      if (!monthOptions.value.includes(value)) return;
      batch(() => {
        months.value = value;
        custom.value = null;
        price.value = bounds.value?.start ?? 0;
      });
    },
    setPrice(value: number) {
      const b = bounds.value;
      if (!b || !Number.isFinite(value)) return;
      price.value = Math.min(Math.max(Math.round(value), b.min), b.max);
    },
    setCustom(value: string | null) {
      custom.value = value;
    },
    next() {
      formError.value = null;
      if (step.value === 'select-duration') {
        if (!plan.value) {
          formError.value = messages.empty;
          return;
        }
        price.value = bounds.value?.start ?? price.value;
        step.value = 'select-amount';
      } else if (step.value === 'select-amount') {
        if (customError.value || amount.value <= 0) return;
        step.value = 'select-payment';
        void loadMethods();
      }
    },
    back() {
      formError.value = null;
      step.value = step.value === 'select-payment' ? 'select-amount' : 'select-duration';
    },
    chooseMethod(id: string) {
      batch(() => {
        method.value = id;
        formError.value = null;
      });
    },
    pay() {
      const p = plan.value;
      if (!p) return;
      if (!method.value || !methods.value.some((m) => m.id === method.value)) {
        formError.value = messages.payment.select;
        return;
      }
      if (customError.value) return;
      const dollars = amount.value;
      const wallet = E_WALLETS.has(method.value);
      writeRecord('subscription', {
        idempotencyKey: newIdempotencyKey(),
        method: method.value,
        currency: wallet ? 'PHP' : p.currency,
        amount: wallet ? pesoAmount(dollars, p.rate) : dollars,
        price: dollars,
        identifier: p.identifier,
        recurring: recurring.value ? 1 : 0,
        ...(recurring.value ? {} : { interval: months.value }),
        createdAt: Date.now(),
      });
      navigate('SubscriptionCheckoutPage');
    },
    retryCheckout(container: () => HTMLElement | null = () => null) {
      const record = readRecord('subscription');
      if (!record) navigate('SubscribePage');
      else void createAndHandOff(record, container);
    },
    retryConfirm() {
      void confirm();
    },
    continuePayment() {
      dialog.value = null;
      navigate('SubscriptionCheckoutPage');
    },
    askCancel() {
      dialog.value = { kind: 'confirm-cancel' };
    },
    confirmCancel() {
      clearPaymentData('subscription');
      batch(() => {
        dialog.value = null;
        notice.value = { tone: 'info', text: messages.canceledNotice };
      });
      setTimeout(() => navigate('HomePage'), CANCEL_REDIRECT_MS);
    },
    keepTransaction() {
      dialog.value = readRecord('subscription') && view.value === 'subscribe' ? { kind: 'unfinished' } : null;
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.kind === 'sabbath') navigate('HomePage');
    },
    /** After success: the app's deep link from the app, else home. */
    finish() {
      if (session.fromApps.value) openAppLink('transaction_done');
      else navigate('HomePage');
    },
  };
  return model;
}

export type SubscribeModel = ReturnType<typeof createSubscribeModel>;
