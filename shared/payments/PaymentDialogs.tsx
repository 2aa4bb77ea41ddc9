/**
 * The dialogs every payment flow shares: the unfinished-transaction warning with Continue
 * Payment / Cancel Transaction, its confirm, 'Happy Sabbath!', a warning titled with an HTTP
 * status (or any title), an error, and the checkout exception.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/Dialog';
import { paymentMessages as m } from './messages';

export type PaymentDialog =
  | { readonly kind: 'unfinished' }
  | { readonly kind: 'confirm-cancel' }
  | { readonly kind: 'sabbath'; readonly message: string }
  | { readonly kind: 'status'; readonly title: string; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'error'; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'checkout-error' };

/** The dialog shown and its answers: what a payment's prompts (prompts.ts) offer. */
export interface PaymentDialogState {
  readonly dialog: ReadonlySignal<PaymentDialog | null>;
  continuePayment(): void;
  askCancel(): void;
  confirmCancel(): void;
  /** Leaves the cancel confirm without cancelling. */
  keep(): void;
  closeDialog(): void;
}

/** Each dialog: its title, what it says and the answers it offers. */
function describe(dialog: PaymentDialog, prompts: PaymentDialogState): ConfirmDialogProps {
  const close = () => prompts.closeDialog();
  switch (dialog.kind) {
    case 'unfinished':
      // Only its buttons answer it: Escape does not.
      return { title: m.unfinishedTitle, tone: 'warning', text: m.unfinishedText, confirm: m.continuePayment, onConfirm: () => prompts.continuePayment(), cancel: m.cancelTransaction, onCancel: () => prompts.askCancel(), closable: false };
    case 'confirm-cancel':
      return { title: m.cancelTransaction, tone: 'warning', text: m.confirmCancel, confirm: m.yesCancel, onConfirm: () => prompts.confirmCancel(), cancel: m.keep, onCancel: () => prompts.keep() };
    case 'sabbath':
      return { title: m.sabbathTitle, text: dialog.message, confirm: m.backHome, onConfirm: close };
    case 'status':
      return { title: dialog.title, tone: 'warning', text: dialog.message, confirm: m.ok, onConfirm: close };
    case 'error':
      return { title: m.errorTitle, tone: 'error', text: dialog.message, confirm: m.ok, onConfirm: close };
    case 'checkout-error':
      return { title: m.checkoutTitle, tone: 'error', text: m.checkoutError, confirm: m.ok, onConfirm: close };
  }
}

export function PaymentDialogs({ prompts }: { prompts: PaymentDialogState }) {
  useSignals();
  const dialog = prompts.dialog.value;
  return dialog ? <ConfirmDialog {...describe(dialog, prompts)} /> : null;
}
