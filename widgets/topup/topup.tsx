/**
 * <sm-topup>'s view: the credit steps, the checkout hand-off and the success page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { applyEmbedAttributes } from '../../shared/config/config';
import { formatCredits, formatMoney } from '../../shared/format/money';
import { Button } from '../../shared/ui/Button';
import { PaymentDialogs } from '../../shared/payments/PaymentDialogs';
import { Notice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { WidgetRoot, useHost } from '../../shared/ui/WidgetRoot';
import { messages as m } from './topup.messages';
import { chargeFor, createTopupModel, parseView, type TopupModel, type View } from './topup.model';
import { topupStyles } from './topup.styles';

export interface TopupProps {
  /** topup (default) | checkout | success */
  view?: string;
  apiBase?: string;
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

function Options({ model }: { model: TopupModel }) {
  useSignals();
  const options = model.creditOptions.value;
  if (options === null) return model.loadError.value ? null : <p role="status">{m.loading}</p>;
  if (options.length === 0) return <Notice tone="info">{m.empty}</Notice>;
  return (
    <>
      <fieldset className="sm-choices">
        <legend>{m.options}</legend>
        {options.map((o) => (
          <label key={o.identifier} className="sm-choice" data-checked={model.selected.value === o.identifier}>
            <input type="radio" name="credit-option" value={o.identifier} checked={model.selected.value === o.identifier} onChange={() => model.choose(o.identifier)} />
            <span className="sm-choice-title">{formatCredits(o.price_credit)}</span>
            <span className="sm-choice-price">
              {formatMoney(o.price_dollar, o.currency)}
              {o.user_currency !== o.currency ? <span className="sm-muted"> ({m.approx(formatMoney(o.price_dollar * o.rate, o.user_currency))})</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="sm-choices sm-choices-row">
        <legend>{m.forWhom}</legend>
        <label className="sm-choice" data-checked={model.purchasefor.value === 1}>
          <input type="radio" name="purchasefor" checked={model.purchasefor.value === 1} onChange={() => model.setPurchaseFor(1)} />
          <span>{m.self}</span>
        </label>
        <label className="sm-choice" data-checked={model.purchasefor.value === 2}>
          <input type="radio" name="purchasefor" checked={model.purchasefor.value === 2} onChange={() => model.setPurchaseFor(2)} />
          <span>{m.other}</span>
        </label>
      </fieldset>
      {model.formError.value ? (
        <p className="sm-error" role="alert">
          {model.formError.value}
        </p>
      ) : null}
      <Button onClick={() => model.next()}>{m.next}</Button>
    </>
  );
}

function Methods({ model }: { model: TopupModel }) {
  useSignals();
  const methods = model.methods.value;
  const option = model.selectedOption.value;
  return (
    <>
      <Button variant="link" className="sm-back" onClick={() => model.back()}>
        ← {m.back}
      </Button>
      {option ? (
        <p className="sm-summary" data-testid="topup-summary">
          {m.summary(formatCredits(option.price_credit), (() => {
            const charge = chargeFor(option, model.method.value ?? 'credit_card');
            return formatMoney(charge.amount, charge.currency);
          })())}
        </p>
      ) : null}
      {methods === null ? (
        model.loadError.value ? null : <p role="status">{m.loading}</p>
      ) : (
        <fieldset className="sm-choices">
          <legend>{m.methods}</legend>
          {methods.map((method) => (
            <label key={method.id} className="sm-choice" data-checked={model.method.value === method.id}>
              <input type="radio" name="payment-method" value={method.id} checked={model.method.value === method.id} onChange={() => model.chooseMethod(method.id)} />
              <span>{method.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {model.formError.value ? (
        <p className="sm-error" role="alert">
          {model.formError.value}
        </p>
      ) : null}
      <Button onClick={() => model.pay()}>{m.pay}</Button>
    </>
  );
}

function TopupView({ model }: { model: TopupModel }) {
  useSignals();
  const step = model.step.value;
  return (
    <div className="sm-stack">
      <h1>{m.title}</h1>
      <p className="sm-muted">
        {m.stepOf(step, 2)}: {step === 1 ? m.step1 : m.step2}
      </p>
      {model.loadError.value ? (
        <Notice tone="error">
          {model.loadError.value}{' '}
          <Button variant="link" onClick={() => model.retryLoad()}>
            {m.retry}
          </Button>
        </Notice>
      ) : null}
      {step === 1 ? <Options model={model} /> : <Methods model={model} />}
    </div>
  );
}

function CheckoutView({ model, containerRef }: { model: TopupModel; containerRef: React.RefObject<HTMLDivElement | null> }) {
  useSignals();
  return (
    <div className="sm-stack">
      <h1>{m.checkoutTitle}</h1>
      {model.checkoutError.value ? (
        <Notice tone="error">
          {model.checkoutError.value}{' '}
          <Button variant="link" onClick={() => model.retryCheckout(() => containerRef.current)}>
            {m.retry}
          </Button>
        </Notice>
      ) : model.embedded.value ? null : (
        <p role="status">{m.redirecting}</p>
      )}
      <div ref={containerRef} className="sm-embedded" />
      <Button variant="secondary" onClick={() => model.askCancel()}>
        {m.cancelTransaction}
      </Button>
    </div>
  );
}

function CopyCode({ code }: { code: string }) {
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
          {m.copy}
        </Button>
        {state !== 'idle' ? (
          <span className="sm-tooltip" role="status">
            {state === 'copied' ? m.copied : m.copyFailed}
          </span>
        ) : null}
      </span>
    </div>
  );
}

function SuccessView({ model }: { model: TopupModel }) {
  useSignals();
  const state = model.success.value;
  if (state.kind === 'confirming') return <p role="status">{m.confirming}</p>;
  if (state.kind === 'retry') {
    return (
      <div className="sm-stack">
        <h1>{m.checkoutTitle}</h1>
        <Notice tone="error">{state.message}</Notice>
        <Button onClick={() => model.retryConfirm()}>{m.retry}</Button>
      </div>
    );
  }
  return (
    <div className="sm-stack sm-center">
      {state.kind === 'self' ? (
        <>
          <h1>{m.successSelfTitle}</h1>
          <p>
            {m.successSelfText} <strong data-testid="new-balance">{formatCredits(state.balance)}</strong>
          </p>
        </>
      ) : (
        <>
          <h1>{m.successOtherTitle}</h1>
          <p>{m.successOtherText}</p>
          <CopyCode code={state.code} />
        </>
      )}
      <Button onClick={() => model.goHome()}>{m.backHome}</Button>
    </div>
  );
}

function TopupWidget({ view, model }: { view: View; model: TopupModel }) {
  useSignals();
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    model.start(view, () => containerRef.current);
  }, [model, view]);
  const current = model.view.value;
  const notice = model.notice.value;
  return (
    <div className="sm-card" part="card" data-view={current}>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {current === 'topup' ? <TopupView model={model} /> : current === 'checkout' ? <CheckoutView model={model} containerRef={containerRef} /> : <SuccessView model={model} />}
      <PaymentDialogs
        dialog={model.dialog.value}
        actions={{ continuePayment: model.continuePayment, askCancel: model.askCancel, confirmCancel: model.confirmCancel, keep: model.keepTransaction, close: model.closeDialog }}
      />
      {model.busy.value ? <Overlay label={m.loading} /> : null}
    </div>
  );
}

function ModelHost({ view }: { view: View }) {
  const host = useHost();
  const [model] = useState(() => createTopupModel({ host: () => host }));
  return <TopupWidget view={view} model={model} />;
}

/**
 * @summary Top up pay-as-you-go credit for yourself or as a gift.
 */
export function Topup({ view, apiBase, portal, container }: TopupProps) {
  applyEmbedAttributes({ apiBase, portal });
  return (
    <WidgetRoot container={container} styles={topupStyles}>
      <ModelHost view={parseView(view)} />
    </WidgetRoot>
  );
}
