/**
 * The result pages every kind of payment shares: /result/pending, /transaction-failed and
 * /transaction-success. What they do is in shared/payments/pending.ts; these draw it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { paymentMessages as m } from '../../shared/payments/messages';
import { createPendingPayment, takePaymentResult } from '../../shared/payments/pending';
import { hrefFor } from '../../shared/routing/routes';
import { useDeps, useModel } from '../../shared/ui/WidgetRoot';

export function ResultPendingPage() {
  useSignals();
  const pending = useModel(createPendingPayment);
  useEffect(() => {
    pending.start();
    return () => pending.stop();
  }, [pending]);
  if (!pending.record) return null;
  const status = pending.status.value;
  const line = { waiting: '', checking: m.checking, 'still-pending': m.stillPending, 'gave-up': m.gaveUp, error: status.kind === 'error' ? status.message : '' }[status.kind];
  return (
    <section className="portal-card" aria-labelledby="pending-title">
      <h1 id="pending-title">{m.pendingTitle}</h1>
      <p>{pending.wallet ? m.pendingWallet : m.pendingCard}</p>
      <p role="status" data-testid="pending-status">
        {line}
      </p>
      <div className="portal-actions">
        <button type="button" className="portal-button" disabled={status.kind === 'checking'} onClick={() => pending.verify()}>
          {m.verify}
        </button>
        <a href={hrefFor('HomePage')}>{m.backHome}</a>
      </div>
    </section>
  );
}

export function TransactionFailedPage() {
  const deps = useDeps();
  // Read once, then cleared: the failure page clears stored payment data.
  const [message] = useState(() => takePaymentResult(deps).failure ?? m.failedFallback);
  return (
    <section className="portal-card" aria-labelledby="failed-title">
      <h1 id="failed-title">{m.failedTitle}</h1>
      <p role="alert" data-testid="failed-message">
        {message}
      </p>
      <div className="portal-actions">
        <a className="portal-button" href={hrefFor('HomePage')}>
          {m.backHome}
        </a>
      </div>
    </section>
  );
}

export function TransactionSuccessPage() {
  const deps = useDeps();
  useEffect(() => {
    takePaymentResult(deps);
    void deps.account.refreshProfile();
  }, [deps]);
  return (
    <section className="portal-card" aria-labelledby="success-title">
      <h1 id="success-title">{m.successTitle}</h1>
      <p>{m.successText}</p>
      <a className="portal-button" href={hrefFor('HomePage')}>
        {m.backHome}
      </a>
    </section>
  );
}
