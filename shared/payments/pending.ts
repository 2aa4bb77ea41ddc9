/**
 * A payment waiting for confirmation (/result/pending). 'Verify Payment' asks again; e-wallet
 * payments are also polled. Each answer is settled by the kind's checkout machine (engine.ts).
 */
import { computed, signal } from '@preact/signals-core';
import type { ModelDeps } from '../deps/deps';
import { WITHOUT_PAYMENT } from '../routing/routes';
import { createCheckout } from './engine';
import { CHECKOUT_KINDS } from './kinds/all';
import { E_WALLETS } from './methods';
import { poll } from './poll';
import { recordsOf } from './records';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES } from './result';

export type PendingStatus =
  | { readonly kind: 'waiting' | 'checking' | 'still-pending' | 'gave-up' }
  | { readonly kind: 'error'; readonly message: string };

export function createPendingPayment(deps: ModelDeps) {
  const records = recordsOf(deps);
  // Another tab may finish and clear the record: keep checking the one this page opened with.
  const opened = records.read('payment-pending');
  const checkout = opened ? createCheckout(CHECKOUT_KINDS[opened.kind], deps) : null;
  const gaveUp = signal(false);
  let stop = () => {};

  const status = computed<PendingStatus>(() => {
    const state = checkout?.state.value;
    if (state?.kind === 'confirming') return { kind: 'checking' };
    if (state?.kind === 'confirm-failed') return { kind: 'error', message: state.message };
    if (gaveUp.value) return { kind: 'gave-up' };
    return { kind: state?.kind === 'waiting' ? 'still-pending' : 'waiting' };
  });

  async function verify(): Promise<'done' | 'again'> {
    if (!opened || !checkout) return 'done';
    if (checkout.state.value.kind === 'confirming') return 'again';
    gaveUp.value = false;
    // The payment this page opened with, as its record now stands (tries counted), else as opened.
    const stored = records.read('payment-pending');
    const outcome = await checkout.recheck(
      stored?.sessionId === opened.sessionId && stored.kind === opened.kind ? stored : opened,
    );
    return outcome.kind === 'confirmed' || outcome.kind === 'failed' ? 'done' : 'again';
  }

  return {
    record: opened,
    status,
    /** E-wallet payments are polled; a card payment waits for the person to verify. */
    wallet: opened ? E_WALLETS.has(opened.method) : false,
    start() {
      if (!opened) {
        deps.nav.go(WITHOUT_PAYMENT.ResultPendingPage!.goes, undefined, { replace: true });
        return;
      }
      if (!E_WALLETS.has(opened.method)) return;
      const poller = poll({
        clock: deps.clock,
        check: verify,
        intervalMs: POLL_INTERVAL_MS,
        maxTries: POLL_MAX_TRIES,
        onGiveUp: () => (gaveUp.value = true),
      });
      stop = () => poller.stop();
    },
    stop: () => stop(),
    verify: () => void verify(),
  };
}

/** The result pages clear what a finished payment left behind; 'Payment Failed!' shows the stored message once. */
export function takePaymentResult(deps: ModelDeps): { failure: string | null } {
  const records = recordsOf(deps);
  const failure = records.read('payment-error')?.message ?? null;
  records.clear('payment-error');
  records.clear('payment-pending');
  return { failure };
}
