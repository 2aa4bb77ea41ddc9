/** The dialogs every payment flow shares. */
import { useT } from '../ui/WidgetRoot';
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/Dialog';
import '@messages/payments';
import type { Translate } from '../i18n/catalogue';
import type { PaymentDialog, PaymentPrompts } from './prompts';

/** Each dialog: its title, what it says and the answers it offers. */
function describe(dialog: PaymentDialog, prompts: PaymentPrompts, t: Translate): ConfirmDialogProps {
  const close = () => prompts.closeDialog();
  const ok = (title: string, tone: 'warning' | 'error', text: string): ConfirmDialogProps => ({
    title,
    tone,
    text,
    confirm: t('payments.ok'),
    onConfirm: close,
  });
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
      return ok(dialog.title, 'warning', dialog.message);
    case 'error':
      return ok(t('payments.errorTitle'), 'error', dialog.message);
    case 'checkout-error':
      return ok(t('payments.checkoutTitle'), 'error', t('payments.checkoutError'));
  }
}

export function PaymentDialogs({ prompts }: { prompts: PaymentPrompts }) {
  useSignals();
  const t = useT();
  const dialog = prompts.dialog.value;
  return dialog ? <ConfirmDialog {...describe(dialog, prompts, t)} /> : null;
}
