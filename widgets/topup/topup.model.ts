/**
 * The state and actions of <sm-topup>: the two steps of a top-up (credits and who they are
 * for, then the payment method), the checkout step and the success page. The payment itself
 * runs in the shared payment engine with the credit kind.
 */
import { computed, signal } from '@preact/signals-core';
import * as credits from '../../shared/api/credits';
import type { CreditOption } from '../../shared/api/credits';
import type { ModelDeps } from '../../shared/deps/deps';
import { walletAvailable } from '../../shared/payments/applepay';
import { createCheckout } from '../../shared/payments/engine';
import { creditCheckout } from '../../shared/payments/kinds/credit';
import { paymentMessages } from '../../shared/payments/messages';
import { CARD, chargeFor, createMethodChoice } from '../../shared/payments/methods';
import { messages } from './topup.messages';

export type View = 'topup' | 'checkout' | 'success';

export type SuccessState = { kind: 'confirming' } | { kind: 'self'; balance: number } | { kind: 'other'; code: string };

export function createTopupModel(deps: ModelDeps) {
  const payment = createCheckout(creditCheckout, deps);
  const step = signal<1 | 2>(1);
  const options = signal<readonly CreditOption[] | null>(null);
  const loading = signal(false);
  const loadError = signal<string | null>(null);
  const selected = signal<string | null>(null);
  const purchasefor = signal<1 | 2>(1);
  const formError = signal<string | null>(null);
  let shown: View | null = null;

  const methods = createMethodChoice({
    load: () => deps.api.call(credits.creditPaymentMethods, {}),
    deviceWallet: () => walletAvailable(deps.deviceWallet()),
    onError: async (error) => (loadError.value = await payment.showListError(error, { statusDialog: false })),
  });
  const selectedOption = computed(() => options.value?.find((o) => o.identifier === selected.value) ?? null);
  /** What the chosen option costs with the chosen method (PHP for e-wallets). */
  const charge = computed(() => {
    const option = selectedOption.value;
    return option ? chargeFor({ dollars: option.price_dollar, currency: option.currency, rate: option.rate }, methods.method.value ?? CARD) : null;
  });

  async function loadOptions() {
    loadError.value = null;
    loading.value = true;
    const result = await deps.api.call(credits.creditList, {});
    loading.value = false;
    if (result.ok) options.value = result.data;
    else loadError.value = await payment.showListError(result.error, { statusDialog: false });
  }

  return {
    payment,
    step: computed(() => step.value),
    options: computed(() => options.value),
    loadError: computed(() => loadError.value),
    selected: computed(() => selected.value),
    selectedOption,
    purchasefor: computed(() => purchasefor.value),
    methods,
    charge,
    formError: computed(() => formError.value),
    busy: computed(() => loading.value || payment.busy.value),
    /** A confirmed top-up: the new balance, or the gift's redemption code. */
    success: computed<SuccessState>(() => {
      const state = payment.state.value;
      if (state.kind !== 'confirmed') return { kind: 'confirming' };
      const code = state.result.redemption_code;
      return code ? { kind: 'other', code } : { kind: 'self', balance: state.result.credit_balance ?? deps.session.user.value?.credit_balance ?? 0 };
    }),

    /** Starts a view (once per view): the steps, the hand-off to checkout, or confirming the payment. */
    show(view: View, container: () => HTMLElement | null = () => null) {
      if (shown === view) return;
      shown = view;
      if (view === 'topup') {
        payment.open();
        void loadOptions();
      } else if (view === 'checkout') void payment.checkout(container);
      else void payment.confirm();
    },
    retryLoad() {
      if (step.value === 1) void loadOptions();
      else void methods.load(true);
    },
    choose(identifier: string) {
      selected.value = identifier;
      formError.value = null;
    },
    setPurchaseFor(value: 1 | 2) {
      purchasefor.value = value;
    },
    next() {
      if (!selectedOption.value) {
        formError.value = messages.selectOption;
        return;
      }
      formError.value = null;
      step.value = 2;
      void methods.load();
    },
    back() {
      formError.value = null;
      step.value = 1;
    },
    chooseMethod(id: string) {
      methods.choose(id);
      formError.value = null;
    },
    /** Pays for the chosen option with the chosen method. */
    pay() {
      const option = selectedOption.value;
      const method = methods.method.value;
      if (!option) {
        step.value = 1;
        return;
      }
      if (!method) {
        formError.value = paymentMessages.selectMethod;
        return;
      }
      const { amount, currency } = chargeFor({ dollars: option.price_dollar, currency: option.currency, rate: option.rate }, method);
      void payment.begin({ method, currency, amount, identifier: option.identifier, credits: option.price_credit, purchasefor: purchasefor.value, country: option.country });
    },
    /** Back to Home; inside the app, back through its transaction_done deep link. */
    goHome() {
      if (deps.session.fromApps.value && payment.state.value.kind === 'confirmed') deps.nav.openAppLink('transaction_done');
      else deps.nav.go('HomePage');
    },
  };
}

export type TopupModel = ReturnType<typeof createTopupModel>;
