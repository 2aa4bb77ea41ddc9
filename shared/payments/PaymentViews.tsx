/**
 * The parts of a payment every widget shows the same way: the payment method chooser, the
 * checkout step (hand-off, its error with a retry, the embedded checkout's place, Cancel
 * Transaction), the confirmation while it runs or when it needs a retry, and the frame around
 * a payment (its notice, its dialogs, the 'please wait...' overlay).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Overlay } from '../ui/Overlay';
import type { Checkout } from './engine';
import { paymentMessages as m } from './messages';
import type { MethodChoice } from './methods';
import { PaymentDialogs } from './PaymentDialogs';

export function PaymentMethodChooser({ choice, error }: { choice: MethodChoice; error?: string | null }) {
  useSignals();
  const methods = choice.methods.value;
  if (methods === null) return choice.loading.value ? <p role="status">{m.wait}</p> : null;
  return (
    <>
      <fieldset className="sm-choices">
        <legend>{m.methods}</legend>
        {methods.map((method) => (
          <label key={method.id} className="sm-choice" data-checked={choice.method.value === method.id}>
            <input type="radio" name="payment-method" value={method.id} checked={choice.method.value === method.id} onChange={() => choice.choose(method.id)} />
            <span>{method.name}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="sm-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The checkout page: on the way to the hosted checkout, or the embedded checkout's place. */
export function CheckoutStep({ checkout, container }: { checkout: Checkout; container: RefObject<HTMLDivElement | null> }) {
  useSignals();
  const state = checkout.state.value;
  return (
    <div className="sm-stack">
      <h1>{m.checkoutTitle}</h1>
      {state.kind === 'create-failed' ? (
        <Notice tone="error">
          {state.error.message}{' '}
          <Button variant="link" onClick={() => void checkout.checkout(() => container.current)}>
            {m.retry}
          </Button>
        </Notice>
      ) : state.kind === 'embedded' ? null : (
        <p role="status">{m.redirecting}</p>
      )}
      <div ref={container} className="sm-embedded" />
      <Button variant="secondary" onClick={() => checkout.askCancel()}>
        {m.cancelTransaction}
      </Button>
    </div>
  );
}

/** A success page before its payment is confirmed: confirming, or the confirmation's failure with a retry. */
export function Confirmation({ checkout, children }: { checkout: Checkout; children: ReactNode }) {
  useSignals();
  const state = checkout.state.value;
  if (state.kind === 'confirmed') return <>{children}</>;
  if (state.kind === 'confirm-failed') {
    return (
      <div className="sm-stack">
        <h1>{m.checkoutTitle}</h1>
        <Notice tone="error">{state.message}</Notice>
        <Button onClick={() => void checkout.confirm()}>{m.retry}</Button>
      </div>
    );
  }
  return <p role="status">{m.confirming}</p>;
}

/** The card of a payment widget: its notice, its content, its dialogs and the overlay while busy. */
export function PaymentFrame({ checkout, view, busy, children }: { checkout: Checkout; view: string; busy?: boolean; children: ReactNode }) {
  useSignals();
  const notice = checkout.notice.value;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {children}
      <PaymentDialogs
        dialog={checkout.dialog.value}
        actions={{ continuePayment: checkout.continuePayment, askCancel: checkout.askCancel, confirmCancel: checkout.confirmCancel, keep: checkout.keep, close: checkout.closeDialog }}
      />
      {busy || checkout.busy.value ? <Overlay /> : null}
    </div>
  );
}
