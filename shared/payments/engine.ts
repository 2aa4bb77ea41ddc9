/**
 * The checkout state machine, written once; what differs per kind is in kinds/ (flow.ts wires it
 * to prompts.ts and lists.ts).
 *
 *   begin(draft) ─ stores the checkout (with its Idempotency-Key), then the kind's checkout page
 *     │            or the hand-off in place; the device wallet authorises in place instead
 *     └ checkout() ─ creating (once) ─ redirecting to the hosted checkout, or embedded.
 *                    A checkout that cannot start does what its kind says.
 *   …the person pays elsewhere and comes back to the kind's success route…
 *   confirm() ─ confirming ─ settle(outcome); the pending page asks again with recheck()
 *
 * settle(outcome) is the one place an outcome takes effect:
 *   confirmed ─ clears the records, announces it, reloads the profile and shows it; from the
 *               pending page it hands the result to the success page: confirmed once
 *   pending   ─ keeps a pending record (waiting); the success page goes on to /result/pending
 *   failed    ─ forgets the checkout and goes to 'Payment Failed!' with the message
 *   retry     ─ the call did not get through: keeps everything and offers a retry
 */
import { computed, signal } from '@preact/signals-core';
import type { PaymentResult } from '../api/credits';
import * as credits from '../api/credits';
import type { ApiError } from '../api/errors';
import { walletAvailable, type ModelDeps } from '../deps/deps';
import { WITHOUT_PAYMENT } from '../routing/routes';
import type { CheckoutKind, KindContext, StartFailure } from './kinds/kind';
import { CARD, DEVICE_WALLET } from './methods';
import type { PaymentDialog } from './prompts';
import { newIdempotencyKey, recordsOf, type PaymentPendingRecord } from './records';
import { SUCCESS_REDIRECT_MS, outcomeOf, type PaymentOutcome } from './result';
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
  /** The payment waits for the bank or the e-wallet (the pending page). */
  | { readonly kind: 'waiting' }
  | { readonly kind: 'confirm-failed'; readonly message: string };

type Stored<D> = D & {
  readonly idempotencyKey: string;
  readonly sessionId?: string;
  readonly checkoutUrl?: string;
  readonly clientSecret?: string;
  readonly createdAt: number;
};

/** A payment being confirmed, as its pending record keeps it (less the kind). */
type Waiting = Omit<PaymentPendingRecord, 'kind'>;

/** A hosted checkout's address, if on this page's host, the API host or Stripe's checkout. */
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
    t: deps.i18n.t,
  };
}

export interface CheckoutOptions<R> {
  /** Shows a payment dialog; a page without dialogs leaves it out. */
  readonly tell?: (dialog: PaymentDialog) => void;
  /** A confirmed payment, once, after its `sm-payment-completed`. */
  readonly onConfirmed?: (sessionId: string, result: R) => void;
}

const AUTHORISED: PaymentResult = { result_code: 'Authorised' };

export function createCheckout<D extends { readonly method: string }, R extends PaymentResult>(
  kind: CheckoutKind<D, R>,
  deps: ModelDeps,
  options: CheckoutOptions<R> = {},
) {
  const { t } = deps.i18n;
  const records = recordsOf(deps);
  const state = signal<PaymentState<R>>({ kind: 'idle' });
  const tell = options.tell ?? (() => {});
  let container: () => HTMLElement | null = () => null;
  /** The payment settle() settles, and on which page. */
  let confirming: { readonly waiting: Waiting; readonly on: 'success' | 'pending' } | null = null;
  const walletOffered = () => !!kind.wallet && walletAvailable(deps.deviceWallet());
  // Fetched up front where offered: Safari begins a wallet session only within the tap on Pay.
  let wallet: typeof import('./applepay') | null = null;
  const walletCode = () => import('./applepay').then((code) => (wallet = code));
  if (walletOffered()) void walletCode().catch(() => undefined);

  const stored = () => records.read(kind.record) as Stored<D> | null;

  /** Ends the payment as failed: 'Payment Failed!' shows the message; off the portal, the tag does. */
  function fail(message: string) {
    records.clear('payment-pending');
    if (!deps.nav.onPortalPage()) {
      state.value = { kind: 'confirm-failed', message };
      return;
    }
    records.write('payment-error', { message, at: deps.clock.now() });
    deps.nav.redirect('TransactionFailedPage');
  }

  /** A checkout that could not start, as its kind says. */
  function cannotStart(failure: StartFailure, error: ApiError | null) {
    if (failure.kind === 'retry' && error) {
      state.value = { kind: 'create-failed', error };
      return;
    }
    state.value = { kind: 'idle' };
    if (failure.kind === 'go') {
      if (!deps.nav.redirect(failure.route)) fail(error?.message ?? t('payments.failedFallback'));
    } else if (failure.kind === 'tell') {
      if (failure.forget) records.clear(kind.record);
      tell(failure.dialog);
    }
  }

  /** Announces a confirmed payment, reloads the profile and shows it after half a second. */
  async function confirmed(sessionId: string, result: R) {
    records.clear(kind.record);
    records.clear('payment-pending');
    if (kind.event) deps.emit('sm-payment-completed', { kind: kind.event, sessionId });
    options.onConfirmed?.(sessionId, result);
    await deps.account.refreshProfile();
    deps.clock.after(SUCCESS_REDIRECT_MS, () => (state.value = { kind: 'confirmed', sessionId, result }));
  }

  /** The one place an outcome takes effect (see the top of this file). */
  async function settle(outcome: PaymentOutcome) {
    if (!confirming) return;
    const { waiting, on } = confirming;
    if (outcome.kind === 'confirmed') {
      if (on === 'success') return confirmed(waiting.sessionId, outcome.result as R);
      records.clear(kind.record);
      records.clear('payment-pending');
      records.write('payment-confirmed', {
        kind: kind.record,
        sessionId: waiting.sessionId,
        result: outcome.result,
        at: deps.clock.now(),
      });
      const success = kind.success(waiting.sessionId, waiting.method, null);
      deps.nav.go(success.name, waiting.query ?? success.query, { replace: true });
    } else if (outcome.kind === 'pending') {
      records.write('payment-pending', {
        ...waiting,
        kind: kind.record,
        tries: on === 'pending' ? waiting.tries + 1 : 0,
      });
      state.value = { kind: 'waiting' };
      // Off the portal, the tag says the payment waits.
      if (on === 'success' && !deps.nav.redirect('ResultPendingPage'))
        state.value = { kind: 'confirm-failed', message: t('payments.stillPending') };
    } else if (outcome.kind === 'failed') {
      records.clear(kind.record);
      fail(outcome.message);
    } else state.value = { kind: 'confirm-failed', message: outcome.message };
  }

  /** Asks whether the payment went through; kinds without a check count their return as confirmed. */
  async function check({ sessionId, method }: Waiting): Promise<PaymentOutcome> {
    if (!kind.confirm) return { kind: 'confirmed', result: AUTHORISED };
    state.value = { kind: 'confirming' };
    return outcomeOf(await kind.confirm(kindContext(deps), sessionId, method), t);
  }

  /** The result the pending page saw confirmed for this session, taken once (null when there is none). */
  function handedOver(sessionId: string): R | null {
    const handed = records.read('payment-confirmed');
    if (!handed) return null;
    records.clear('payment-confirmed');
    const result =
      handed.kind === kind.record && handed.sessionId === sessionId ? kind.result.safeParse(handed.result) : null;
    return result?.success ? result.data : null;
  }

  async function handOff(record: Stored<D>) {
    const url = record.checkoutUrl
      ? trustedCheckoutUrl(record.checkoutUrl, { origin: deps.nav.origin, apiBase: deps.api.base })
      : null;
    if (url) {
      state.value = { kind: 'redirecting' };
      deps.nav.leave(url);
      return;
    }
    let problem = 'The payment session has neither a trusted checkout address nor a client secret.';
    if (record.clientSecret) {
      const key = await deps.api.call(credits.clientKey, {});
      const target = container();
      problem = key.ok
        ? 'There is no place to show the embedded checkout.'
        : `No publishable key: ${key.error.message}`;
      if (key.ok && target) {
        try {
          const success = kind.success(record.sessionId ?? '', record.method, record);
          await deps.embedCheckout({
            publishableKey: key.data.clientKey,
            clientSecret: record.clientSecret,
            container: target,
            onComplete: () => deps.nav.go(success.name, success.query),
          });
          state.value = { kind: 'embedded', clientSecret: record.clientSecret };
          return;
        } catch (error) {
          problem = `The embedded checkout failed: ${String(error)}`;
        }
      }
    }
    console.error(`[sm ${kind.record} checkout] ${problem}`);
    cannotStart(kind.noHandOff ?? { kind: 'tell', dialog: { kind: 'checkout-error' } }, null);
  }

  /** Hands the stored draft off to the checkout; false when there is none (and the page stays). */
  async function checkout(): Promise<boolean> {
    let record = stored();
    if (!record) return deps.nav.redirect(kind.startRoute);
    if (!record.sessionId) {
      state.value = { kind: 'creating' };
      const created = await kind.create(kindContext(deps), record);
      if (!created.ok) {
        cannotStart(kind.createRefused?.(created.error, kindContext(deps)) ?? { kind: 'retry' }, created.error);
        return true;
      }
      record = {
        ...record,
        sessionId: created.data.id,
        checkoutUrl: created.data.checkoutUrl,
        clientSecret: created.data.clientSecret,
      };
      records.write(kind.record, record as never);
    }
    await handOff(record);
    return true;
  }

  async function payWithWallet(draft: D) {
    const purchase = kind.wallet?.(draft, t);
    if (!purchase) {
      tell({ kind: 'checkout-error' });
      return;
    }
    state.value = { kind: 'authorising' };
    let pay = wallet?.payWithDeviceWallet;
    if (!pay) {
      try {
        pay = (await walletCode()).payWithDeviceWallet;
      } catch {
        state.value = {
          kind: 'create-failed',
          error: { status: 0, message: t('payments.walletUnavailable'), errorCode: null },
        };
        return;
      }
    }
    const outcome = await pay(deps.api, deps.deviceWallet(), purchase, deps.i18n.t);
    if (outcome.kind === 'paid') await confirmed('', outcome.result as R);
    else if (outcome.kind === 'failed')
      state.value = { kind: 'create-failed', error: { status: 0, message: outcome.message, errorCode: null } };
    else state.value = { kind: 'idle' };
  }

  /** On the success route: confirms the payment the person came back with; false when there is none. */
  async function confirm(): Promise<boolean> {
    const query = deps.nav.query();
    const record = stored();
    const fromQuery = query.session_id && !query.session_id.includes('{') ? query.session_id : null;
    const sessionId = fromQuery ?? record?.sessionId;
    if (!sessionId) return deps.nav.redirect(WITHOUT_PAYMENT[kind.success('', CARD, null).name]!.goes);
    const method = record?.sessionId === sessionId ? record.method : (query.method ?? record?.method ?? CARD);
    const back = kind.success(sessionId, method, record).query;
    confirming = {
      on: 'success',
      waiting: { sessionId, method, ...(back ? { query: back } : {}), tries: 0, at: deps.clock.now() },
    };
    const handed = handedOver(sessionId);
    await settle(handed ? { kind: 'confirmed', result: handed } : await check(confirming.waiting));
    return true;
  }

  return {
    walletOffered,
    state: computed(() => state.value),
    /** A step is under way: buttons wait. */
    busy: computed(() => ['creating', 'redirecting', 'authorising', 'confirming'].includes(state.value.kind)),

    /** Starts paying for a draft; `place` holds an embedded checkout. */
    async begin(draft: D, place?: () => HTMLElement | null) {
      if (place) container = place;
      if (draft.method === DEVICE_WALLET.id) return payWithWallet(draft);
      records.write(kind.record, {
        ...draft,
        idempotencyKey: newIdempotencyKey(),
        createdAt: deps.clock.now(),
      } as never);
      if (kind.checkoutRoute) deps.nav.go(kind.checkoutRoute);
      else await checkout();
    },
    /** The checkout step: creates the session if not yet created, then hands the person off. */
    checkout(place: () => HTMLElement | null = () => null) {
      container = place;
      return checkout();
    },
    /** Continue Payment: back to the kind's checkout page, or the hand-off in place. */
    resume() {
      if (kind.checkoutRoute) deps.nav.go(kind.checkoutRoute);
      else void checkout();
    },
    confirm,
    /** Back to no payment under way. */
    reset() {
      confirming = null;
      state.value = { kind: 'idle' };
    },
    /** On the pending page: asks again about a payment that waits, and settles the answer. */
    async recheck(waiting: PaymentPendingRecord): Promise<PaymentOutcome> {
      confirming = { on: 'pending', waiting };
      const outcome = await check(waiting);
      await settle(outcome);
      return outcome;
    },
    /** Ends the payment as failed before it started (the app's link was refused). */
    fail,
  };
}

export type Checkout<
  D extends { readonly method: string } = { method: string },
  R extends PaymentResult = PaymentResult,
> = ReturnType<typeof createCheckout<D, R>>;
