/**
 * <sm-subscribe>'s views: the subscription steps, checkout and success; change amount and its
 * success; the Manage Membership dialog; the app's update-payment and direct-subscribe entries.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { applyEmbedAttributes } from '../../shared/config/config';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { session } from '../../shared/session/session';
import { Button } from '../../shared/ui/Button';
import { PaymentDialogs } from '../../shared/payments/PaymentDialogs';
import { TextField } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useHost } from '../../shared/ui/WidgetRoot';
import { messages as m } from './subscribe.messages';
import { createSubscribeModel, type SubscribeModel } from './subscribe.model';
import { subscribeStyles } from './subscribe.styles';
import { AmountPicker, FeeNotes, usd } from './subscribe.parts';

// Rarely used views load on demand, so the subscription steps stay small.
const ChangeFlow = lazy(() => import('./subscribe.change'));
const ManageDialog = lazy(() => import('./subscribe.manage'));
const AppEntry = lazy(() => import('./subscribe.app'));

export const VIEWS = ['subscribe', 'checkout', 'success', 'change', 'change-success', 'manage', 'update-payment', 'direct-subscribe'] as const;
export type View = (typeof VIEWS)[number];

export function parseView(value: unknown): View {
  if (value === undefined || value === null || value === '') return 'subscribe';
  if (typeof value === 'string' && (VIEWS as readonly string[]).includes(value)) return value as View;
  console.warn(`[sm-subscribe] Unknown view="${String(value)}". Use one of: ${VIEWS.join(', ')}. Showing "subscribe".`);
  return 'subscribe';
}

export interface SubscribeProps {
  view?: string;
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
            {m.retry}
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
          {model.plans.value && model.plans.value.length === 0 ? <Notice tone="info">{m.empty}</Notice> : null}
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
            onValue={(n) => {
              model.setCustom(null);
              model.setPrice(n);
            }}
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
          <fieldset className="sm-choices">
            <legend>{m.payment.legend}</legend>
            {model.methods.value.map((method) => (
              <label key={method.id} className="sm-choice" data-checked={model.method.value === method.id}>
                <input type="radio" name="payment-method" checked={model.method.value === method.id} onChange={() => model.chooseMethod(method.id)} />
                <span>{method.name}</span>
              </label>
            ))}
          </fieldset>
          {model.formError.value ? (
            <p className="sm-error" role="alert">
              {model.formError.value}
            </p>
          ) : null}
          <FeeNotes />
          <Button onClick={() => model.pay()}>{m.pay}</Button>
        </>
      ) : null}
    </div>
  );
}

function SubscribeFlow({ view, host }: { view: 'subscribe' | 'checkout' | 'success'; host: HTMLElement | null }) {
  useSignals();
  const [model] = useState(() => createSubscribeModel({ host: () => host }));
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => model.start(view, () => containerRef.current), [model, view]);
  const notice = model.notice.value;
  const success = model.success.value;
  const user = session.user.value;
  return (
    <div className="sm-card" part="card" data-view={view}>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {view === 'subscribe' ? <SubscribeSteps model={model} /> : null}
      {view === 'checkout' ? (
        <div className="sm-stack">
          <h1>{m.checkoutTitle}</h1>
          {model.checkoutError.value ? (
            <Notice tone="error">
              {model.checkoutError.value}{' '}
              <Button variant="link" onClick={() => model.retryCheckout(() => containerRef.current)}>
                {m.retry}
              </Button>
            </Notice>
          ) : (
            <p role="status">{m.redirecting}</p>
          )}
          <div ref={containerRef} className="sm-embedded" />
          <Button variant="secondary" onClick={() => model.askCancel()}>
            {m.cancelTransaction}
          </Button>
        </div>
      ) : null}
      {view === 'success' ? (
        success.kind === 'confirming' ? (
          <p role="status">{m.confirming}</p>
        ) : success.kind === 'retry' ? (
          <div className="sm-stack">
            <Notice tone="error">{success.message}</Notice>
            <Button onClick={() => model.retryConfirm()}>{m.retry}</Button>
          </div>
        ) : (
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
        )
      ) : null}
      <PaymentDialogs
        dialog={model.dialog.value}
        actions={{ continuePayment: model.continuePayment, askCancel: model.askCancel, confirmCancel: model.confirmCancel, keep: model.keepTransaction, close: model.closeDialog }}
      />
      {model.busy.value ? <Overlay label={m.wait} /> : null}
    </div>
  );
}

function Body({ view }: { view: View }) {
  const host = useHost();
  switch (view) {
    case 'subscribe':
    case 'checkout':
    case 'success':
      return <SubscribeFlow view={view} host={host} />;
    case 'change':
    case 'change-success':
      return (
        <Suspense fallback={<p role="status">{m.wait}</p>}>
          <ChangeFlow view={view} host={host} />
        </Suspense>
      );
    case 'manage':
      return (
        <Suspense fallback={null}>
          <ManageDialog host={host} />
        </Suspense>
      );
    case 'update-payment':
    case 'direct-subscribe':
      return (
        <Suspense fallback={<p role="status">{m.wait}</p>}>
          <AppEntry view={view} />
        </Suspense>
      );
  }
}

/**
 * @summary Premium membership: subscribe, change the amount, manage, and the app's entries.
 */
export function Subscribe({ view, apiBase, portal, container }: SubscribeProps) {
  applyEmbedAttributes({ apiBase, portal });
  const parsed = parseView(view);
  return (
    <WidgetRoot container={container} styles={sliderStyles + subscribeStyles}>
      <Body key={parsed} view={parsed} />
    </WidgetRoot>
  );
}
