/**
 * The result pages every kind of payment shares: /result/pending, /transaction-failed and
 * /transaction-success. What they do is in shared/payments/pending.ts; these draw it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { createPendingPayment, takePaymentResult } from '../../shared/payments/pending';
import { hrefFor } from '../../shared/routing/routes';
import { useDeps, useModel, useT } from '../../shared/ui/WidgetRoot';
import { useHydrated } from '../profile';
import '@messages/payments';

export function ResultPendingPage() {
  const t = useT();
  useSignals();
  const hydrated = useHydrated();
  const pending = useModel(createPendingPayment);
  useEffect(() => {
    pending.start();
    return () => pending.stop();
  }, [pending]);
  // The payment this page waits for is kept in this browser: the prerendered page (the same for everyone) holds the
  // place of what it says, and its button waits for the code.
  if (!hydrated) return <Pending text={null} line="" disabled onVerify={() => {}} />;
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
    <Pending
      text={pending.wallet ? t('payments.pendingWallet') : t('payments.pendingCard')}
      line={line}
      disabled={status.kind === 'checking'}
      onVerify={() => pending.verify()}
    />
  );
}

/** The pending page as it shows: what it says (null: its place), its status line and its actions, each its size. */
function Pending(props: { text: string | null; line: string; disabled: boolean; onVerify: () => void }) {
  const t = useT();
  return (
    <section className="portal-card" aria-labelledby="pending-title">
      <h1 id="pending-title">{t('payments.pendingTitle')}</h1>
      <p className="portal-lines-3">
        {props.text ?? <span className="portal-place portal-place-block" aria-hidden="true" />}
      </p>
      <p role="status" data-testid="pending-status" className="portal-lines-1">
        {props.line}
      </p>
      <div className="portal-actions">
        <button type="button" className="portal-button" disabled={props.disabled} onClick={props.onVerify}>
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
  // Kept in this browser: the prerendered page (the same for everyone) holds its place until hydrated.
  const hydrated = useHydrated();
  return (
    <section className="portal-card" aria-labelledby="failed-title">
      <h1 id="failed-title">{t('payments.failedTitle')}</h1>
      <p role="alert" data-testid="failed-message" className="portal-lines-2">
        {hydrated ? message : <span className="portal-place" aria-hidden="true" />}
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
