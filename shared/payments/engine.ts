/**
 * The payment engine: the steps of every checkout, written once.
 *
 *   begin(draft) ─ stores the unfinished checkout (with its Idempotency-Key)
 *     └ checkout() ─ creates the session (once) ─ hands off: leaves for the hosted checkout or
 *                    the e-wallet's page, or mounts the embedded checkout
 *   …the person pays elsewhere and comes back to the kind's success route…
 *   confirm() ─ confirmed: clears the records, reloads the profile, tells the page
 *             ─ pending: keeps a pending record and goes to /result/pending (see pending.ts)
 *             ─ failed: keeps the message and goes to 'Payment Failed!'
 *             ─ the call did not get through: offers a retry, keeping everything
 *
 * The device wallet authorises in place instead of handing off. On the start page, open()
 * warns of an unfinished checkout ('The other transaction are on the way...') with Continue
 * Payment and Cancel Transaction. What differs between kinds of checkout is in kinds.ts.
 */
import { computed, signal } from '@preact/signals-core';
import type { PaymentResult } from '../api/credits';
import * as credits from '../api/credits';
import type { ApiError } from '../api/errors';
import { walletAvailable, type ModelDeps } from '../deps/deps';
import type { CheckoutKind, KindContext } from './kinds/kind';
import { CARD, DEVICE_WALLET } from './methods';
import { createPaymentPrompts } from './prompts';
import { newIdempotencyKey, recordsOf, type Records } from './records';
import { SUCCESS_REDIRECT_MS, outcomeOf } from './result';
import '@messages/payments';

/** Where a payment stands. */
export type PaymentState<R = PaymentResult> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'creating' }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'embedded'; readonly clientSecret: string }
  | { readonly kind: 'authorising' }
  | { readonly kind: 'create-failed'; readonly error: ApiError }
  | { readonly kind: 'confirming' }
  | { readonly kind: 'confirmed'; readonly sessionId: string; readonly result: R }
  | { readonly kind: 'confirm-failed'; readonly message: string };

type Stored<D> = D & { readonly idempotencyKey: string; readonly sessionId?: string; readonly checkoutUrl?: string; readonly clientSecret?: string; readonly createdAt: number };

/** The address of a hosted checkout, when it is one the person may be sent to: this page's host, the API host, or Stripe's checkout. */
export function trustedCheckoutUrl(url: string, page: { origin: string; apiBase: string }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, page.origin || undefined);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password) return null;
  if (parsed.protocol === 'https:' && parsed.hostname === 'checkout.stripe.com') return parsed.href;
  const allowed = new Set([page.origin]);
  try {
    if (page.apiBase) allowed.add(new URL(page.apiBase).origin);
  } catch {
    /* a bad base adds nothing */
  }
  return allowed.has(parsed.origin) ? parsed.href : null;
}

export function kindContext(deps: ModelDeps): KindContext {
  return {
    api: deps.api,
    url: deps.nav.portalUrlFor,
    wait: (ms) => new Promise((resolve) => deps.clock.after(ms, resolve)),
    signedIn: deps.session.isSignedIn.value,
  };
}

/** Records a failure for the 'Payment Failed!' page and goes there. */
export function showFailure(deps: ModelDeps, records: Records, message: string): void {
  records.clear('payment-pending');
  records.write('payment-error', { message, at: deps.clock.now() });
  deps.nav.go('TransactionFailedPage', undefined, { replace: true });
}

export function createCheckout<D extends { readonly method: string }, R extends PaymentResult>(
  kind: CheckoutKind<D, R>,
  deps: ModelDeps,
  options: { onConfirmed?: (sessionId: string, result: R) => void } = {},
) {
  const { t } = deps.i18n;
  const records = recordsOf(deps);
  const state = signal<PaymentState<R>>({ kind: 'idle' });
  const prompts = createPaymentPrompts(deps, { record: kind.record, resume: () => (kind.checkoutRoute ? deps.nav.go(kind.checkoutRoute) : void checkout()) });
  let container: () => HTMLElement | null = () => null;
  /** The device wallet is offered for kinds that take it, where the browser has one. */
  const walletOffered = () => !!kind.wallet && walletAvailable(deps.deviceWallet());
  // Paying with it is fetched only where it is offered, as the checkout starts, so that a tap on Pay finds it here:
  // Safari begins a wallet session only within the tap.
  let wallet: typeof import('./applepay') | null = null;
  const walletCode = () => import('./applepay').then((code) => (wallet = code));
  if (walletOffered()) void walletCode().catch(() => undefined);

  let shownPage: string | null = null;
  const stored = () => records.read(kind.record) as Stored<D> | null;
  const fail = (message: string) => {
    records.clear(kind.record);
    showFailure(deps, records, message);
  };

  async function confirmed(sessionId: string, result: R) {
    records.clear(kind.record);
    records.clear('payment-pending');
    if (kind.event) deps.emit('sm-payment-completed', { kind: kind.event, sessionId });
    options.onConfirmed?.(sessionId, result);
    await deps.account.refreshProfile();
    deps.clock.after(SUCCESS_REDIRECT_MS, () => (state.value = { kind: 'confirmed', sessionId, result }));
  }

  async function handOff(record: Stored<D>) {
    const url = record.checkoutUrl ? trustedCheckoutUrl(record.checkoutUrl, { origin: deps.nav.origin, apiBase: deps.api.base }) : null;
    if (url) {
      state.value = { kind: 'redirecting' };
      deps.nav.leave(url);
      return;
    }
    let problem = 'The payment session has neither a trusted checkout address nor a client secret.';
    if (record.clientSecret) {
      const key = await deps.api.call(credits.clientKey, {});
      const target = container();
      problem = key.ok ? 'There is no place to show the embedded checkout.' : `No publishable key: ${key.error.message}`;
      if (key.ok && target) {
        try {
          const sessionId = record.sessionId ?? '';
          await deps.embedCheckout({ publishableKey: key.data.clientKey, clientSecret: record.clientSecret, container: target, onComplete: () => deps.nav.go(kind.success(sessionId, record.method, record).name, kind.success(sessionId, record.method, record).query) });
          state.value = { kind: 'embedded', clientSecret: record.clientSecret };
          return;
        } catch (error) {
          problem = `The embedded checkout failed: ${String(error)}`;
        }
      }
    }
    console.error(`[sm ${kind.record} checkout] ${problem}`);
    state.value = { kind: 'idle' };
    prompts.show({ kind: 'checkout-error' });
  }

  async function checkout() {
    let record = stored();
    if (!record) {
      deps.nav.go(kind.startRoute, undefined, { replace: true });
      return;
    }
    if (!record.sessionId) {
      state.value = { kind: 'creating' };
      const created = await kind.create(kindContext(deps), record);
      if (!created.ok) {
        state.value = { kind: 'create-failed', error: created.error };
        return;
      }
      record = { ...record, sessionId: created.data.id, checkoutUrl: created.data.checkoutUrl, clientSecret: created.data.clientSecret };
      records.write(kind.record, record as never);
    }
    await handOff(record);
  }

  async function payWithWallet(draft: D) {
    const purchase = kind.wallet?.(draft);
    if (!purchase) {
      prompts.show({ kind: 'checkout-error' });
      return;
    }
    state.value = { kind: 'authorising' };
    let pay = wallet?.payWithDeviceWallet;
    if (!pay) {
      try {
        pay = (await walletCode()).payWithDeviceWallet;
      } catch {
        state.value = { kind: 'create-failed', error: { status: 0, message: t('payments.walletUnavailable'), errorCode: null } };
        return;
      }
    }
    const outcome = await pay(deps.api, deps.deviceWallet(), purchase, deps.i18n.t);
    if (outcome.kind === 'paid') await confirmed('', outcome.result as R);
    else if (outcome.kind === 'failed') state.value = { kind: 'create-failed', error: { status: 0, message: outcome.message, errorCode: null } };
    else state.value = { kind: 'idle' };
  }

  async function confirm() {
    const query = deps.nav.query();
    const record = stored();
    const fromQuery = query.session_id && !query.session_id.includes('{') ? query.session_id : null;
    const sessionId = fromQuery ?? record?.sessionId;
    if (!sessionId) {
      deps.nav.go('HomePage', undefined, { replace: true });
      return;
    }
    const method = record?.sessionId === sessionId ? record.method : (query.method ?? record?.method ?? CARD);
    if (!kind.confirm) {
      await confirmed(sessionId, { result_code: 'Authorised' } as R);
      return;
    }
    state.value = { kind: 'confirming' };
    const outcome = outcomeOf(await kind.confirm(kindContext(deps), sessionId, method), deps.i18n.t);
    if (outcome.kind === 'confirmed') await confirmed(sessionId, outcome.result as R);
    else if (outcome.kind === 'pending') {
      const query = kind.success(sessionId, method, record).query;
      records.write('payment-pending', { kind: kind.record, sessionId, method, ...(query ? { query } : {}), tries: 0, at: deps.clock.now() });
      deps.nav.go('ResultPendingPage', undefined, { replace: true });
    } else if (outcome.kind === 'failed') fail(outcome.message);
    else state.value = { kind: 'confirm-failed', message: outcome.message };
  }

  /** On the start page: a checkout cancelled at the provider says so; an unfinished one asks what to do. */
  function open() {
    const query = deps.nav.query();
    const record = stored();
    if (record?.sessionId && query.canceled === record.sessionId) {
      records.clear(kind.record);
      prompts.say({ tone: 'info', text: t('payments.checkoutCanceled') });
    } else prompts.warnUnfinished();
  }

  return {
    ...prompts,
    walletOffered,
    state: computed(() => state.value),
    /** A step is under way: buttons wait. */
    busy: computed(() => ['creating', 'redirecting', 'authorising', 'confirming'].includes(state.value.kind)),

    /** On the start page: a checkout cancelled at the provider says so; an unfinished one asks what to do. */
    open,
    /** Starts paying for a draft (the device wallet authorises in place); `place` holds an embedded checkout shown in place. */
    async begin(draft: D, place?: () => HTMLElement | null) {
      if (place) container = place;
      if (draft.method === DEVICE_WALLET.id) return payWithWallet(draft);
      records.write(kind.record, { ...draft, idempotencyKey: newIdempotencyKey(), createdAt: deps.clock.now() } as never);
      if (kind.checkoutRoute) deps.nav.go(kind.checkoutRoute);
      else await checkout();
    },
    /** The checkout step: creates the session if not yet created, then hands the person off. */
    checkout(place: () => HTMLElement | null = () => null) {
      container = place;
      return checkout();
    },
    /** On the success route: asks the API host whether the payment went through. */
    confirm,
    /**
     * Starts one of a checkout flow's pages, once each: the start page (the prompt about an
     * unfinished checkout, then `load` for its lists), the checkout page (the hand-off) or the
     * success page (the confirmation).
     */
    showPage(page: 'start' | 'checkout' | 'success', options: { load: () => void; container?: () => HTMLElement | null }) {
      if (shownPage === page) return;
      shownPage = page;
      if (page === 'checkout') {
        container = options.container ?? container;
        return void checkout();
      }
      if (page === 'success') return void confirm();
      open();
      options.load();
    },
    /** Forgets the unfinished checkout (the next one starts with a new Idempotency-Key). */
    discard() {
      records.clear(kind.record);
      state.value = { kind: 'idle' };
    },
  };
}

export type Checkout<D extends { readonly method: string } = { method: string }, R extends PaymentResult = PaymentResult> = ReturnType<typeof createCheckout<D, R>>;
