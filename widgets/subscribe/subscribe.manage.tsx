/**
 * <sm-subscribe view="manage">: the Manage Membership dialog (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatDate } from '../../shared/format/dates';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog, Dialog } from '../../shared/ui/Dialog';
import { useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { createManageModel } from './manage.model';
import { usd } from './subscribe.parts';
import '@messages/payments';
import '@messages/subscribe';

export default function ManageDialog() {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const model = useModel(createManageModel);
  const s = model.subscription.value;
  const stage = model.stage.value;
  if (stage === 'canceled') {
    return (
      <ConfirmDialog
        title={t('subscribe.manage.canceledTitle')}
        tone="success"
        text={t('subscribe.manage.canceledText', { date: formatDate(model.endDate.value, language) })}
        confirm={t('payments.ok')}
        onConfirm={model.close}
      />
    );
  }
  if (stage === 'failed')
    return (
      <ConfirmDialog
        title={t('subscribe.change.errorTitle')}
        tone="error"
        text={t('subscribe.manage.failed')}
        confirm={t('payments.ok')}
        onConfirm={model.close}
      />
    );
  if (stage === 'confirm-cancel') {
    return (
      <ConfirmDialog
        title={t('subscribe.manage.confirmTitle')}
        tone="warning"
        text={t('subscribe.manage.confirmText')}
        confirm={t('subscribe.manage.confirm')}
        onConfirm={() => void model.confirmCancel()}
        confirmDisabled={model.busy.value}
        cancel={t('subscribe.manage.keep')}
        onCancel={() => model.keep()}
      />
    );
  }
  if (!model.monthly.value || !s)
    return (
      <ConfirmDialog
        title={t('subscribe.manage.title')}
        text={t('subscribe.manage.notMonthly')}
        confirm={t('subscribe.manage.close')}
        onConfirm={model.close}
      />
    );
  const pending = model.pending.value;
  return (
    <Dialog
      title={t('subscribe.manage.title')}
      onClose={model.close}
      actions={
        <>
          <Button onClick={() => model.changeAmount()} disabled={pending}>
            {t('subscribe.manage.changeAmount')}
          </Button>
          <Button variant="secondary" onClick={() => model.askCancel()}>
            {t('subscribe.manage.cancel')}
          </Button>
          <Button variant="link" onClick={model.close}>
            {t('subscribe.manage.close')}
          </Button>
        </>
      }
    >
      <dl className="sm-manage">
        <dt>{t('subscribe.manage.amount')}</dt>
        <dd data-testid="manage-amount">
          {t('subscribe.amount.perMonth', {
            amount: usd(pending ? (s.next_amount ?? s.current_amount) : s.current_amount, language),
          })}
        </dd>
      </dl>
      <p data-testid="manage-date">
        {pending
          ? t('subscribe.manage.newAmountOn', { date: formatDate(s.schedule_start_date ?? s.end_date, language) })
          : t('subscribe.manage.autoRenewal', { date: formatDate(s.end_date, language) })}
      </p>
    </Dialog>
  );
}
