/**
 * What a payment page says around the payment itself: the warning about an unfinished
 * transaction ('The other transaction are on the way...') with Continue Payment and Cancel
 * Transaction and its confirm, 'Happy Sabbath!' and status warnings for lists that failed to
 * load, and the notice after a cancel. Used by the payment engine and by the change of amount
 * (which is not a checkout, but keeps its own unfinished record).
 */
import { computed, signal } from '@preact/signals-core';
import type { ApiError, ApiResult } from '../api/errors';
import type { ModelDeps } from '../deps/deps';
import type { PaymentDialog } from './PaymentDialogs';
import { recordsOf, type RecordName } from './records';
import { CANCEL_REDIRECT_MS } from './result';
import '@messages/payments';

export interface NoticeState {
  readonly tone: 'info' | 'error' | 'success';
  readonly text: string;
}

export function createPaymentPrompts(deps: ModelDeps, options: { record: RecordName; resume: () => void }) {
  const { t } = deps.i18n;
  const records = recordsOf(deps);
  const dialog = signal<PaymentDialog | null>(null);
  const notice = signal<NoticeState | null>(null);
  const listError = signal<string | null>(null);
  let warned = false;

  /**
   * What a failed list load (plans, options, methods) shows: a 401 while the session is still
   * good is 'Happy Sabbath!' with the server's message (a dead session signs out, and the
   * guard sends the person to sign in); other statuses a warning titled with the status.
   * Returns the message to show in place, if any.
   */
  async function showListError(error: ApiError, opts: { statusDialog: boolean }): Promise<string | null> {
    if (error.status === 401) {
      const profile = await deps.account.refreshProfile();
      if (profile.ok || deps.session.isSignedIn.value) dialog.value = { kind: 'sabbath', message: error.message };
      return null;
    }
    if (opts.statusDialog && error.status !== 0) dialog.value = { kind: 'status', title: String(error.status), message: error.message };
    return error.message;
  }

  return {
    dialog: computed(() => dialog.value),
    notice: computed(() => notice.value),
    /** On the start page: warns when a transaction of this kind is unfinished. Returns whether it did. */
    warnUnfinished(): boolean {
      warned = records.read(options.record) !== null;
      if (warned) dialog.value = { kind: 'unfinished' };
      return warned;
    },
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
    say(next: NoticeState | null) {
      notice.value = next;
    },
    showListError,
    /** Why the page's list did not load, shown in place with a retry. */
    listError: computed(() => listError.value),
    /** Loads one of the page's lists; a failure shows as showListError says. */
    async loadList<T>(call: () => Promise<ApiResult<T>>, into: (data: T) => void, opts: { statusDialog: boolean }): Promise<void> {
      listError.value = null;
      const result = await call();
      if (result.ok) into(result.data);
      else listError.value = await showListError(result.error, opts);
    },
  };
}

export type PaymentPrompts = ReturnType<typeof createPaymentPrompts>;
