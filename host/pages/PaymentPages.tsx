/**
 * The result pages every kind of payment shares: /result/pending, /transaction-failed and
 * /transaction-success. What they do is in shared/payments/pending.ts; these draw it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { createPendingPayment, takePaymentResult } from '../../shared/payments/pending';
import { hrefFor } from '../../shared/routing/routes';
import { useDeps, useModel, useT } from '../../shared/ui/WidgetRoot';
import '@messages/payments';

export function ResultPendingPage() {
  const t = useT();
  useSignals();
  const pending = useModel(createPendingPayment);
  useEffect(() => {
    pending.start();
    return () => pending.stop();
  }, [pending]);
  if (!pending.record) return null;
  const status = pending.status.value;
  const line = {
    waiting: '',
    checking: t('payments.checking'),
    'still-pending': t('payments.stillPending'),
    'gave-up': t('payments.gaveUp'),
    error: status.kind === 'error' ? status.message : '',
  }[status.kind];
  return (
    <section className="portal-card" aria-labelledby="pending-title">
      <h1 id="pending-title">{t('payments.pendingTitle')}</h1>
      <p>{pending.wallet ? t('payments.pendingWallet') : t('payments.pendingCard')}</p>
      <p role="status" data-testid="pending-status">
        {line}
      </p>
      <div className="portal-actions">
        <button
          type="button"
          className="portal-button"
          disabled={status.kind === 'checking'}
          onClick={() => pending.verify()}
        >
          {t('payments.verify')}
        </button>
        <a href={hrefFor('HomePage')}>{t('payments.backHome')}</a>
      </div>
    </section>
  );
}

export function TransactionFailedPage() {
  const t = useT();
  const deps = useDeps();
  // Read once, then cleared: the failure page clears stored payment data.
  const [message] = useState(() => takePaymentResult(deps).failure ?? t('payments.failedFallback'));
  return (
    <section className="portal-card" aria-labelledby="failed-title">
      <h1 id="failed-title">{t('payments.failedTitle')}</h1>
      <p role="alert" data-testid="failed-message">
        {message}
      </p>
      <div className="portal-actions">
        <a className="portal-button" href={hrefFor('HomePage')}>
          {t('payments.backHome')}
        </a>
      </div>
    </section>
  );
}

export function TransactionSuccessPage() {
  const t = useT();
  const deps = useDeps();
  useEffect(() => {
    takePaymentResult(deps);
    void deps.account.refreshProfile();
  }, [deps]);
  return (
    <section className="portal-card" aria-labelledby="success-title">
      <h1 id="success-title">{t('payments.successTitle')}</h1>
      <p>{t('payments.successText')}</p>
      <a className="portal-button" href={hrefFor('HomePage')}>
        {t('payments.backHome')}
      </a>
    </section>
  );
}
