/**
 * Pieces shared by the subscription and change-amount views of <sm-subscribe>.
 */
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format/money';
import { Slider } from '../../shared/ui/Slider';
import { messages as m } from './subscribe.messages';
import { infoMessage, tierOf } from './subscribe.pricing';

export const usd = (n: number) => formatMoney(n, 'USD');

export function FeeNotes() {
  return (
    <ul className="sm-notes">
      <li>{m.amount.feesNote}</li>
      <li>{m.amount.foreignFee}</li>
    </ul>
  );
}

/** The amount picker shared by the subscription and the change-amount pages. */
export function AmountPicker(props: {
  title: string;
  min: number;
  max: number;
  recommended: number;
  value: number;
  onValue: (n: number) => void;
  perMonth: boolean;
  rate: number;
  userCurrency: string;
  currency: string;
  lowest: number;
  children?: ReactNode;
}) {
  const tier = tierOf(props.value, props.lowest, props.recommended);
  const info = infoMessage(props.value, props.recommended);
  const readout = (n: number) => (props.perMonth ? m.amount.perMonth(usd(n)) : m.amount.total(usd(n)));
  return (
    <div className="sm-stack" data-tier={tier}>
      <h2>{m.amount.heading}</h2>
      <p className="sm-muted">{m.amount.limited}</p>
      <h3>{props.title}</h3>
      <Slider
        label={m.amount.sliderLabel}
        min={props.min}
        max={props.max}
        value={props.value}
        onValue={props.onValue}
        valueText={readout}
        marks={[
          { value: props.min, label: `${m.amount.lowest} ${usd(props.min)}` },
          { value: props.recommended, label: `${m.amount.recommended} ${usd(props.recommended)}` },
          { value: props.max, label: `${m.amount.maximum} ${usd(props.max)}` },
        ]}
      />
      {props.userCurrency !== props.currency ? <p className="sm-muted">{m.amount.approx(formatMoney(props.value * props.rate, props.userCurrency))}</p> : null}
      {info ? (
        <p className="sm-info" data-testid="tier-info">
          {info}
        </p>
      ) : null}
      {props.children}
    </div>
  );
}

