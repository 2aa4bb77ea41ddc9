/**
 * <sm-subscribe view="change|change-success">: change the monthly amount (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { formatDate } from '../../shared/format/dates';
import { PaymentFrame } from '../../shared/payments/PaymentViews';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { useDeps, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { createChangeModel, type ChangeView } from './change.model';
import { AmountPicker, ChangePlaces, FeeNotes, HELD_DATE, usd, Waiting } from './subscribe.parts';
import '@messages/subscribe';

export default function ChangeFlow({ view }: { view: ChangeView }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const model = useModel(createChangeModel);
  const { session } = useDeps();
  useEffect(() => model.show(view), [model, view]);
  const plan = model.plan.value;
  const bounds = model.bounds.value;
  const changed = model.changed.value;
  const current = session.user.value?.subscription?.current_amount;
  return (
    <PaymentFrame prompts={model.prompts} view={view} busy={model.busy.value}>
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {/* Until its data comes, the page as it will show with the data's places held: nothing moves when it comes. */}
      {!model.loadError.value && view === 'change' && !(plan && bounds) ? <ChangePlaces /> : null}
      {!model.loadError.value && view === 'change-success' && !changed ? <ChangeSuccessPlaces /> : null}
      {view === 'change' && plan && bounds ? (
        <div className="sm-stack">
          <h1 className="sm-visually-hidden">{t('subscribe.change.submit')}</h1>
          {current !== undefined ? (
            <p className="sm-muted">{t('subscribe.change.current', { amount: usd(current, language) })}</p>
          ) : null}
          <AmountPicker
            title={t('subscribe.amount.monthly')}
            bounds={bounds}
            plan={plan}
            value={model.price.value}
            onValue={(n) => model.setPrice(n)}
            perMonth
          />
          {model.submitError.value ? <Notice tone="error">{model.submitError.value}</Notice> : null}
          <Button onClick={() => void model.submit()} disabled={model.busy.value}>
            {t('subscribe.change.submit')}
          </Button>
          <FeeNotes />
        </div>
      ) : null}
      {view === 'change-success' && changed ? (
        <div className="sm-stack sm-center">
          <h1>{t('subscribe.change.successTitle')}</h1>
          <p data-testid="change-date">
            {t('subscribe.change.successDate', { date: formatDate(changed.date, language) })}
          </p>
          <Button onClick={() => model.finish()}>{t('subscribe.continue')}</Button>
        </div>
      ) : null}
    </PaymentFrame>
  );
}

/**
 * The changed amount's page before the change is confirmed: its parts as they will show, the date's place held (the
 * tag's reserved height for view="change-success", widgets/tags.ts, holds the page while this code comes).
 */
function ChangeSuccessPlaces() {
  const t = useT();
  const language = useShownLanguage();
  return (
    <div className="sm-stack sm-center">
      <Waiting />
      <h1>{t('subscribe.change.successTitle')}</h1>
      <p className="sm-skeleton-line" aria-hidden="true">
        {t('subscribe.change.successDate', { date: formatDate(HELD_DATE, language) })}
      </p>
      <Button disabled aria-hidden="true" tabIndex={-1}>
        {t('subscribe.continue')}
      </Button>
    </div>
  );
}
