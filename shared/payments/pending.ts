/**
 * A payment waiting for confirmation (/result/pending): a card that needs authenticating, or
 * an e-wallet payment authorised on another device. 'Verify Payment' asks again, as often as
 * the person likes; e-wallet payments are also checked every 5 s, 12 times at most. Once
 * confirmed the person goes to the kind's success page; a refusal goes to 'Payment Failed!'.
 */
import { computed, signal } from '@preact/signals-core';
import type { ModelDeps } from '../deps/deps';
import { showFailure, kindContext } from './engine';
import { CHECKOUT_KINDS } from './kinds/all';
import { E_WALLETS } from './methods';
import { poll } from './poll';
import { recordsOf } from './records';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES, outcomeOf } from './result';

export type PendingStatus = { readonly kind: 'waiting' | 'checking' | 'still-pending' | 'gave-up' } | { readonly kind: 'error'; readonly message: string };

export function createPendingPayment(deps: ModelDeps) {
  const records = recordsOf(deps);
  // Another tab may finish and clear the record: keep checking the one this page opened with.
  const opened = records.read('payment-pending');
  const status = signal<PendingStatus>({ kind: 'waiting' });
  let stop = () => {};

  async function verify(): Promise<'done' | 'again'> {
    const current = records.read('payment-pending') ?? opened;
    if (!current) return 'done';
    if (status.value.kind === 'checking') return 'again';
    status.value = { kind: 'checking' };
    const kind = CHECKOUT_KINDS[current.kind];
    const outcome = kind.confirm ? outcomeOf(await kind.confirm(kindContext(deps), current.sessionId, current.method), deps.i18n.t) : ({ kind: 'confirmed' } as const);
    if (outcome.kind === 'confirmed') {
      records.clear('payment-pending');
      void deps.account.refreshProfile();
      const success = kind.success(current.sessionId, current.method, null);
      deps.nav.go(success.name, current.query ?? success.query, { replace: true });
      return 'done';
    }
    if (outcome.kind === 'failed') {
      showFailure(deps, records, outcome.message);
      return 'done';
    }
    records.write('payment-pending', { ...current, tries: current.tries + 1 });
    status.value = outcome.kind === 'retry' ? { kind: 'error', message: outcome.message } : { kind: 'still-pending' };
    return 'again';
  }

  return {
    record: opened,
    status: computed(() => status.value),
    /** E-wallet payments are polled; a card payment waits for the person to verify. */
    wallet: opened ? E_WALLETS.has(opened.method) : false,
    start() {
      if (!opened) {
        deps.nav.go('HomePage', undefined, { replace: true });
        return;
      }
      if (!E_WALLETS.has(opened.method)) return;
      const poller = poll({ clock: deps.clock, check: verify, intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES, onGiveUp: () => (status.value = { kind: 'gave-up' }) });
      stop = () => poller.stop();
    },
    stop: () => stop(),
    verify: () => void verify(),
  };
}

export type PendingPayment = ReturnType<typeof createPendingPayment>;

/** The result pages clear what a finished payment left behind; 'Payment Failed!' shows the stored message once. */
export function takePaymentResult(deps: ModelDeps): { failure: string | null } {
  const records = recordsOf(deps);
  const failure = records.read('payment-error')?.message ?? null;
  records.clear('payment-error');
  records.clear('payment-pending');
  return { failure };
}
