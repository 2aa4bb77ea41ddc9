/**
 * What a payment page says around the payment: the unfinished-transaction warning and its
 * answers, the notice after a cancel, and the dialogs engine.ts and lists.ts ask for (`show`).
 */
import { computed, signal } from '@preact/signals-core';
import type { ModelDeps } from '../deps/deps';
import { recordsOf, type RecordName } from './records';
import { CANCEL_REDIRECT_MS } from './result';
import '@messages/payments';

/** The dialogs every payment flow shares (PaymentDialogs.tsx draws them). */
export type PaymentDialog =
  | { readonly kind: 'unfinished' }
  | { readonly kind: 'confirm-cancel' }
  | { readonly kind: 'sabbath'; readonly message: string }
  | { readonly kind: 'status'; readonly title: string; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'error'; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'checkout-error' };

export interface NoticeState {
  readonly tone: 'info' | 'error' | 'success';
  readonly text: string;
}

export function createPaymentPrompts(deps: ModelDeps, options: { record: RecordName; resume: () => void }) {
  const { t } = deps.i18n;
  const records = recordsOf(deps);
  const dialog = signal<PaymentDialog | null>(null);
  const notice = signal<NoticeState | null>(null);
  let warned = false;

  /** Warns when a transaction of this kind is unfinished; whether it did. */
  function warnUnfinished(): boolean {
    warned = records.read(options.record) !== null;
    if (warned) dialog.value = { kind: 'unfinished' };
    return warned;
  }

  /** A checkout cancelled at the provider (`canceled` in the address) says nothing was charged. */
  function canceledThere(): boolean {
    const stored = records.read(options.record);
    const canceled = deps.nav.query().canceled;
    if (!stored || !('sessionId' in stored) || !stored.sessionId || canceled !== stored.sessionId) return false;
    records.clear(options.record);
    notice.value = { tone: 'info', text: t('payments.checkoutCanceled') };
    return true;
  }

  return {
    dialog: computed(() => dialog.value),
    notice: computed(() => notice.value),
    canceledThere,
    /** On the start page: a cancelled checkout says so; an unfinished one warns. */
    open() {
      if (!canceledThere()) warnUnfinished();
    },
    warnUnfinished,
    continuePayment() {
      dialog.value = null;
      options.resume();
    },
    askCancel() {
      dialog.value = { kind: 'confirm-cancel' };
    },
    /** Cancel Transaction: forget it, say so, and go home after a second. */
    confirmCancel() {
      records.clear(options.record);
      records.clear('payment-pending');
      dialog.value = null;
      notice.value = { tone: 'info', text: t('payments.canceledNotice') };
      deps.clock.after(CANCEL_REDIRECT_MS, () => deps.nav.go('HomePage'));
    },
    /** Leaves the cancel confirm without cancelling. */
    keep() {
      dialog.value = warned && records.read(options.record) ? { kind: 'unfinished' } : null;
    },
    closeDialog() {
      const shown = dialog.value;
      dialog.value = null;
      if (shown?.kind === 'sabbath' || (shown && 'thenHome' in shown && shown.thenHome)) deps.nav.go('HomePage');
    },
    show(next: PaymentDialog | null) {
      dialog.value = next;
    },
  };
}

export type PaymentPrompts = ReturnType<typeof createPaymentPrompts>;
