/**
 * <sm-subscribe>'s views: the subscription steps, checkout and success; change amount and its
 * success; the Manage Membership dialog; the app's update-payment and direct-subscribe entries.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { formatDate } from '../../shared/format/dates';
import {
  ConfirmingPlaces,
  CheckoutStep,
  Confirmation,
  PaymentFrame,
  PaymentMethodChooser,
  PaymentSteps,
} from '../../shared/payments/PaymentViews';
import { BackButton, Button } from '../../shared/ui/Button';
import { Choices } from '../../shared/ui/Choices';
import { TextField } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { placesStyles, sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useDeps, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createSubscribeModel, firstCalls, type FlowView, type SubscribeModel } from './subscribe.model';
import { subscribeStyles } from './subscribe.styles';
import { AmountPicker, AppEntryCard, ChangePlaces, FeeNotes, HELD_AMOUNT, HELD_DATE, usd } from './subscribe.parts';
import { ONE_TIME_CUSTOM_MIN } from './subscribe.pricing';
import '@messages/payments';
import '@messages/subscribe';

// Rarely used views load on demand, so the subscription steps stay small.
const ChangeFlow = lazy(() => import('./subscribe.change'));
const ManageDialog = lazy(() => import('./subscribe.manage'));
const AppEntry = lazy(() => import('./subscribe.app'));

/** Its parsed attributes, and its shadow root. */
export type SubscribeProps = TagProps<'sm-subscribe'> & HostProps;
type View = SubscribeProps['view'];

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
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const step = model.step.value;
  const plan = model.plan.value;
  const bounds = model.bounds.value;
  const index = step === 'select-duration' ? 1 : step === 'select-amount' ? 2 : 3;
  const title =
    step === 'select-duration'
      ? t('subscribe.steps.duration')
      : step === 'select-amount'
        ? t('subscribe.steps.amount')
        : t('subscribe.steps.payment');
  return (
    <PaymentSteps
      title={t('subscribe.title')}
      step={step}
      progress={t('subscribe.stepOf', { n: index, total: 3, title })}
      loadError={model.loadError.value}
      onRetry={() => model.retryLoad()}
      early={step === 'select-duration' ? firstCalls() : undefined}
    >
      {step !== 'select-duration' ? <BackButton onClick={() => model.back()}>{t('subscribe.back')}</BackButton> : null}
      {step === 'select-duration' ? (
        <>
          {model.plans.value && model.plans.value.length === 0 ? (
            <Notice tone="info">{t('payments.empty')}</Notice>
          ) : null}
          <Choices
            legend={t('subscribe.duration.legend')}
            name="duration"
            options={[
              {
                value: true,
                label: (
                  <DurationLabel title={t('subscribe.duration.monthly')} hint={t('subscribe.duration.monthlyHint')} />
                ),
              },
              {
                value: false,
                label: (
                  <DurationLabel title={t('subscribe.duration.oneTime')} hint={t('subscribe.duration.oneTimeHint')} />
                ),
              },
            ]}
            selected={model.recurring.value}
            onChoose={(recurring) => model.setRecurring(recurring)}
          />
          {!model.recurring.value ? (
            <Choices
              legend={t('subscribe.duration.months')}
              name="months"
              className="sm-months"
              options={model.monthOptions.value.map((n) => ({ value: n, label: t('subscribe.duration.month', { n }) }))}
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
            {t('subscribe.next')}
          </Button>
        </>
      ) : null}
      {step === 'select-amount' && plan && bounds ? (
        <>
          <AmountPicker
            title={
              model.recurring.value
                ? t('subscribe.amount.monthly')
                : t('subscribe.amount.oneTime', { months: model.months.value })
            }
            bounds={bounds}
            plan={plan}
            value={model.custom.value === null ? model.price.value : model.amount.value}
            onValue={(n) => model.setPrice(n)}
            perMonth={model.recurring.value}
          >
            {model.custom.value === null ? (
              <Button
                variant="link"
                onClick={() => model.setCustom(String(model.recurring.value ? model.price.value : ONE_TIME_CUSTOM_MIN))}
              >
                {t('subscribe.amount.customToggle')}
              </Button>
            ) : (
              <>
                <TextField
                  label={t('subscribe.amount.custom')}
                  type="number"
                  inputMode="decimal"
                  min={model.recurring.value ? bounds.min : ONE_TIME_CUSTOM_MIN}
                  value={model.custom.value}
                  onValue={(v) => model.setCustom(v)}
                  error={model.customError.value}
                />
                <Button variant="link" onClick={() => model.setCustom(null)}>
                  {t('subscribe.amount.useSlider')}
                </Button>
              </>
            )}
          </AmountPicker>
          <FeeNotes />
          <Button onClick={() => model.next()} disabled={model.customError.value !== null || model.amount.value <= 0}>
            {t('subscribe.next')}
          </Button>
        </>
      ) : null}
      {step === 'select-payment' && plan ? (
        <>
          <p className="sm-summary">
            {model.recurring.value
              ? t('subscribe.payment.summaryMonthly', { amount: usd(model.amount.value, language) })
              : t('subscribe.payment.summaryOneTime', {
                  months: model.months.value,
                  amount: usd(model.amount.value, language),
                })}
          </p>
          {model.recurring.value ? <p className="sm-muted">{t('subscribe.payment.cardOnly')}</p> : null}
          <PaymentMethodChooser choice={model.methods} />
          <FeeNotes />
          <Button onClick={() => model.pay()}>{t('subscribe.pay')}</Button>
        </>
      ) : null}
    </PaymentSteps>
  );
}

/** A payment's confirmation has come (or failed): the success page shows it. */
const settled = (kind: string) => kind === 'confirmed' || kind === 'confirm-failed';

/** The success page while its payment is being confirmed, as it usually shows: a monthly membership. */
function SuccessPlaces() {
  const t = useT();
  const language = useShownLanguage();
  return (
    <ConfirmingPlaces
      title={t('subscribe.successTitle')}
      text={t('subscribe.successMonthly', {
        amount: usd(HELD_AMOUNT, language),
        date: formatDate(HELD_DATE, language),
      })}
      button={t('subscribe.continue')}
    />
  );
}

const noChange = () => () => {};

/**
 * False while prerendering and hydrating, true after: what the person's data shows is drawn only
 * then, so hydrating finds what the markup holds.
 */
function useDrawn(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

function SubscribeFlow({ view }: { view: FlowView }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const model = useModel(createSubscribeModel);
  const { session } = useDeps();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => model.show(view, () => container.current), [model, view]);
  // The view's page, or what this page can show instead (a checkout's return, confirmed here).
  const page = model.page.value;
  const shown: FlowView = page === null ? view : page === 'start' ? 'subscribe' : page;
  const user = session.user.value;
  const drawn = useDrawn();
  return (
    <PaymentFrame prompts={model.prompts} view={shown} busy={model.busy.value}>
      {/* Known only from the profile, after the first draw: over the heading, not pushing the steps down. */}
      {shown === 'subscribe' && drawn && model.alreadyMonthly.value ? (
        <div className="sm-over">
          <Notice tone="info">{t('subscribe.alreadyMonthly')}</Notice>
        </div>
      ) : null}
      {shown === 'subscribe' ? <SubscribeSteps model={model} /> : null}
      {shown === 'checkout' ? (
        <CheckoutStep checkout={model.payment} prompts={model.prompts} container={container} />
      ) : null}
      {shown === 'success' && !settled(model.payment.state.value.kind) ? <SuccessPlaces /> : null}
      {shown === 'success' && settled(model.payment.state.value.kind) ? (
        <Confirmation checkout={model.payment}>
          <div className="sm-stack sm-center">
            <h1>{t('subscribe.successTitle')}</h1>
            <p data-testid="membership-summary">
              {user?.subscription
                ? user.subscription.recurring === 1
                  ? t('subscribe.successMonthly', {
                      amount: usd(user.subscription.current_amount, language),
                      date: formatDate(user.subscription.end_date, language),
                    })
                  : t('subscribe.successOneTime', { date: formatDate(user.subscription.end_date, language) })
                : null}
            </p>
            <Button onClick={() => model.finish()}>{t('subscribe.continue')}</Button>
          </div>
        </Confirmation>
      ) : null}
    </PaymentFrame>
  );
}

/** What shows while a view's code is on its way: its places held where it has them, else a status line. */
function Fallback({ view }: { view: Exclude<View, FlowView> }) {
  const t = useT();
  if (view === 'manage') return null;
  if (view === 'change')
    return (
      <div className="sm-card" part="card" data-view={view}>
        <ChangePlaces />
      </div>
    );
  if (view === 'update-payment' || view === 'direct-subscribe') return <AppEntryCard view={view} status={null} />;
  return <p role="status">{t('payments.wait')}</p>;
}

function Body({ view }: { view: View }) {
  const drawn = useDrawn();
  if (view === 'subscribe' || view === 'checkout' || view === 'success') return <SubscribeFlow view={view} />;
  // While hydrating, the fallback outside Suspense: a boundary the server rendered waiting would be drawn again, whole.
  if (!drawn) return <Fallback view={view} />;
  return (
    <Suspense fallback={<Fallback view={view} />}>
      {view === 'change' || view === 'change-success' ? (
        <ChangeFlow view={view} />
      ) : view === 'manage' ? (
        <ManageDialog />
      ) : (
        <AppEntry view={view} />
      )}
    </Suspense>
  );
}

export function Subscribe({ view, ...root }: SubscribeProps) {
  return (
    <WidgetRoot {...root} styles={sliderStyles + subscribeStyles + placesStyles}>
      <Body key={view} view={view} />
    </WidgetRoot>
  );
}
