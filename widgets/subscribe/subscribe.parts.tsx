/**
 * Pieces shared by the subscription and change-amount views of <sm-subscribe>.
 */
import { useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format/money';
import { Slider } from '../../shared/ui/Slider';
import type { Plan } from '../../shared/api/subscription';
import { infoMessage, tierOf, type SliderBounds } from './subscribe.pricing';
import '@messages/subscribe';

export const usd = (n: number, language: string) => formatMoney(n, 'USD', language);

export function FeeNotes() {
  const t = useT();
  return (
    <ul className="sm-notes">
      <li>{t('subscribe.amount.feesNote')}</li>
      <li>{t('subscribe.amount.foreignFee')}</li>
    </ul>
  );
}

/** The amount picker shared by the subscription and the change-amount pages: a slider within the plan's bounds, starting at the recommended price. */
export function AmountPicker({
  title,
  bounds,
  plan,
  value,
  onValue,
  perMonth,
  children,
}: {
  title: string;
  bounds: SliderBounds;
  plan: Pick<Plan, 'rate' | 'user_currency' | 'currency'>;
  value: number;
  onValue: (n: number) => void;
  perMonth: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const language = useShownLanguage();
  const { min, max, start: recommended } = bounds;
  const readout = (n: number) =>
    perMonth ? t('subscribe.amount.perMonth', { amount: usd(n, language) }) : usd(n, language);
  const info = infoMessage(value, recommended);
  return (
    <div className="sm-stack" data-tier={tierOf(value, min, recommended)}>
      <h2>{t('subscribe.amount.heading')}</h2>
      <p className="sm-muted">{t('subscribe.amount.limited')}</p>
      <h3>{title}</h3>
      <Slider
        label={t('subscribe.amount.sliderLabel')}
        min={min}
        max={max}
        value={value}
        onValue={onValue}
        valueText={readout}
        marks={[
          { value: min, label: `${t('subscribe.amount.lowest')} ${usd(min, language)}` },
          { value: recommended, label: `${t('subscribe.amount.recommended')} ${usd(recommended, language)}` },
          { value: max, label: `${t('subscribe.amount.maximum')} ${usd(max, language)}` },
        ]}
      />
      {plan.user_currency !== plan.currency ? (
        <p className="sm-muted">
          {t('subscribe.amount.approx', { amount: formatMoney(value * plan.rate, plan.user_currency, language) })}
        </p>
      ) : null}
      {info ? (
        <p className="sm-info" data-testid="tier-info">
          {t(info)}
        </p>
      ) : null}
      {children}
    </div>
  );
}
