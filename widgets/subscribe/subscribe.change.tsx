/**
 * <sm-subscribe view="change|change-success">: change the monthly amount (loaded on demand).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatDate } from '../../shared/format/dates';
import { PaymentDialogs } from '../../shared/payments/PaymentDialogs';
import { session } from '../../shared/session/session';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { createChangeModel, type ChangeModel } from './change.model';
import { messages as m } from './subscribe.messages';
import { AmountPicker, FeeNotes, usd } from './subscribe.parts';

export default function ChangeFlow({ view, host }: { view: 'change' | 'change-success'; host: HTMLElement | null }) {
  useSignals();
  const [model] = useState<ChangeModel>(() => createChangeModel({ host: () => host }));
  useEffect(() => model.start(view), [model, view]);
  const plan = model.plan.value;
  const bounds = model.bounds.value;
  const dialog = model.dialog.value;
  const changed = model.changed.value;
  const current = session.user.value?.subscription?.current_amount;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {view === 'change' && plan && bounds ? (
        <div className="sm-stack">
          <h1 className="sm-visually-hidden">{m.change.submit}</h1>
          {current !== undefined ? <p className="sm-muted">{m.change.current(usd(current))}</p> : null}
          <AmountPicker
            title={m.amount.monthly}
            min={bounds.min}
            max={bounds.max}
            recommended={bounds.start}
            lowest={bounds.min}
            value={model.price.value}
            onValue={(n) => model.setPrice(n)}
            perMonth
            rate={plan.rate}
            userCurrency={plan.user_currency}
            currency={plan.currency}
          />
          {model.submitError.value ? <Notice tone="error">{model.submitError.value}</Notice> : null}
          <Button onClick={() => void model.submit()} disabled={model.busy.value}>
            {m.change.submit}
          </Button>
          <FeeNotes />
        </div>
      ) : null}
      {view === 'change-success' && changed ? (
        <div className="sm-stack sm-center">
          <h1>{m.change.successTitle}</h1>
          <p data-testid="change-date">{m.change.successDate(formatDate(changed.date))}</p>
          <Button onClick={() => model.finish()}>{m.continue}</Button>
        </div>
      ) : null}
      <PaymentDialogs
        dialog={dialog}
        actions={{ continuePayment: model.continuePending, askCancel: model.askCancel, confirmCancel: model.confirmCancel, keep: model.keep, close: model.closeDialog }}
      />
      {model.busy.value ? <Overlay label={m.wait} /> : null}
    </div>
  );
}

