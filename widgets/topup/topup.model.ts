/**
 * The state and actions of <sm-topup> (signals): the two steps of a top-up, the hand-off to
 * checkout, and the success page that confirms the payment. All API calls happen here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as credits from '../../shared/api/credits';
import type { CreditOption, PaymentMethod } from '../../shared/api/credits';
import type { ApiError } from '../../shared/api/errors';
import { emit } from '../../shared/events/events';
import { portalUrlFor } from '../../shared/payments/checkout';
import { handOff } from '../../shared/payments/handoff';
import { viewOfListError } from '../../shared/payments/list-errors';
import type { PaymentDialog } from '../../shared/payments/PaymentDialogs';
import { DEVICE_WALLET, deviceWalletAvailable, payWithDeviceWallet } from '../../shared/payments/applepay';
import { formatCredits } from '../../shared/format/money';
import { clearPaymentData, clearRecord, newIdempotencyKey, readRecord, writeRecord, type CreditRecord } from '../../shared/payments/records';
import { CANCEL_REDIRECT_MS, E_WALLETS, SUCCESS_REDIRECT_MS, outcomeOf } from '../../shared/payments/result';
import { currentQuery, navigate, openAppLink } from '../../shared/routing/navigate';
import { refreshProfile } from '../../shared/session/account';
import { session } from '../../shared/session/session';
import { messages } from './topup.messages';

export const VIEWS = ['topup', 'checkout', 'success'] as const;
export type View = (typeof VIEWS)[number];

export function parseView(value: unknown): View {
  if (value === undefined || value === null || value === '') return 'topup';
  if (typeof value === 'string' && (VIEWS as readonly string[]).includes(value)) return value as View;
  console.warn(`[sm-topup] Unknown view="${String(value)}". Use one of: ${VIEWS.join(', ')}. Showing "topup".`);
  return 'topup';
}

export type Dialog = PaymentDialog;

export type SuccessState =
  | { kind: 'confirming' }
  | { kind: 'self'; balance: number }
  | { kind: 'other'; code: string }
  | { kind: 'retry'; message: string };

/** The amount and currency charged for an option by a method (spec section 5: PHP for e-wallets). */
export function chargeFor(option: CreditOption, method: string): { amount: number; currency: string } {
  if (E_WALLETS.has(method)) return { amount: Math.round(option.price_dollar * option.rate * 100) / 100, currency: 'PHP' };
  return { amount: option.price_dollar, currency: option.currency };
}

export function createTopupModel(options: { host?: () => EventTarget | null } = {}) {
  const view = signal<View>('topup');
  const step = signal<1 | 2>(1);
  const busy = signal(false);
  const dialog = signal<Dialog | null>(null);
  const notice = signal<{ tone: 'info' | 'error' | 'success'; text: string } | null>(null);
  const creditOptions = signal<readonly CreditOption[] | null>(null);
  const loadError = signal<string | null>(null);
  const selected = signal<string | null>(null);
  const purchasefor = signal<1 | 2>(1);
  const methods = signal<readonly PaymentMethod[] | null>(null);
  const method = signal<string | null>(null);
  const formError = signal<string | null>(null);
  const checkoutError = signal<string | null>(null);
  const success = signal<SuccessState>({ kind: 'confirming' });
  const embedded = signal<{ clientSecret: string } | null>(null);
  const selectedOption = computed(() => creditOptions.value?.find((o) => o.identifier === selected.value) ?? null);
  let started = false;

  async function handleListError(error: ApiError) {
    const view = await viewOfListError(error, { statusDialog: false });
    if (view.kind === 'sabbath') dialog.value = { kind: 'sabbath', message: view.message };
    else if (view.kind === 'status') dialog.value = { kind: 'status', title: view.title, message: view.message };
    else if (view.kind === 'inline') loadError.value = view.message;
  }

  async function loadOptions() {
    loadError.value = null;
    busy.value = true;
    const result = await call(credits.creditList, {});
    busy.value = false;
    if (result.ok) creditOptions.value = result.data;
    else await handleListError(result.error);
  }

  async function loadMethods() {
    if (methods.value) return;
    loadError.value = null;
    busy.value = true;
    const result = await call(credits.creditPaymentMethods, {});
    busy.value = false;
    // The device wallet appears only where the browser offers it.
    if (result.ok) methods.value = deviceWalletAvailable() ? [...result.data.filter((m) => m.id !== DEVICE_WALLET.id), DEVICE_WALLET] : result.data.filter((m) => m.id !== DEVICE_WALLET.id);
    else await handleListError(result.error);
  }

  function goHomeSoon() {
    setTimeout(() => navigate('HomePage'), CANCEL_REDIRECT_MS);
  }

  async function createAndHandOff(record: CreditRecord, container: () => HTMLElement | null) {
    checkoutError.value = null;
    let current = record;
    if (!current.sessionId) {
      busy.value = true;
      const body = {
        currency: record.currency,
        amount: record.amount,
        credit: record.credits,
        identifier: record.identifier,
        purchasefor: record.purchasefor,
        method: record.method,
        success_url: portalUrlFor('SuccessPage', { type: record.purchasefor === 1 ? 'self' : 'other', session_id: '{CHECKOUT_SESSION_ID}' }),
        cancel_url: portalUrlFor('TopUpPage', { canceled: '{CHECKOUT_SESSION_ID}' }),
      };
      const contract = record.method === 'wechat' ? credits.createCreditWechatSession : credits.createCreditSession;
      const result = await call(contract, body, { idempotencyKey: record.idempotencyKey });
      busy.value = false;
      if (!result.ok) {
        checkoutError.value = result.error.message;
        return;
      }
      current = {
        ...record,
        sessionId: result.data.id,
        checkoutUrl: result.data.checkout_url ?? undefined,
        clientSecret: result.data.client_secret ?? undefined,
      };
      writeRecord('credit', current);
    }
    const outcome = await handOff(current, {
      container,
      label: 'sm-topup',
      publishableKey: async () => {
        const key = await call(credits.clientKey, {});
        return key.ok ? key.data.clientKey : null;
      },
      onComplete: () => navigate('SuccessPage', { type: current.purchasefor === 1 ? 'self' : 'other', session_id: current.sessionId ?? '' }),
    });
    if (outcome === 'redirected') busy.value = true;
    else if (outcome === 'embedded') embedded.value = { clientSecret: current.clientSecret ?? '' };
    else dialog.value = { kind: 'checkout-error' };
  }

  async function confirm() {
    const query = currentQuery();
    const record = readRecord('credit');
    const sessionId = query.session_id && query.session_id !== '{CHECKOUT_SESSION_ID}' ? query.session_id : record?.sessionId;
    if (!sessionId) {
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    success.value = { kind: 'confirming' };
    const result = await call(credits.confirmCreditSession, { session_id: sessionId });
    const outcome = outcomeOf(result);
    if (outcome.kind === 'confirmed') {
      clearPaymentData('credit');
      const code = outcome.result.redemption_code;
      const balance = outcome.result.credit_balance;
      emit(options.host?.() ?? null, 'sm-payment-completed', { kind: 'credit', sessionId });
      void refreshProfile();
      setTimeout(() => {
        success.value = code ? { kind: 'other', code } : { kind: 'self', balance: balance ?? session.user.value?.credit_balance ?? 0 };
      }, SUCCESS_REDIRECT_MS);
      return;
    }
    if (outcome.kind === 'pending') {
      writeRecord('payment-pending', {
        kind: 'credit',
        sessionId,
        method: record?.method ?? 'credit_card',
        purchasefor: record?.purchasefor ?? (query.type === 'other' ? 2 : 1),
        tries: 0,
        at: Date.now(),
      });
      navigate('ResultPendingPage', undefined, { replace: true });
      return;
    }
    if (outcome.kind === 'failed') {
      clearPaymentData('credit');
      writeRecord('payment-error', { message: outcome.message, at: Date.now() });
      navigate('TransactionFailedPage', undefined, { replace: true });
      return;
    }
    success.value = { kind: 'retry', message: outcome.message };
  }

  const model = {
    view: view as ReadonlySignal<View>,
    step: step as ReadonlySignal<1 | 2>,
    busy: busy as ReadonlySignal<boolean>,
    dialog: dialog as ReadonlySignal<Dialog | null>,
    notice: notice as ReadonlySignal<{ tone: 'info' | 'error' | 'success'; text: string } | null>,
    creditOptions: creditOptions as ReadonlySignal<readonly CreditOption[] | null>,
    loadError: loadError as ReadonlySignal<string | null>,
    selected: selected as ReadonlySignal<string | null>,
    selectedOption,
    purchasefor: purchasefor as ReadonlySignal<1 | 2>,
    methods: methods as ReadonlySignal<readonly PaymentMethod[] | null>,
    method: method as ReadonlySignal<string | null>,
    formError: formError as ReadonlySignal<string | null>,
    checkoutError: checkoutError as ReadonlySignal<string | null>,
    success: success as ReadonlySignal<SuccessState>,
    embedded: embedded as ReadonlySignal<{ clientSecret: string } | null>,

    start(next: View, container: () => HTMLElement | null = () => null) {
      if (started && view.value === next) return;
      started = true;
      batch(() => {
        view.value = next;
        dialog.value = null;
        notice.value = null;
      });
      if (next === 'topup') {
        const query = currentQuery();
        const record = readRecord('credit');
        if (record?.sessionId && query.canceled && query.canceled === record.sessionId) {
          clearRecord('credit');
          notice.value = { tone: 'info', text: messages.checkoutCanceled };
        } else if (record) {
          dialog.value = { kind: 'unfinished' };
        }
        void loadOptions();
      } else if (next === 'checkout') {
        const record = readRecord('credit');
        if (!record) {
          navigate('TopUpPage', undefined, { replace: true });
          return;
        }
        void createAndHandOff(record, container);
      } else {
        void confirm();
      }
    },
    retryLoad() {
      if (step.value === 1) void loadOptions();
      else {
        methods.value = null;
        void loadMethods();
      }
    },
    choose(identifier: string) {
      batch(() => {
        selected.value = identifier;
        formError.value = null;
      });
    },
    setPurchaseFor(value: 1 | 2) {
      purchasefor.value = value;
    },
    next() {
      if (!selectedOption.value) {
        formError.value = messages.selectOption;
        return;
      }
      batch(() => {
        formError.value = null;
        step.value = 2;
      });
      void loadMethods();
    },
    back() {
      batch(() => {
        formError.value = null;
        step.value = 1;
      });
    },
    chooseMethod(id: string) {
      batch(() => {
        method.value = id;
        formError.value = null;
      });
    },
    /** Stores the unfinished transaction, then goes to the checkout step. */
    pay() {
      const option = selectedOption.value;
      if (!option) {
        step.value = 1;
        return;
      }
      if (!method.value) {
        formError.value = messages.selectMethod;
        return;
      }
      const charge = chargeFor(option, method.value);
      if (method.value === DEVICE_WALLET.id) {
        // The wallet pays in place: no hosted checkout, no stored session.
        void payWithDeviceWallet({
          label: formatCredits(option.price_credit),
          amount: charge.amount,
          currency: charge.currency,
          countryCode: option.country,
          identifier: option.identifier,
          purchasefor: purchasefor.value,
        }).then((outcome) => {
          if (outcome.kind === 'paid') {
            void refreshProfile();
            batch(() => {
              view.value = 'success';
              const code = outcome.result.redemption_code;
              success.value = code ? { kind: 'other', code } : { kind: 'self', balance: outcome.result.credit_balance ?? 0 };
            });
          } else if (outcome.kind === 'failed') {
            formError.value = outcome.message;
          }
        });
        return;
      }
      writeRecord('credit', {
        idempotencyKey: newIdempotencyKey(),
        method: method.value,
        currency: charge.currency,
        amount: charge.amount,
        identifier: option.identifier,
        credits: option.price_credit,
        purchasefor: purchasefor.value,
        createdAt: Date.now(),
      });
      navigate('CheckoutPage');
    },
    retryCheckout(container: () => HTMLElement | null = () => null) {
      const record = readRecord('credit');
      if (!record) navigate('TopUpPage');
      else void createAndHandOff(record, container);
    },
    retryConfirm() {
      void confirm();
    },
    continuePayment() {
      dialog.value = null;
      navigate('CheckoutPage');
    },
    askCancel() {
      dialog.value = { kind: 'confirm-cancel' };
    },
    /** Cancel Transaction: clear the record and go home after 1 second (spec section 4). */
    confirmCancel() {
      clearPaymentData('credit');
      batch(() => {
        dialog.value = null;
        notice.value = { tone: 'info', text: messages.canceledNotice };
      });
      goHomeSoon();
    },
    keepTransaction() {
      dialog.value = readRecord('credit') && view.value === 'topup' ? { kind: 'unfinished' } : null;
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.kind === 'sabbath') navigate('HomePage');
    },
    /** Back to Home; inside the app, back through its transaction_done deep link. */
    goHome() {
      dialog.value = null;
      if (session.fromApps.value && view.value === 'success') openAppLink('transaction_done');
      else navigate('HomePage');
    },
  };
  return model;
}

export type TopupModel = ReturnType<typeof createTopupModel>;
