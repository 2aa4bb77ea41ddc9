/**
 * The state and actions of the membership flow (<sm-subscribe view="subscribe|checkout|success">):
 * the steps select-duration, select-amount and select-payment, the checkout step and the success
 * page. The payment runs in the shared payment engine with the subscription kind.
 */
import { computed, signal } from '@preact/signals-core';
import * as api from '../../shared/api/subscription';
import { planIdentifier, type Plan } from '../../shared/api/subscription';
import { addressOf } from '../../shared/api/contract';
import type { ModelDeps } from '../../shared/deps/deps';
import { createPaymentFlow } from '../../shared/payments/flow';
import { subscriptionCheckout } from '../../shared/payments/kinds/subscription';
import { CARD, chargeFor, createMethodChoice } from '../../shared/payments/methods';
import { isMonthly } from '../../shared/session/membership';
import {
  DEFAULT_INTERVAL,
  ONE_TIME_CUSTOM_MIN,
  monthlyBounds,
  monthsFor,
  oneTimeBounds,
  type SliderBounds,
} from './subscribe.pricing';
import { readOnly } from '../../shared/model/read-only';
import type { TagProps } from '../tags';
import { finishPayment } from '../../shared/routing/finish';
import { precisionMessage, toMinorExact } from '../../shared/format/money';
import '@messages/payments';
import '@messages/subscribe';

export type Step = 'select-duration' | 'select-amount' | 'select-payment';
/** The views of the membership flow itself, of the `view` attribute's values in the tag table (widgets/tags.ts). */
export type FlowView = Extract<TagProps<'sm-subscribe'>['view'], 'subscribe' | 'checkout' | 'success'>;

const MONTHLY_ID = 'premium_monthly';
const ONE_TIME_ID = 'premium_one_time';

/** Picks the monthly and one-time plans from the list (identifiers may carry dashes). */
export function plansOf(list: readonly Plan[]): { monthly: Plan | null; oneTime: Plan | null } {
  return {
    monthly: list.find((p) => planIdentifier(p.identifier) === MONTHLY_ID) ?? null,
    oneTime: list.find((p) => planIdentifier(p.identifier) === ONE_TIME_ID) ?? null,
  };
}

/** What a membership of `dollars` costs with a method, as the draft the engine stores. */
export function membershipDraft(
  plan: Plan,
  choice: { dollars: number; method: string; recurring: boolean; months: number },
) {
  // A monthly membership always pays by card.
  const method = choice.recurring ? CARD : choice.method;
  const { amount, currency } = chargeFor({ dollars: choice.dollars, currency: plan.currency, rate: plan.rate }, method);
  return {
    method,
    currency,
    amount,
    price: choice.dollars,
    identifier: plan.identifier,
    recurring: choice.recurring ? (1 as const) : (0 as const),
    ...(choice.recurring ? {} : { interval: choice.months }),
  };
}

/** The GET the first step makes (the plans, with the person's token): named in its markup (shared/api/early.ts). */
export const firstCalls = (): string => addressOf(api.subscriptionPlans, {});

export function createSubscribeModel(deps: ModelDeps) {
  const { t } = deps.i18n;
  const flow = createPaymentFlow(subscriptionCheckout, deps);
  const { checkout: payment, lists } = flow;
  const step = signal<Step>('select-duration');
  const plans = signal<readonly Plan[] | null>(null);
  const recurring = signal(true);
  const months = signal(DEFAULT_INTERVAL);
  /** The slider's price, or null while it sits at the plan's recommended price. */
  const slider = signal<number | null>(null);
  const custom = signal<string | null>(null);
  const formError = signal<string | null>(null);

  const country = computed(() => deps.session.user.value?.country?.code ?? plans.value?.[0]?.country ?? null);
  const plan = computed(() => {
    const found = plansOf(plans.value ?? []);
    return recurring.value ? found.monthly : found.oneTime;
  });
  const bounds = computed<SliderBounds | null>(() => {
    const p = plan.value;
    if (!p) return null;
    return recurring.value ? monthlyBounds(p) : oneTimeBounds(p, months.value);
  });
  const price = computed(() => slider.value ?? bounds.value?.start ?? 0);
  /** The amount chosen: the custom input when used, else the slider. */
  const amount = computed(() => {
    if (custom.value === null) return price.value;
    const n = Number(custom.value);
    return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
  });
  const customError = computed(() => {
    if (custom.value === null) return null;
    // More decimals than the currency has is refused, as the server refuses it (never rounded).
    const currency = plan.value?.currency ?? 'USD';
    const typed = Number(custom.value);
    if (Number.isFinite(typed) && toMinorExact(typed, currency) === null)
      return precisionMessage(currency, t, deps.i18n.language.value);
    const n = amount.value;
    if (!recurring.value) return n < ONE_TIME_CUSTOM_MIN ? t('subscribe.amount.minimum100') : null;
    const b = bounds.value;
    return b && (n < b.min || n > b.max) ? t('subscribe.amount.between', { min: b.min, max: b.max }) : null;
  });
  const monthOptions = computed(() => monthsFor(country.value));
  const methods = createMethodChoice({
    t,
    load: (into) => lists.load(() => deps.api.call(api.subscriptionPaymentMethods, {}), into, 'payment-status'),
    allow: (m) => !recurring.value || m.id === CARD,
  });

  const loadPlans = () =>
    lists.load(
      () => deps.api.call(api.subscriptionPlans, {}),
      (list) => (plans.value = list),
      'payment-status',
    );

  /** A new duration or number of months starts again from the recommended price. */
  function restartAmount() {
    custom.value = null;
    slider.value = null;
  }

  return {
    payment,
    prompts: flow.prompts,
    ...readOnly({ step, plans, recurring, months, custom, formError }),
    loadError: lists.error,
    /** A payment under way covers the card; a list loading does not (its place says so, and what needs it waits). */
    busy: payment.busy,
    plan,
    monthOptions,
    bounds,
    price,
    customError,
    amount,
    methods,
    /** A monthly partner is told where to manage the membership instead. */
    alreadyMonthly: computed(() => isMonthly(deps.session.user.value)),

    /** The page shown: the view's, or in its place what this page can show (shared/payments/flow.ts). */
    page: flow.page,
    /** Starts a view (once per view): the steps, the hand-off to checkout, or confirming the payment. */
    show(view: FlowView, container: () => HTMLElement | null = () => null) {
      flow.show(view === 'subscribe' ? 'start' : view, { load: () => void loadPlans(), container });
    },
    retryLoad() {
      if (step.value === 'select-payment') void methods.load(true);
      else void loadPlans();
    },
    setRecurring(value: boolean) {
      recurring.value = value;
      if (!value && !monthOptions.value.includes(months.value))
        months.value = monthOptions.value[0] ?? DEFAULT_INTERVAL;
      restartAmount();
    },
    setMonths(value: number) {
      if (!monthOptions.value.includes(value)) return;
      months.value = value;
      restartAmount();
    },
    setPrice(value: number) {
      const b = bounds.value;
      if (!b || !Number.isFinite(value)) return;
      custom.value = null;
      slider.value = Math.min(Math.max(Math.round(value), b.min), b.max);
    },
    setCustom(value: string | null) {
      custom.value = value;
    },
    next() {
      formError.value = null;
      if (step.value === 'select-duration') {
        if (!plan.value) formError.value = t('payments.empty');
        else step.value = 'select-amount';
      } else if (step.value === 'select-amount' && !customError.value && amount.value > 0) {
        step.value = 'select-payment';
        void methods.load();
      }
    },
    back() {
      formError.value = null;
      step.value = step.value === 'select-payment' ? 'select-amount' : 'select-duration';
    },
    chooseMethod: methods.choose,
    pay() {
      const p = plan.value;
      if (!p || customError.value) return;
      const method = methods.required();
      if (!method) return;
      void payment.begin(
        membershipDraft(p, { dollars: amount.value, method, recurring: recurring.value, months: months.value }),
      );
    },
    /** After success: the app's deep link from the app, else home. */
    finish: () => finishPayment(deps, undefined, () => flow.again(() => void loadPlans())),
  };
}

export type SubscribeModel = ReturnType<typeof createSubscribeModel>;
