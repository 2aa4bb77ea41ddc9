/**
 * <sm-subscribe>'s views: the subscription steps, checkout and success; change amount and its
 * success; the Manage Membership dialog; the app's update-payment and direct-subscribe entries.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { formatDate } from '../../shared/format/dates';
import { paymentMessages as pm } from '../../shared/payments/messages';
import { CheckoutStep, Confirmation, PaymentFrame, PaymentMethodChooser, PaymentSteps } from '../../shared/payments/PaymentViews';
import { BackButton, Button } from '../../shared/ui/Button';
import { Choices } from '../../shared/ui/Choices';
import { TextField } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useDeps, useModel } from '../../shared/ui/WidgetRoot';
import { messages as m } from './subscribe.messages';
import { createSubscribeModel, type FlowView, type SubscribeModel } from './subscribe.model';
import { subscribeStyles } from './subscribe.styles';
import { AmountPicker, FeeNotes, usd } from './subscribe.parts';
import { ONE_TIME_CUSTOM_MIN } from './subscribe.pricing';

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

function DurationLabel({ title, hint }: { title: string; hint: string }) {
  return (
    <span>
      <strong>{title}</strong>
      <br />
      <span className="sm-muted">{hint}</span>
    </span>
  );
}

function SubscribeSteps({ model }: { model: SubscribeModel }) {
  useSignals();
  const step = model.step.value;
  const plan = model.plan.value;
  const bounds = model.bounds.value;
  const index = step === 'select-duration' ? 1 : step === 'select-amount' ? 2 : 3;
  const title = step === 'select-duration' ? m.steps.duration : step === 'select-amount' ? m.steps.amount : m.steps.payment;
  return (
    <PaymentSteps title={m.title} step={step} progress={`${m.stepOf(index, 3)}: ${title}`} loadError={model.loadError.value} onRetry={() => model.retryLoad()}>
      {step !== 'select-duration' ? (
        <BackButton onClick={() => model.back()}>{m.back}</BackButton>
      ) : null}
      {step === 'select-duration' ? (
        <>
          {model.plans.value && model.plans.value.length === 0 ? <Notice tone="info">{pm.empty}</Notice> : null}
          <Choices
            legend={m.duration.legend}
            name="duration"
            options={[
              { value: true, label: <DurationLabel title={m.duration.monthly} hint={m.duration.monthlyHint} /> },
              { value: false, label: <DurationLabel title={m.duration.oneTime} hint={m.duration.oneTimeHint} /> },
            ]}
            selected={model.recurring.value}
            onChoose={(recurring) => model.setRecurring(recurring)}
          />
          {!model.recurring.value ? (
            <Choices
              legend={m.duration.months}
              name="months"
              className="sm-months"
              options={model.monthOptions.value.map((n) => ({ value: n, label: m.duration.month(n) }))}
              selected={model.months.value}
              onChoose={(n) => model.setMonths(n)}
            />
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
            bounds={bounds}
            plan={plan}
            value={model.custom.value === null ? model.price.value : model.amount.value}
            onValue={(n) => model.setPrice(n)}
            perMonth={model.recurring.value}
          >
            {model.custom.value === null ? (
              <Button variant="link" onClick={() => model.setCustom(String(model.recurring.value ? model.price.value : ONE_TIME_CUSTOM_MIN))}>
                {m.amount.customToggle}
              </Button>
            ) : (
              <>
                <TextField
                  label={m.amount.custom}
                  type="number"
                  inputMode="decimal"
                  min={model.recurring.value ? bounds.min : ONE_TIME_CUSTOM_MIN}
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
          <PaymentMethodChooser choice={model.methods} />
          <FeeNotes />
          <Button onClick={() => model.pay()}>{m.pay}</Button>
        </>
      ) : null}
    </PaymentSteps>
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
    <PaymentFrame prompts={model.payment} view={view} busy={model.busy.value}>
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
  if (view === 'subscribe' || view === 'checkout' || view === 'success') return <SubscribeFlow view={view} />;
  return (
    <Suspense fallback={view === 'manage' ? null : <p role="status">{pm.wait}</p>}>
      {view === 'change' || view === 'change-success' ? <ChangeFlow view={view} /> : view === 'manage' ? <ManageDialog /> : <AppEntry view={view} />}
    </Suspense>
  );
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
