/**
 * Pieces shared by the subscription and change-amount views of <sm-subscribe>, and the app entries' card.
 */
import { useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format/money';
import { Slider } from '../../shared/ui/Slider';
import type { Plan } from '../../shared/api/subscription';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import type { AppEntryStatus, AppEntryView } from './app-entry.model';
import { infoMessage, MONTHLY_MAX, tierOf, type SliderBounds } from './subscribe.pricing';
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

/**
 * What an amount's place holds until the plan comes: the amount as it is usually written (its width), in a place that
 * does not show it (placesStyles in shared/ui/styles.ts).
 */
export const HELD_AMOUNT = 0;

/**
 * The amount picker before its plan arrives, as it will show, with its values' places held (their text unseen). Hidden
 * from assistive technology: the view's status line says it is loading.
 */
export function AmountPickerPlaces({ title, perMonth }: { title: string; perMonth: boolean }) {
  const t = useT();
  const language = useShownLanguage();
  const amount = usd(HELD_AMOUNT, language);
  return (
    <div className="sm-stack" aria-hidden="true">
      <h2>{t('subscribe.amount.heading')}</h2>
      <p className="sm-muted">{t('subscribe.amount.limited')}</p>
      <h3>{title}</h3>
      <div className="sm-slider">
        <span className="sm-slider-value sm-skeleton-line">
          {perMonth ? t('subscribe.amount.perMonth', { amount }) : amount}
        </span>
        <input type="range" disabled tabIndex={-1} />
        <div className="sm-slider-marks">
          <span className="sm-slider-mark sm-skeleton-line">{`${t('subscribe.amount.lowest')} ${amount}`}</span>
          <span className="sm-slider-mark sm-skeleton-line">{`${t('subscribe.amount.recommended')} ${amount}`}</span>
          <span className="sm-slider-mark sm-skeleton-line">
            {`${t('subscribe.amount.maximum')} ${usd(MONTHLY_MAX, language)}`}
          </span>
        </div>
      </div>
      <p className="sm-info sm-skeleton-line">{t('subscribe.info.afford')}</p>
    </div>
  );
}

/** A status line that takes no room: the places beside it show where the data goes. */
export function Waiting() {
  const t = useT();
  return (
    <p role="status" className="sm-visually-hidden">
      {t('payments.wait')}
    </p>
  );
}

/**
 * The change of the monthly amount before its data or code arrives (subscribe.change.tsx, subscribe.tsx), its places
 * held. Its height is the tag's reserved height for view="change" (widgets/tags.ts).
 */
export function ChangePlaces() {
  const t = useT();
  const language = useShownLanguage();
  return (
    <div className="sm-stack">
      <Waiting />
      <h1 className="sm-visually-hidden">{t('subscribe.change.submit')}</h1>
      <p className="sm-muted sm-skeleton-line" aria-hidden="true">
        {t('subscribe.change.current', { amount: usd(HELD_AMOUNT, language) })}
      </p>
      <AmountPickerPlaces title={t('subscribe.amount.monthly')} perMonth />
      <Button disabled aria-hidden="true" tabIndex={-1}>
        {t('subscribe.change.submit')}
      </Button>
      <FeeNotes />
    </div>
  );
}

/** A sample date, for the width of a date's place (its text does not show). */
export const HELD_DATE = '2026-12-23';

/**
 * The card of the app's entries (update-payment, direct-subscribe): what is under way, or what went wrong; as working
 * also before the entry's code has come (subscribe.tsx Fallback).
 */
export function AppEntryCard({ view, status }: { view: AppEntryView; status: AppEntryStatus | null }) {
  const t = useT();
  const working = t(view === 'update-payment' ? 'subscribe.app.updating' : 'subscribe.app.subscribing');
  return (
    <div className="sm-card" part="card" data-view={view}>
      {status?.kind === 'error' ? (
        <Notice tone="error">{status.text}</Notice>
      ) : (
        <p role="status">{status?.text ?? working}</p>
      )}
    </div>
  );
}
