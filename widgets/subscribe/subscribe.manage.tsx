/**
 * <sm-subscribe view="manage">: the Manage Membership dialog (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatDate } from '../../shared/format/dates';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog, Dialog } from '../../shared/ui/Dialog';
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
    return <ConfirmDialog title={m.manage.canceledTitle} tone="success" text={m.manage.canceledText(formatDate(model.endDate.value))} confirm={pm.ok} onConfirm={model.close} />;
  }
  if (stage === 'failed') return <ConfirmDialog title={m.change.errorTitle} tone="error" text={m.manage.failed} confirm={pm.ok} onConfirm={model.close} />;
  if (stage === 'confirm-cancel') {
    return (
      <ConfirmDialog
        title={m.manage.confirmTitle}
        tone="warning"
        text={m.manage.confirmText}
        confirm={m.manage.confirm}
        onConfirm={() => void model.confirmCancel()}
        confirmDisabled={model.busy.value}
        cancel={m.manage.keep}
        onCancel={() => model.keep()}
      />
    );
  }
  if (!model.monthly.value || !s) return <ConfirmDialog title={m.manage.title} text={m.manage.notMonthly} confirm={m.manage.close} onConfirm={model.close} />;
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

