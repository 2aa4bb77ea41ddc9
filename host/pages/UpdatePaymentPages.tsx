import { useT } from '../../shared/ui/WidgetRoot';
import '@messages/portal';
/** The pages the app's webview watches after a card update (/update-payment-success and -failed). */

export function UpdatePaymentResult({ ok }: { ok: boolean }) {
  const t = useT();
  return (
    <section
      className="portal-card"
      aria-live="polite"
      data-testid={ok ? 'update-payment-success' : 'update-payment-failed'}
    >
      <p>{ok ? t('portal.updatePayment.success') : t('portal.updatePayment.failed')}</p>
    </section>
  );
}
