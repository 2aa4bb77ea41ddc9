/**
 * The dialogs every payment flow shares: the unfinished-transaction warning with Continue
 * Payment / Cancel Transaction, its confirm, 'Happy Sabbath!', a warning titled with an HTTP
 * status (or any title), an error, and the checkout exception.
 */
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { paymentMessages as m } from './messages';

export type PaymentDialog =
  | { readonly kind: 'unfinished' }
  | { readonly kind: 'confirm-cancel' }
  | { readonly kind: 'sabbath'; readonly message: string }
  | { readonly kind: 'status'; readonly title: string; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'error'; readonly message: string; readonly thenHome?: boolean }
  | { readonly kind: 'checkout-error' };

export interface PaymentDialogActions {
  continuePayment(): void;
  askCancel(): void;
  confirmCancel(): void;
  /** Leaves the cancel confirm without cancelling. */
  keep(): void;
  close(): void;
}

export function PaymentDialogs({ dialog, actions }: { dialog: PaymentDialog | null; actions: PaymentDialogActions }) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'unfinished':
      return (
        <Dialog
          title={m.unfinishedTitle}
          tone="warning"
          actions={
            <>
              <Button onClick={() => actions.continuePayment()}>{m.continuePayment}</Button>
              <Button variant="secondary" onClick={() => actions.askCancel()}>
                {m.cancelTransaction}
              </Button>
            </>
          }
        >
          <p>{m.unfinishedText}</p>
        </Dialog>
      );
    case 'confirm-cancel':
      return (
        <Dialog
          title={m.cancelTransaction}
          tone="warning"
          onClose={() => actions.keep()}
          actions={
            <>
              <Button onClick={() => actions.confirmCancel()}>{m.yesCancel}</Button>
              <Button variant="secondary" onClick={() => actions.keep()}>
                {m.keep}
              </Button>
            </>
          }
        >
          <p>{m.confirmCancel}</p>
        </Dialog>
      );
    case 'sabbath':
      return (
        <Dialog title={m.sabbathTitle} onClose={() => actions.close()} actions={<Button onClick={() => actions.close()}>{m.backHome}</Button>}>
          <p>{dialog.message}</p>
        </Dialog>
      );
    case 'status':
    case 'error':
      return (
        <Dialog
          title={dialog.kind === 'status' ? dialog.title : m.errorTitle}
          tone={dialog.kind === 'error' ? 'error' : 'warning'}
          onClose={() => actions.close()}
          actions={<Button onClick={() => actions.close()}>{m.ok}</Button>}
        >
          <p>{dialog.message}</p>
        </Dialog>
      );
    case 'checkout-error':
      return (
        <Dialog title={m.checkoutTitle} tone="error" onClose={() => actions.close()} actions={<Button onClick={() => actions.close()}>{m.ok}</Button>}>
          <p>{m.checkoutError}</p>
        </Dialog>
      );
  }
}
