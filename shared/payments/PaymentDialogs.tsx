/**
 * The dialogs every payment flow shares: the unfinished-transaction warning with Continue
 * Payment / Cancel Transaction, its confirm, 'Happy Sabbath!', a warning titled with an HTTP
 * status (or any title), an error, and the checkout exception.
 */
import { useT } from '../ui/WidgetRoot';
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/Dialog';
import '@messages/payments';
import type { Translate } from '../i18n/catalogue';
import type { PaymentDialog, PaymentPrompts } from './prompts';

/** Each dialog: its title, what it says and the answers it offers (the prompts' actions: prompts.ts). */
function describe(dialog: PaymentDialog, prompts: PaymentPrompts, t: Translate): ConfirmDialogProps {
  const close = () => prompts.closeDialog();
  switch (dialog.kind) {
    case 'unfinished':
      // Only its buttons answer it: Escape does not.
      return {
        title: t('payments.unfinishedTitle'),
        tone: 'warning',
        text: t('payments.unfinishedText'),
        confirm: t('payments.continuePayment'),
        onConfirm: () => prompts.continuePayment(),
        cancel: t('payments.cancelTransaction'),
        onCancel: () => prompts.askCancel(),
        closable: false,
      };
    case 'confirm-cancel':
      return {
        title: t('payments.cancelTransaction'),
        tone: 'warning',
        text: t('payments.confirmCancel'),
        confirm: t('payments.yesCancel'),
        onConfirm: () => prompts.confirmCancel(),
        cancel: t('payments.keep'),
        onCancel: () => prompts.keep(),
      };
    case 'sabbath':
      return {
        title: t('payments.sabbathTitle'),
        text: dialog.message,
        confirm: t('payments.backHome'),
        onConfirm: close,
      };
    case 'status':
      return {
        title: dialog.title,
        tone: 'warning',
        text: dialog.message,
        confirm: t('payments.ok'),
        onConfirm: close,
      };
    case 'error':
      return {
        title: t('payments.errorTitle'),
        tone: 'error',
        text: dialog.message,
        confirm: t('payments.ok'),
        onConfirm: close,
      };
    case 'checkout-error':
      return {
        title: t('payments.checkoutTitle'),
        tone: 'error',
        text: t('payments.checkoutError'),
        confirm: t('payments.ok'),
        onConfirm: close,
      };
  }
}

export function PaymentDialogs({ prompts }: { prompts: PaymentPrompts }) {
  useSignals();
  const t = useT();
  const dialog = prompts.dialog.value;
  return dialog ? <ConfirmDialog {...describe(dialog, prompts, t)} /> : null;
}
