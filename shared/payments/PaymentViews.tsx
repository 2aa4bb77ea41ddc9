/** The parts of a payment every widget shows the same way. */
import { useT } from '../ui/WidgetRoot';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../ui/Button';
import { Choices } from '../ui/Choices';
import { Notice, RetryNotice } from '../ui/Notice';
import { Overlay } from '../ui/Overlay';
import { choiceStyles } from '../ui/styles';
import type { Checkout } from './engine';
import type { MethodChoice } from './methods';
import { PaymentDialogs } from './PaymentDialogs';
import type { PaymentPrompts } from './prompts';
import '@messages/payments';

/** Styles of these views, for the widgets that show them (with the base styles). */
export const paymentStyles = /* css */ `${choiceStyles}
.sm-summary { font-weight: 700; }
.sm-embedded:empty { display: none; }
`;

/**
 * A payment form's step: title, progress, a failed load's retry, the step. `early`: its first
 * GETs for a signed-in person, named in the markup for shared/api/early.ts.
 */
export function PaymentSteps(props: {
  title: string;
  step: string | number;
  progress: string;
  loadError: string | null;
  onRetry: () => void;
  early?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="sm-stack" data-step={props.step} data-sm-early-signed-in={props.early}>
      <h1>{props.title}</h1>
      <p className="sm-muted">{props.progress}</p>
      {props.loadError ? (
        <RetryNotice retry={t('payments.retry')} onRetry={props.onRetry}>
          {props.loadError}
        </RetryNotice>
      ) : null}
      {props.children}
    </div>
  );
}

export function PaymentMethodChooser({ choice }: { choice: MethodChoice }) {
  const t = useT();
  useSignals();
  const methods = choice.methods.value;
  const error = choice.error.value;
  if (methods === null) return choice.loading.value ? <p role="status">{t('payments.wait')}</p> : null;
  return (
    <>
      <Choices
        legend={t('payments.methods')}
        name="payment-method"
        options={methods.map((method) => ({ value: method.id, label: method.name }))}
        selected={choice.method.value}
        onChoose={(id) => choice.choose(id)}
      />
      {error ? (
        <p className="sm-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The checkout page: on the way to the hosted checkout, or the embedded one's place. */
export function CheckoutStep({
  checkout,
  prompts,
  container,
}: {
  checkout: Checkout;
  prompts: PaymentPrompts;
  container: RefObject<HTMLDivElement>;
}) {
  const t = useT();
  useSignals();
  const state = checkout.state.value;
  return (
    <div className="sm-stack">
      <h1>{t('payments.checkoutTitle')}</h1>
      {state.kind === 'create-failed' ? (
        <RetryNotice retry={t('payments.retry')} onRetry={() => void checkout.checkout(() => container.current)}>
          {state.error.message}
        </RetryNotice>
      ) : state.kind === 'embedded' ? null : (
        <p role="status">{t('payments.redirecting')}</p>
      )}
      <div ref={container} className="sm-embedded" />
      <Button variant="secondary" onClick={() => prompts.askCancel()}>
        {t('payments.cancelTransaction')}
      </Button>
    </div>
  );
}

/** A success page while its payment is confirmed, its texts' places held so nothing moves when it is. */
export function ConfirmingPlaces(props: { title: string; text: ReactNode; button: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="sm-stack sm-center">
      <p role="status" className="sm-visually-hidden">
        {t('payments.confirming')}
      </p>
      <h1 className="sm-skeleton-line" aria-hidden="true">
        {props.title}
      </h1>
      <p className="sm-skeleton-line" aria-hidden="true">
        {props.text}
      </p>
      {props.children}
      <Button disabled aria-hidden="true" tabIndex={-1}>
        {props.button}
      </Button>
    </div>
  );
}

/** A success page before its payment is confirmed: confirming, or the confirmation's failure with a retry. */
export function Confirmation({ checkout, children }: { checkout: Checkout; children: ReactNode }) {
  const t = useT();
  useSignals();
  const state = checkout.state.value;
  if (state.kind === 'confirmed') return <>{children}</>;
  if (state.kind === 'confirm-failed') {
    return (
      <div className="sm-stack">
        <h1>{t('payments.checkoutTitle')}</h1>
        <Notice tone="error">{state.message}</Notice>
        <Button onClick={() => void checkout.confirm()}>{t('payments.retry')}</Button>
      </div>
    );
  }
  return <p role="status">{t('payments.confirming')}</p>;
}

/** A payment widget's card: notice, content, dialogs, and the overlay while busy. */
export function PaymentFrame({
  prompts,
  view,
  busy,
  children,
}: {
  prompts: PaymentPrompts;
  view: string;
  busy: boolean;
  children: ReactNode;
}) {
  useSignals();
  const notice = prompts.notice.value;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {children}
      <PaymentDialogs prompts={prompts} />
      {busy ? <Overlay /> : null}
    </div>
  );
}
