/**
 * <sm-subscribe>'s views: the subscription steps, checkout and success; change amount and its
 * success; the Manage Membership dialog; the app's update-payment and direct-subscribe entries.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { formatDate } from '../../shared/format/dates';
import { paymentMessages as pm } from '../../shared/payments/messages';
import { CheckoutStep, Confirmation, PaymentFrame, PaymentMethodChooser } from '../../shared/payments/PaymentViews';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useDeps, useModel } from '../../shared/ui/WidgetRoot';
import { messages as m } from './subscribe.messages';
import { createSubscribeModel, type FlowView, type SubscribeModel } from './subscribe.model';
import { subscribeStyles } from './subscribe.styles';
import { AmountPicker, FeeNotes, usd } from './subscribe.parts';

// Rarely used views load on demand, so the subscription steps stay small.
const ChangeFlow = lazy(() => import('./subscribe.change'));
const ManageDialog = lazy(() => import('./subscribe.manage'));
const AppEntry = lazy(() => import('./subscribe.app'));

export type View = FlowView | 'change' | 'change-success' | 'manage' | 'update-payment' | 'direct-subscribe';

export interface SubscribeProps {
  view?: View;
  apiBase?: string;
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

function SubscribeSteps({ model }: { model: SubscribeModel }) {
  useSignals();
  const step = model.step.value;
  const plan = model.plan.value;
  const bounds = model.bounds.value;
  const index = step === 'select-duration' ? 1 : step === 'select-amount' ? 2 : 3;
  const title = step === 'select-duration' ? m.steps.duration : step === 'select-amount' ? m.steps.amount : m.steps.payment;
  return (
    <div className="sm-stack" data-step={step}>
      <h1>{m.title}</h1>
      <p className="sm-muted">
        {m.stepOf(index, 3)}: {title}
      </p>
      {model.loadError.value ? (
        <Notice tone="error">
          {model.loadError.value}{' '}
          <Button variant="link" onClick={() => model.retryLoad()}>
            {pm.retry}
          </Button>
        </Notice>
      ) : null}
      {step !== 'select-duration' ? (
        <Button variant="link" className="sm-back" onClick={() => model.back()}>
          ← {m.back}
        </Button>
      ) : null}
      {step === 'select-duration' ? (
        <>
          {model.plans.value && model.plans.value.length === 0 ? <Notice tone="info">{pm.empty}</Notice> : null}
          <fieldset className="sm-choices">
            <legend>{m.duration.legend}</legend>
            <label className="sm-choice" data-checked={model.recurring.value}>
              <input type="radio" name="duration" checked={model.recurring.value} onChange={() => model.setRecurring(true)} />
              <span>
                <strong>{m.duration.monthly}</strong>
                <br />
                <span className="sm-muted">{m.duration.monthlyHint}</span>
              </span>
            </label>
            <label className="sm-choice" data-checked={!model.recurring.value}>
              <input type="radio" name="duration" checked={!model.recurring.value} onChange={() => model.setRecurring(false)} />
              <span>
                <strong>{m.duration.oneTime}</strong>
                <br />
                <span className="sm-muted">{m.duration.oneTimeHint}</span>
              </span>
            </label>
          </fieldset>
          {!model.recurring.value ? (
            <fieldset className="sm-choices sm-months">
              <legend>{m.duration.months}</legend>
              {model.monthOptions.value.map((n) => (
                <label key={n} className="sm-choice" data-checked={model.months.value === n}>
                  <input type="radio" name="months" checked={model.months.value === n} onChange={() => model.setMonths(n)} />
                  <span>{m.duration.month(n)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {model.formError.value ? (
            <p className="sm-error" role="alert">
              {model.formError.value}
            </p>
          ) : null}
          <Button onClick={() => model.next()} disabled={!plan}>
            {m.next}
          </Button>
        </>
      ) : null}
      {step === 'select-amount' && plan && bounds ? (
        <>
          <AmountPicker
            title={model.recurring.value ? m.amount.monthly : m.amount.oneTime(model.months.value)}
            min={bounds.min}
            max={bounds.max}
            recommended={bounds.start}
            lowest={bounds.min}
            value={model.custom.value === null ? model.price.value : model.amount.value}
            onValue={(n) => model.setPrice(n)}
            perMonth={model.recurring.value}
            rate={plan.rate}
            userCurrency={plan.user_currency}
            currency={plan.currency}
          >
            {model.custom.value === null ? (
              <Button variant="link" onClick={() => model.setCustom(String(model.recurring.value ? model.price.value : 100))}>
                {m.amount.customToggle}
              </Button>
            ) : (
              <>
                <TextField
                  label={m.amount.custom}
                  type="number"
                  inputMode="decimal"
                  min={model.recurring.value ? bounds.min : 100}
                  value={model.custom.value}
                  onValue={(v) => model.setCustom(v)}
                  error={model.customError.value}
                />
                <Button variant="link" onClick={() => model.setCustom(null)}>
                  {m.amount.useSlider}
                </Button>
              </>
            )}
          </AmountPicker>
          <FeeNotes />
          <Button onClick={() => model.next()} disabled={model.customError.value !== null || model.amount.value <= 0}>
            {m.next}
          </Button>
        </>
      ) : null}
      {step === 'select-payment' && plan ? (
        <>
          <p className="sm-summary">
            {model.recurring.value ? m.payment.summaryMonthly(usd(model.amount.value)) : m.payment.summaryOneTime(model.months.value, usd(model.amount.value))}
          </p>
          {model.recurring.value ? <p className="sm-muted">{m.payment.cardOnly}</p> : null}
          <PaymentMethodChooser choice={model.methods} error={model.formError.value} />
          <FeeNotes />
          <Button onClick={() => model.pay()}>{m.pay}</Button>
        </>
      ) : null}
    </div>
  );
}

function SubscribeFlow({ view }: { view: FlowView }) {
  useSignals();
  const model = useModel(createSubscribeModel);
  const { session } = useDeps();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => model.show(view, () => container.current), [model, view]);
  const user = session.user.value;
  return (
    <PaymentFrame checkout={model.payment} view={view} busy={model.busy.value}>
      {view === 'subscribe' && model.alreadyMonthly.value ? <Notice tone="info">{m.alreadyMonthly}</Notice> : null}
      {view === 'subscribe' ? <SubscribeSteps model={model} /> : null}
      {view === 'checkout' ? <CheckoutStep checkout={model.payment} container={container} /> : null}
      {view === 'success' ? (
        <Confirmation checkout={model.payment}>
          <div className="sm-stack sm-center">
            <h1>{m.successTitle}</h1>
            <p data-testid="membership-summary">
              {user?.subscription
                ? user.subscription.recurring === 1
                  ? m.successMonthly(usd(user.subscription.current_amount), formatDate(user.subscription.end_date))
                  : m.successOneTime(formatDate(user.subscription.end_date))
                : null}
            </p>
            <Button onClick={() => model.finish()}>{m.continue}</Button>
          </div>
        </Confirmation>
      ) : null}
    </PaymentFrame>
  );
}

function Body({ view }: { view: View }) {
  switch (view) {
    case 'subscribe':
    case 'checkout':
    case 'success':
      return <SubscribeFlow view={view} />;
    case 'change':
    case 'change-success':
      return (
        <Suspense fallback={<p role="status">{pm.wait}</p>}>
          <ChangeFlow view={view} />
        </Suspense>
      );
    case 'manage':
      return (
        <Suspense fallback={null}>
          <ManageDialog />
        </Suspense>
      );
    case 'update-payment':
    case 'direct-subscribe':
      return (
        <Suspense fallback={<p role="status">{pm.wait}</p>}>
          <AppEntry view={view} />
        </Suspense>
      );
  }
}

/**
 * @summary Premium membership: subscribe, change the amount, manage, and the app's entries.
 */
export function Subscribe({ view = 'subscribe', apiBase, portal, container }: SubscribeProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} portal={portal} styles={sliderStyles + subscribeStyles}>
      <Body key={view} view={view} />
    </WidgetRoot>
  );
}
