/**
 * <sm-topup>'s view: the credit steps, the checkout step and the success page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { formatCredits, formatMoney } from '../../shared/format/money';
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
import { Notice } from '../../shared/ui/Notice';
import { Places } from '../../shared/ui/Places';
import { placesStyles } from '../../shared/ui/styles';
import { WidgetRoot, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createTopupModel, firstCalls, type TopupModel, type View } from './topup.model';
import { topupStyles } from './topup.styles';
import '@messages/payments';
import '@messages/topup';

/** Its attributes as the tag table gives them, parsed (`view` is always one of its values), and its shadow root. */
export type TopupProps = TagProps<'sm-topup'> & HostProps;

/** The credit choices' places held while they load: the usual list's five (the tag's reserved height fits five). */
export const HELD_OPTIONS = 5;

/**
 * Step 1: who the credits are for, then the credit choices. The first needs no data, so it can be answered while the
 * choices load (the loader keeps an answer given in the markup), and does not move when they fill in.
 */
function Options({ model }: { model: TopupModel }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const options = model.options.value;
  return (
    <>
      <Choices
        legend={t('topup.forWhom')}
        name="purchasefor"
        className="sm-choices-row"
        options={[
          { value: 1, label: t('topup.self') },
          { value: 2, label: t('topup.other') },
        ]}
        selected={model.purchasefor.value}
        onChoose={(value) => model.setPurchaseFor(value)}
      />
      {options === null ? (
        model.loadError.value ? null : (
          // The choices as they will show (their legend, five cards, Next), held; the status line takes no room.
          <>
            <p role="status" className="sm-visually-hidden">
              {t('payments.wait')}
            </p>
            <Places count={HELD_OPTIONS} className="sm-choice" within="sm-choices" legend={t('topup.options')} />
            <Button disabled>{t('topup.next')}</Button>
          </>
        )
      ) : options.length === 0 ? (
        <Notice tone="info">{t('payments.empty')}</Notice>
      ) : (
        <>
          <Choices
            legend={t('topup.options')}
            name="credit-option"
            options={options.map((o) => ({
              value: o.identifier,
              label: (
                <>
                  <span className="sm-choice-title">{formatCredits(o.price_credit, t)}</span>
                  <span className="sm-choice-price">
                    {formatMoney(o.price_dollar, o.currency, language)}
                    {o.user_currency !== o.currency ? (
                      <span className="sm-muted">
                        {' '}
                        (
                        {t('topup.approx', { amount: formatMoney(o.price_dollar * o.rate, o.user_currency, language) })}
                        )
                      </span>
                    ) : null}
                  </span>
                </>
              ),
            }))}
            selected={model.selected.value}
            onChoose={(id) => model.choose(id)}
          />
          {model.formError.value ? (
            <p className="sm-error" role="alert">
              {model.formError.value}
            </p>
          ) : null}
          <Button onClick={() => model.next()}>{t('topup.next')}</Button>
        </>
      )}
    </>
  );
}

function Methods({ model }: { model: TopupModel }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const option = model.selectedOption.value;
  const charge = model.charge.value;
  return (
    <>
      <BackButton onClick={() => model.back()}>{t('topup.back')}</BackButton>
      {option && charge ? (
        <p className="sm-summary" data-testid="topup-summary">
          {t('topup.summary', {
            credits: formatCredits(option.price_credit, t),
            price: formatMoney(charge.amount, charge.currency, language),
          })}
        </p>
      ) : null}
      <PaymentMethodChooser choice={model.methods} />
      <Button onClick={() => model.pay()}>{t('topup.pay')}</Button>
    </>
  );
}

function Steps({ model }: { model: TopupModel }) {
  const t = useT();
  useSignals();
  const step = model.step.value;
  return (
    <PaymentSteps
      title={t('topup.title')}
      step={step}
      progress={t('topup.stepOf', { n: step, total: 2, title: step === 1 ? t('topup.step1') : t('topup.step2') })}
      loadError={model.loadError.value}
      onRetry={() => model.retryLoad()}
      early={step === 1 ? firstCalls() : undefined}
    >
      {step === 1 ? <Options model={model} /> : <Methods model={model} />}
    </PaymentSteps>
  );
}

function CopyCode({ code }: { code: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="sm-code-row">
      <code className="sm-code" data-testid="redemption-code">
        {code}
      </code>
      <span className="sm-tooltip-anchor">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('topup.copy')}
        </Button>
        {state !== 'idle' ? (
          <span className="sm-tooltip" role="status">
            {state === 'copied' ? t('topup.copied') : t('topup.copyFailed')}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** "Your new credit balance is", and the balance on a line of its own: the same size held and filled. */
function NewBalance({ balance, testId }: { balance: number; testId?: string }) {
  const t = useT();
  return (
    <>
      {t('topup.successSelfText')}{' '}
      <strong className="sm-new-balance" data-testid={testId}>
        {formatCredits(balance, t)}
      </strong>
    </>
  );
}

/** The success page while its payment is being confirmed, as it usually shows: a top-up for oneself. */
function SuccessPlaces() {
  const t = useT();
  return (
    <ConfirmingPlaces
      title={t('topup.successSelfTitle')}
      text={<NewBalance balance={0} />}
      button={t('payments.backHome')}
    />
  );
}

function Success({ model }: { model: TopupModel }) {
  const t = useT();
  useSignals();
  const state = model.success.value;
  const { kind } = model.payment.state.value;
  if (kind !== 'confirmed' && kind !== 'confirm-failed') return <SuccessPlaces />;
  return (
    <Confirmation checkout={model.payment}>
      <div className="sm-stack sm-center">
        {state.kind === 'self' ? (
          <>
            <h1>{t('topup.successSelfTitle')}</h1>
            <p>
              <NewBalance balance={state.balance} testId="new-balance" />
            </p>
          </>
        ) : state.kind === 'other' ? (
          <>
            <h1>{t('topup.successOtherTitle')}</h1>
            <p>{t('topup.successOtherText')}</p>
            <CopyCode code={state.code} />
          </>
        ) : null}
        <Button onClick={() => model.finish()}>{t('payments.backHome')}</Button>
      </div>
    </Confirmation>
  );
}

function TopupWidget({ view }: { view: View }) {
  useSignals();
  const model = useModel(createTopupModel);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => model.show(view, () => container.current), [model, view]);
  // The view's page, or in its place what this page can show (a checkout's return to it, confirmed here).
  const page = model.page.value ?? (view === 'topup' ? 'start' : view);
  // A device-wallet payment is confirmed in place, on the steps' page.
  const shown =
    page === 'success' || model.payment.state.value.kind === 'confirmed'
      ? 'success'
      : page === 'checkout'
        ? 'checkout'
        : 'topup';
  return (
    <PaymentFrame prompts={model.prompts} view={shown} busy={model.busy.value}>
      {shown === 'success' ? (
        <Success model={model} />
      ) : shown === 'checkout' ? (
        <CheckoutStep checkout={model.payment} prompts={model.prompts} container={container} />
      ) : (
        <Steps model={model} />
      )}
    </PaymentFrame>
  );
}

export function Topup({ view, ...root }: TopupProps) {
  return (
    <WidgetRoot {...root} styles={topupStyles + placesStyles}>
      <TopupWidget key={view} view={view} />
    </WidgetRoot>
  );
}
