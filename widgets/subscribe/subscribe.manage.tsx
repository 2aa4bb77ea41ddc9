/**
 * <sm-subscribe view="manage">: the Manage Membership dialog (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatDate } from '../../shared/format/dates';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { paymentMessages as pm } from '../../shared/payments/messages';
import { useModel } from '../../shared/ui/WidgetRoot';
import { createManageModel } from './manage.model';
import { messages as m } from './subscribe.messages';
import { usd } from './subscribe.parts';

export default function ManageDialog() {
  useSignals();
  const model = useModel(createManageModel);
  const s = model.subscription.value;
  const stage = model.stage.value;
  if (stage === 'canceled') {
    return (
      <Dialog title={m.manage.canceledTitle} tone="success" onClose={model.close} actions={<Button onClick={model.close}>{pm.ok}</Button>}>
        <p>{m.manage.canceledText(formatDate(model.endDate.value))}</p>
      </Dialog>
    );
  }
  if (stage === 'failed') {
    return (
      <Dialog title={m.change.errorTitle} tone="error" onClose={model.close} actions={<Button onClick={model.close}>{pm.ok}</Button>}>
        <p>{m.manage.failed}</p>
      </Dialog>
    );
  }
  if (stage === 'confirm-cancel') {
    return (
      <Dialog
        title={m.manage.confirmTitle}
        tone="warning"
        onClose={() => model.keep()}
        actions={
          <>
            <Button onClick={() => void model.confirmCancel()} disabled={model.busy.value}>
              {m.manage.confirm}
            </Button>
            <Button variant="secondary" onClick={() => model.keep()}>
              {m.manage.keep}
            </Button>
          </>
        }
      >
        <p>{m.manage.confirmText}</p>
      </Dialog>
    );
  }
  if (!model.monthly.value || !s) {
    return (
      <Dialog title={m.manage.title} onClose={model.close} actions={<Button onClick={model.close}>{m.manage.close}</Button>}>
        <p>{m.manage.notMonthly}</p>
      </Dialog>
    );
  }
  const pending = model.pending.value;
  return (
    <Dialog
      title={m.manage.title}
      onClose={model.close}
      actions={
        <>
          <Button onClick={() => model.changeAmount()} disabled={pending}>
            {m.manage.changeAmount}
          </Button>
          <Button variant="secondary" onClick={() => model.askCancel()}>
            {m.manage.cancel}
          </Button>
          <Button variant="link" onClick={model.close}>
            {m.manage.close}
          </Button>
        </>
      }
    >
      <dl className="sm-manage">
        <dt>{m.manage.amount}</dt>
        <dd data-testid="manage-amount">{m.amount.perMonth(usd(pending ? (s.next_amount ?? s.current_amount) : s.current_amount))}</dd>
      </dl>
      <p data-testid="manage-date">{pending ? m.manage.newAmountOn(formatDate(s.schedule_start_date ?? s.end_date)) : m.manage.autoRenewal(formatDate(s.end_date))}</p>
    </Dialog>
  );
}

