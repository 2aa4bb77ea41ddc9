/**
 * <sm-donate>'s views: the missions list, a mission's form, and the success page. Mission
 * descriptions come from the server and are shown as text, never as markup.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import type { Mission } from '../../shared/api/donations';
import { Button } from '../../shared/ui/Button';
import { Choices } from '../../shared/ui/Choices';
import { ConfirmDialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/Field';
import { Confirmation, ConfirmingPlaces, PaymentFrame, paymentStyles } from '../../shared/payments/PaymentViews';
import { Notice } from '../../shared/ui/Notice';
import { Slider } from '../../shared/ui/Slider';
import { placesStyles, sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createDonateModel, formFirstCalls, type DonateModel, type ListVariant, type View } from './donate.model';
import { BannerPlace, Banners, MissionsView, usd } from './donate.missions';
import { SLIDER_MAX, SLIDER_MIN, SLIDER_STEP, paragraphs } from './donate.rules';
import { donateStyles } from './donate.styles';
import '@messages/payments';
import '@messages/donate';

/** Its parsed attributes (without `mission`, the portal's _d query names it), and its shadow root. */
export type DonateProps = TagProps<'sm-donate'> & HostProps;

function Description({ text }: { text: string }) {
  return (
    <div className="sm-description" data-testid="mission-description">
      {paragraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/** The places of a mission's banner, title, organisation and total, held until the mission arrives. */
function MissionSkeleton() {
  return (
    <div
      className="sm-stack sm-skeleton"
      aria-hidden="true"
      data-testid="mission-skeleton"
      data-sm-early={formFirstCalls(false)}
      data-sm-early-signed-in={formFirstCalls(true)}
    >
      <BannerPlace />
      <h1 className="sm-title sm-skeleton-line" />
      <p className="sm-muted sm-skeleton-line" />
      <p className="sm-raised sm-skeleton-line sm-skeleton-short" />
    </div>
  );
}

/** Amount, frequency and Donate Now: shown at once (they need no data), Donate Now waits for the mission. */
function GiftControls({
  model,
  containerRef,
  ready,
}: {
  model: DonateModel;
  containerRef: React.RefObject<HTMLDivElement>;
  ready: boolean;
}) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  return (
    <>
      <Slider
        label={t('donate.amountLabel')}
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={SLIDER_STEP}
        value={model.slider.value}
        onValue={(n) => model.setSlider(n)}
        valueText={(n) => usd(model.custom.value === null ? n : model.amount.value, language)}
      />
      <TextField
        label={t('donate.custom')}
        type="number"
        inputMode="decimal"
        min={1}
        max={100}
        step="0.01"
        value={model.custom.value ?? ''}
        placeholder={String(model.slider.value)}
        onValue={(v) => model.setCustom(v === '' ? null : v)}
        onBlur={() => model.commitCustom()}
      />
      <Choices
        legend={t('donate.frequency')}
        name="frequency"
        className="sm-choices-row"
        options={[
          { value: false, label: t('donate.oneTime') },
          { value: true, label: t('donate.monthly') },
        ]}
        selected={model.recurring.value}
        onChoose={(recurring) => model.setRecurring(recurring)}
      />
      <Button onClick={() => void model.donate(() => containerRef.current)} disabled={!ready || model.busy.value}>
        {t('donate.donateNow')} · {usd(model.amount.value, language)}
      </Button>
      <p className="sm-needs-script">{t('donate.needsScript')}</p>
      <div ref={containerRef} className="sm-embedded" />
    </>
  );
}

/** A mission's banner, title, organisation and total; before it arrives, their places held. */
function MissionHeader({ mission }: { mission: Mission | null }) {
  const t = useT();
  const language = useShownLanguage();
  if (!mission) {
    return (
      <div className="sm-stack">
        <p role="status" className="sm-visually-hidden">
          {t('payments.wait')}
        </p>
        <MissionSkeleton />
      </div>
    );
  }
  const title = mission.title ?? mission.organization;
  return (
    <div className="sm-stack">
      <Banners mission={mission} />
      <h1 className="sm-title">{title}</h1>
      <p className="sm-muted">{mission.organization}</p>
      <p className="sm-raised" data-testid="mission-total">
        {t('donate.raised', { amount: usd(mission.total_donation, language) })}
      </p>
    </div>
  );
}

function DonateForm({ model, containerRef }: { model: DonateModel; containerRef: React.RefObject<HTMLDivElement> }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const mission = model.mission.value;
  if (model.thanked.value) {
    return (
      <div className="sm-stack sm-center">
        <h1>{t('donate.successTitle')}</h1>
        <p>{t('donate.successAnonymous')}</p>
        <p className="sm-muted">{t('donate.taxNote')}</p>
      </div>
    );
  }
  if (!mission && model.loadError.value) return <Notice tone="error">{model.loadError.value}</Notice>;
  // The controls keep their place in the tree from the markup to the loaded mission, so input and focus stay.
  return (
    <div className="sm-stack" aria-busy={mission ? undefined : true}>
      <MissionHeader key="mission" mission={mission} />
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {mission?.subscribed ? (
        <>
          <Notice tone="info">
            {t('donate.nextDonation', { date: formatDate(mission.metadata?.next_donation_period ?? null, language) })}
          </Notice>
          <Button variant="secondary" onClick={() => model.askCancelGift()}>
            {t('donate.cancelDonation')}
          </Button>
        </>
      ) : model.plan.value || !model.loadError.value ? (
        <GiftControls key="gift" model={model} containerRef={containerRef} ready={!!mission && !!model.plan.value} />
      ) : null}
      {/* After the form, so however long it is, the form stays where it showed. */}
      {mission ? (
        <Description text={mission.description} />
      ) : (
        <div className="sm-skeleton-line sm-skeleton-text" aria-hidden="true" />
      )}
      <p className="sm-muted">{t('donate.taxNote')}</p>
    </div>
  );
}

/** A sample gift, for the width of its place on the success page (its text does not show). */
const HELD_GIFT = 10;
const HELD_ORGANIZATION = 'Harvest of Praise Foundation';

function SuccessView({ model }: { model: DonateModel }) {
  const t = useT();
  const language = useShownLanguage();
  useSignals();
  const state = model.payment.state.value;
  const thanks = (text: string) => (
    <div className="sm-stack sm-center">
      <h1>{t('donate.successTitle')}</h1>
      <p data-testid="donation-result">{text}</p>
      <p className="sm-muted">{t('donate.taxNote')}</p>
      {model.signedIn.value ? <Button onClick={() => model.finish()}>{t('donate.continue')}</Button> : null}
    </div>
  );
  if (model.thanked.value) return thanks(t('donate.successAnonymous'));
  // Until confirmed, the page with its texts' places held, so nothing moves when the confirmation comes.
  if (state.kind !== 'confirmed' && state.kind !== 'confirm-failed')
    return (
      <ConfirmingPlaces
        title={t('donate.successTitle')}
        text={t('donate.successText', { amount: usd(HELD_GIFT, language), organization: HELD_ORGANIZATION })}
        button={t('donate.continue')}
      >
        <p className="sm-muted">{t('donate.taxNote')}</p>
      </ConfirmingPlaces>
    );
  return (
    <Confirmation checkout={model.payment}>
      {state.kind === 'confirmed'
        ? thanks(
            t('donate.successText', {
              amount: formatMoney(state.result.amount, state.result.currency, language),
              organization: state.result.organization,
            }),
          )
        : null}
    </Confirmation>
  );
}

/** The form's own dialogs: cancelling a monthly gift, and signing in to give monthly. */
function Dialogs({ model }: { model: DonateModel }) {
  const t = useT();
  useSignals();
  const dialog = model.dialog.value;
  const close = () => model.closeDialog();
  if (dialog?.kind === 'confirm-cancel-gift') {
    return (
      <ConfirmDialog
        title={t('donate.cancelDonation')}
        tone="warning"
        text={t('donate.confirmCancel')}
        confirm={t('donate.yes')}
        onConfirm={() => void model.confirmCancelGift()}
        cancel={t('donate.no')}
        onCancel={close}
      />
    );
  }
  if (dialog?.kind === 'sign-in') {
    return (
      <ConfirmDialog
        title={t('donate.signInMonthly')}
        text={t('donate.signInMonthlyText')}
        confirm={t('donate.signInMonthly')}
        onConfirm={() => model.signInForMonthly()}
        cancel={t('payments.ok')}
        onCancel={close}
      />
    );
  }
  return null;
}

function DonateWidget({ view, mission, list }: { view: View; mission: string | null | undefined; list: ListVariant }) {
  useSignals();
  const model = useModel(createDonateModel);
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => model.show(view, { mission, list }), [model, view, mission, list]);
  // The element's view, or in its place what this page can show (a gift's return to it, the list for no mission).
  const shown = model.view.value ?? view;
  return (
    <PaymentFrame prompts={model.prompts} view={shown} busy={model.busy.value}>
      {shown === 'missions' ? (
        <MissionsView model={model} variant={view === 'missions' ? list : model.listed()} />
      ) : shown === 'success' ? (
        <SuccessView model={model} />
      ) : (
        <DonateForm model={model} containerRef={containerRef} />
      )}
      <Dialogs model={model} />
    </PaymentFrame>
  );
}

export function Donate({ view, mission, list, ...root }: DonateProps) {
  return (
    <WidgetRoot {...root} styles={sliderStyles + paymentStyles + donateStyles + placesStyles}>
      <DonateWidget key={`${view}:${mission ?? ''}:${list}`} view={view} mission={mission} list={list} />
    </WidgetRoot>
  );
}
