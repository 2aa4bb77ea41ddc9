/**
 * The generic payment result pages: /result/pending, /transaction-failed, /transaction-success
 * (spec sections 2 and 4). They read and clear the stored payment records.
 */
import { useEffect, useRef, useState } from 'react';
import { confirmPayment, successRouteFor } from '../../shared/payments/confirm';
import { poll } from '../../shared/payments/poll';
import { clearRecord, readRecord, writeRecord, type PaymentPendingRecord } from '../../shared/payments/records';
import { E_WALLETS, POLL_INTERVAL_MS, POLL_MAX_TRIES, outcomeOf } from '../../shared/payments/result';
import { navigate } from '../../shared/routing/navigate';
import { hrefFor } from '../../shared/routing/routes';
import { refreshProfile } from '../../shared/session/account';
import { messages } from '../messages';

const m = messages.payments;

export function ResultPendingPage() {
  const [record] = useState<PaymentPendingRecord | null>(() => readRecord('payment-pending'));
  const [status, setStatus] = useState<'waiting' | 'checking' | 'still-pending' | 'gave-up' | 'error'>('waiting');
  const [error, setError] = useState<string | null>(null);
  const checking = useRef(false);

  const verify = async (): Promise<'done' | 'again'> => {
    // Another tab may have finished and cleared the record: keep checking the one this page opened with.
    const current = readRecord('payment-pending') ?? record;
    if (!current || checking.current) return current ? 'again' : 'done';
    checking.current = true;
    setStatus('checking');
    const outcome = outcomeOf(await confirmPayment(current));
    checking.current = false;
    if (outcome.kind === 'confirmed') {
      void refreshProfile();
      clearRecord('payment-pending');
      const target = successRouteFor(current);
      navigate(target.name, target.query, { replace: true });
      return 'done';
    }
    if (outcome.kind === 'failed') {
      clearRecord('payment-pending');
      writeRecord('payment-error', { message: outcome.message, at: Date.now() });
      navigate('TransactionFailedPage', undefined, { replace: true });
      return 'done';
    }
    writeRecord('payment-pending', { ...current, tries: current.tries + 1 });
    if (outcome.kind === 'retry') {
      setError(outcome.message);
      setStatus('error');
    } else {
      setError(null);
      setStatus('still-pending');
    }
    return 'again';
  };

  useEffect(() => {
    if (!record) {
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    // E-wallet payments are polled every 5 s, at most 12 times (spec section 4).
    if (!E_WALLETS.has(record.method)) return;
    const poller = poll({ check: () => verify(), intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES, onGiveUp: () => setStatus('gave-up') });
    return () => poller.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!record) return null;
  return (
    <section className="portal-card" aria-labelledby="pending-title">
      <h1 id="pending-title">{m.pendingTitle}</h1>
      <p>{E_WALLETS.has(record.method) ? m.pendingWallet : m.pendingCard}</p>
      <p role="status" data-testid="pending-status">
        {status === 'checking' ? m.checking : status === 'still-pending' ? m.stillPending : status === 'gave-up' ? m.gaveUp : status === 'error' ? error : ''}
      </p>
      <div className="portal-actions">
        <button type="button" className="portal-button" disabled={status === 'checking'} onClick={() => void verify()}>
          {m.verify}
        </button>
        <a href={hrefFor('HomePage')}>{m.home}</a>
      </div>
    </section>
  );
}

export function TransactionFailedPage() {
  // Read once, then clear: the failure page clears stored payment data (spec section 4).
  const [message] = useState(() => readRecord('payment-error')?.message ?? m.failedFallback);
  useEffect(() => {
    clearRecord('payment-error');
    clearRecord('payment-pending');
  }, []);
  return (
    <section className="portal-card" aria-labelledby="failed-title">
      <h1 id="failed-title">{m.failedTitle}</h1>
      <p role="alert" data-testid="failed-message">
        {message}
      </p>
      <div className="portal-actions">
        <a className="portal-button" href={hrefFor('HomePage')}>
          {m.home}
        </a>
      </div>
    </section>
  );
}

export function TransactionSuccessPage() {
  useEffect(() => {
    clearRecord('payment-pending');
    void refreshProfile();
  }, []);
  return (
    <section className="portal-card" aria-labelledby="success-title">
      <h1 id="success-title">{m.successTitle}</h1>
      <p>{m.successText}</p>
      <a className="portal-button" href={hrefFor('HomePage')}>
        {m.home}
      </a>
    </section>
  );
}
