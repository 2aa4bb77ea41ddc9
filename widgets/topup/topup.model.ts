/**
 * The state and actions of <sm-topup>: the two steps of a top-up (credits and who they are
 * for, then the payment method), the checkout step and the success page. The payment itself
 * runs in the shared payment engine with the credit kind.
 */
import { computed, signal } from '@preact/signals-core';
import * as credits from '../../shared/api/credits';
import type { CreditOption } from '../../shared/api/credits';
import { addressOf } from '../../shared/api/contract';
import type { ModelDeps } from '../../shared/deps/deps';
import { createPaymentFlow } from '../../shared/payments/flow';
import { creditCheckout } from '../../shared/payments/kinds/credit';
import { CARD, chargeFor, createMethodChoice } from '../../shared/payments/methods';
import { readOnly } from '../../shared/model/read-only';
import type { TagProps } from '../tags';
import { finishPayment } from '../../shared/routing/finish';
import '@messages/topup';

/** The views: the `view` attribute's values in the tag table (widgets/tags.ts). */
export type View = TagProps<'sm-topup'>['view'];

export type SuccessState = { kind: 'confirming' } | { kind: 'self'; balance: number } | { kind: 'other'; code: string };

/** The GET the first step makes (the credit choices, with the person's token): named in its markup (shared/api/early.ts). */
export const firstCalls = (): string => addressOf(credits.creditList, {});

export function createTopupModel(deps: ModelDeps) {
  const { t } = deps.i18n;
  const flow = createPaymentFlow(creditCheckout, deps);
  const { checkout: payment, lists } = flow;
  const step = signal<1 | 2>(1);
  const options = signal<readonly CreditOption[] | null>(null);
  const selected = signal<string | null>(null);
  const purchasefor = signal<1 | 2>(1);
  const formError = signal<string | null>(null);

  const methods = createMethodChoice({
    t,
    load: (into) => lists.load(() => deps.api.call(credits.creditPaymentMethods, {}), into, 'payment'),
    deviceWallet: payment.walletOffered,
  });
  const selectedOption = computed(() => options.value?.find((o) => o.identifier === selected.value) ?? null);
  /** What the chosen option costs with the chosen method (PHP for e-wallets). */
  const charge = computed(() => {
    const option = selectedOption.value;
    return option
      ? chargeFor(
          { dollars: option.price_dollar, currency: option.currency, rate: option.rate },
          methods.method.value ?? CARD,
        )
      : null;
  });

  const loadOptions = () =>
    lists.load(
      () => deps.api.call(credits.creditList, {}),
      (list) => (options.value = list),
      'payment',
    );

  return {
    payment,
    prompts: flow.prompts,
    ...readOnly({ step, options, selected, purchasefor, formError }),
    loadError: lists.error,
    selectedOption,
    methods,
    charge,
    /** A payment under way covers the card; a list loading does not (its place says so, and what needs it waits). */
    busy: payment.busy,
    /** A confirmed top-up: the new balance, or the gift's redemption code. */
    success: computed<SuccessState>(() => {
      const state = payment.state.value;
      if (state.kind !== 'confirmed') return { kind: 'confirming' };
      const code = state.result.redemption_code;
      return code
        ? { kind: 'other', code }
        : { kind: 'self', balance: state.result.credit_balance ?? deps.session.user.value?.credit_balance ?? 0 };
    }),

    /** The page shown: the view's, or in its place what this page can show (shared/payments/flow.ts). */
    page: flow.page,
    /** Starts a view (once per view): the steps, the hand-off to checkout, or confirming the payment. */
    show(view: View, container: () => HTMLElement | null = () => null) {
      flow.show(view === 'topup' ? 'start' : view, { load: () => void loadOptions(), container });
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
        formError.value = t('topup.selectOption');
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
    chooseMethod: methods.choose,
    /** Pays for the chosen option with the chosen method. */
    pay() {
      const option = selectedOption.value;
      if (!option) {
        step.value = 1;
        return;
      }
      const method = methods.required();
      if (!method) return;
      const { amount, currency } = chargeFor(
        { dollars: option.price_dollar, currency: option.currency, rate: option.rate },
        method,
      );
      void payment.begin({
        method,
        currency,
        amount,
        identifier: option.identifier,
        credits: option.price_credit,
        purchasefor: purchasefor.value,
        country: option.country,
      });
    },
    /** Back to Home on the confirmed top-up; inside the app, back through its transaction_done deep link. */
    finish: () =>
      finishPayment(deps, undefined, () => {
        step.value = 1;
        flow.again(() => void loadOptions());
      }),
  };
}

export type TopupModel = ReturnType<typeof createTopupModel>;
