/**
 * Pieces shared by the subscription and change-amount views of <sm-subscribe>.
 */
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format/money';
import { Slider } from '../../shared/ui/Slider';
import { messages as m } from './subscribe.messages';
import type { Plan } from '../../shared/api/subscription';
import { infoMessage, tierOf, type SliderBounds } from './subscribe.pricing';

export const usd = (n: number) => formatMoney(n, 'USD');

export function FeeNotes() {
  return (
    <ul className="sm-notes">
      <li>{m.amount.feesNote}</li>
      <li>{m.amount.foreignFee}</li>
    </ul>
  );
}

/** The amount picker shared by the subscription and the change-amount pages: a slider within the plan's bounds, starting at the recommended price. */
export function AmountPicker({ title, bounds, plan, value, onValue, perMonth, children }: {
  title: string;
  bounds: SliderBounds;
  plan: Pick<Plan, 'rate' | 'user_currency' | 'currency'>;
  value: number;
  onValue: (n: number) => void;
  perMonth: boolean;
  children?: ReactNode;
}) {
  const { min, max, start: recommended } = bounds;
  const readout = (n: number) => (perMonth ? m.amount.perMonth(usd(n)) : m.amount.total(usd(n)));
  const info = infoMessage(value, recommended);
  return (
    <div className="sm-stack" data-tier={tierOf(value, min, recommended)}>
      <h2>{m.amount.heading}</h2>
      <p className="sm-muted">{m.amount.limited}</p>
      <h3>{title}</h3>
      <Slider
        label={m.amount.sliderLabel}
        min={min}
        max={max}
        value={value}
        onValue={onValue}
        valueText={readout}
        marks={[
          { value: min, label: `${m.amount.lowest} ${usd(min)}` },
          { value: recommended, label: `${m.amount.recommended} ${usd(recommended)}` },
          { value: max, label: `${m.amount.maximum} ${usd(max)}` },
        ]}
      />
      {plan.user_currency !== plan.currency ? <p className="sm-muted">{m.amount.approx(formatMoney(value * plan.rate, plan.user_currency))}</p> : null}
      {info ? (
        <p className="sm-info" data-testid="tier-info">
          {info}
        </p>
      ) : null}
      {children}
    </div>
  );
}
