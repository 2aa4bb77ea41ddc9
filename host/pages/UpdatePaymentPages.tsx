/** The pages the app's webview watches after a card update (/update-payment-success and -failed). */
import { messages } from '../messages';

export function UpdatePaymentResult({ ok }: { ok: boolean }) {
  return (
    <section className="portal-card" aria-live="polite" data-testid={ok ? 'update-payment-success' : 'update-payment-failed'}>
      <p>{ok ? messages.updatePayment.success : messages.updatePayment.failed}</p>
    </section>
  );
}
