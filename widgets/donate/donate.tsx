/**
 * <sm-donate>'s views: the missions list, one mission's donation form, and the success page.
 * Mission descriptions come from the server and are shown as text, never as markup.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import type { Mission } from '../../shared/api/donations';
import { Button } from '../../shared/ui/Button';
import { Carousel } from '../../shared/ui/Carousel';
import { Choices } from '../../shared/ui/Choices';
import { ConfirmDialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/Field';
import { Confirmation, PaymentFrame, paymentStyles } from '../../shared/payments/PaymentViews';
import { Notice } from '../../shared/ui/Notice';
import { Slider } from '../../shared/ui/Slider';
import { placesStyles, sliderStyles } from '../../shared/ui/styles';
import { WidgetRoot, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { createDonateModel, formFirstCalls, listFirstCalls, type DonateModel, type ListVariant, type View } from './donate.model';
import { SLIDER_MAX, SLIDER_MIN, SLIDER_STEP, paragraphs } from './donate.rules';
import { donateStyles } from './donate.styles';
import '@messages/payments';
import '@messages/donate';

export interface DonateProps {
  view?: View;
  /** The mission to give to (its id), for standalone use; inside the portal the _d query. */
  mission?: string;
  /** Which missions the list shows: home (up to 3), all, public. */
  list?: ListVariant;
  apiBase?: string;
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

const usd = (n: number, language: string) => formatMoney(n, 'USD', language);

/**
 * A banner's place without a picture (before the mission arrives, or a mission without pictures): the picture's 2:1 box
 * and, below it, the room a carousel's controls take (donate.styles.ts).
 */
function BannerPlace() {
  return (
    <div className="sm-carousel" aria-hidden="true">
      <div className="sm-banner" />
    </div>
  );
}

function Banners({ mission }: { mission: Mission }) {
  const t = useT();
  const title = mission.title ?? mission.organization;
  const images = mission.banner.filter((src) => /^(https?:|\/)/.test(src));
  // No picture: its place stays, plain, as the placeholder held it (and as the other cards have it).
  if (images.length === 0) return <BannerPlace />;
  return (
    <Carousel
      label={t('donate.slides', { title })}
      slideLabel={(n, total) => t('donate.slide', { n, total })}
      slides={images.map((src, i) => ({
        id: src,
        // The first picture is the page's largest paint: fetched at once and first; the others when they come near.
        // loading and fetchpriority come before src: React 18 sets attributes in this order, and Firefox and Safari start
        // fetching when src is set. (fetchpriority in lower case: React 18 knows no fetchPriority prop.)
        content: <img className="sm-banner" loading={i === 0 ? 'eager' : 'lazy'} {...{ fetchpriority: i === 0 ? 'high' : 'auto' }} src={src} alt={t('donate.banner', { title, n: i + 1, total: images.length })} width={640} height={320} />,
      }))}
    />
  );
}

function Description({ text }: { text: string }) {
  return (
    <div className="sm-description" data-testid="mission-description">
      {paragraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function MissionCard({ mission, model, variant }: { mission: Mission; model: DonateModel; variant: ListVariant }) {
  const t = useT();
  const language = useShownLanguage();
  const title = mission.title ?? mission.organization;
  const [first] = paragraphs(mission.description);
  return (
    <article className="sm-mission" aria-labelledby={`mission-${mission.id}`} data-testid="mission-card">
      <Banners mission={mission} />
      <h3 id={`mission-${mission.id}`} className="sm-title">
        {title}
      </h3>
      <p className="sm-muted">{mission.organization}</p>
      {variant !== 'home' ? <p className="sm-blurb">{first}</p> : null}
      <p className="sm-raised">{t('donate.raised', { amount: usd(mission.total_donation, language) })}</p>
      <Button onClick={() => model.openMission(mission.id)} aria-label={`${t('donate.donate')}: ${title}`}>
        {t('donate.donate')}
      </Button>
    </article>
  );
}

function MissionsView({ model, variant }: { model: DonateModel; variant: ListVariant }) {
  const t = useT();
  useSignals();
  const missions = model.missions.value;
  const waiting = missions === null && !model.loadError.value;
  return (
    <section className="sm-stack" aria-labelledby="missions-title">
      <h2 id="missions-title">{variant === 'public' ? t('donate.explore') : t('donate.missionsTitle')}</h2>
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {waiting ? (
        <p role="status" className="sm-visually-hidden" data-sm-early={listFirstCalls(variant, false)} data-sm-early-signed-in={listFirstCalls(variant, true)}>
          {t('payments.wait')}
        </p>
      ) : null}
      {missions && missions.length === 0 ? <p>{t('donate.noMissions')}</p> : null}
      <div className="sm-missions">
        {waiting
          ? [0, 1, 2].map((n) => <MissionCardSkeleton key={n} variant={variant} />)
          : missions?.map((mission) => <MissionCard key={mission.id} mission={mission} model={model} variant={variant} />)}
      </div>
      <p className="sm-muted">{t('donate.taxNote')}</p>
    </section>
  );
}

/**
 * Skeletons hold the places of what a mission fills in, with the same elements and classes as the filled view (a title
 * two lines high, a card's text four), so nothing moves when it arrives.
 */
function MissionCardSkeleton({ variant }: { variant: ListVariant }) {
  return (
    <div className="sm-mission sm-skeleton" aria-hidden="true" data-testid="mission-skeleton">
      <BannerPlace />
      <h3 className="sm-title sm-skeleton-line" />
      <p className="sm-muted sm-skeleton-line" />
      {variant !== 'home' ? <p className="sm-blurb sm-skeleton-line" /> : null}
      <p className="sm-raised sm-skeleton-line sm-skeleton-short" />
      {/* A line of text in it, as a button has. */}
      <span className="sm-button sm-skeleton-line">{'\u00a0'}</span>
    </div>
  );
}

/** The places of a mission's banner, title, organisation and total, held until the mission arrives. */
function MissionSkeleton() {
  return (
    <div className="sm-stack sm-skeleton" aria-hidden="true" data-testid="mission-skeleton" data-sm-early={formFirstCalls(false)} data-sm-early-signed-in={formFirstCalls(true)}>
      <BannerPlace />
      <h1 className="sm-title sm-skeleton-line" />
      <p className="sm-muted sm-skeleton-line" />
      <p className="sm-raised sm-skeleton-line sm-skeleton-short" />
    </div>
  );
}

/** Amount, frequency and Donate Now: shown at once (they need no data), Donate Now waits for the mission. */
function GiftControls({ model, containerRef, ready }: { model: DonateModel; containerRef: React.RefObject<HTMLDivElement>; ready: boolean }) {
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
  // The controls keep their place in the tree from the prerendered markup to the loaded mission, so what the person
  // typed or chose, and the focus, stay with them.
  return (
    <div className="sm-stack" aria-busy={mission ? undefined : true}>
      <MissionHeader key="mission" mission={mission} />
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {mission?.subscribed ? (
        <>
          <Notice tone="info">{t('donate.nextDonation', { date: formatDate(mission.metadata?.next_donation_period ?? null, language) })}</Notice>
          <Button variant="secondary" onClick={() => model.askCancelGift()}>
            {t('donate.cancelDonation')}
          </Button>
        </>
      ) : model.plan.value || !model.loadError.value ? (
        <GiftControls key="gift" model={model} containerRef={containerRef} ready={!!mission && !!model.plan.value} />
      ) : null}
      {/* The description comes after the form: however long it is, the form above it stays where it showed. */}
      {mission ? <Description text={mission.description} /> : <div className="sm-skeleton-line sm-skeleton-text" aria-hidden="true" />}
      <p className="sm-muted">{t('donate.taxNote')}</p>
    </div>
  );
}

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
  return <Confirmation checkout={model.payment}>{state.kind === 'confirmed' ? thanks(t('donate.successText', { amount: formatMoney(state.result.amount, state.result.currency, language), organization: state.result.organization })) : null}</Confirmation>;
}

/** The form's own dialogs: cancelling a monthly gift, and signing in to give monthly. */
function Dialogs({ model }: { model: DonateModel }) {
  const t = useT();
  useSignals();
  const dialog = model.dialog.value;
  const close = () => model.closeDialog();
  if (dialog?.kind === 'confirm-cancel-gift') {
    return <ConfirmDialog title={t('donate.cancelDonation')} tone="warning" text={t('donate.confirmCancel')} confirm={t('donate.yes')} onConfirm={() => void model.confirmCancelGift()} cancel={t('donate.no')} onCancel={close} />;
  }
  if (dialog?.kind === 'sign-in') {
    return <ConfirmDialog title={t('donate.signInMonthly')} text={t('donate.signInMonthlyText')} confirm={t('donate.signInMonthly')} onConfirm={() => model.signInForMonthly()} cancel={t('payments.ok')} onCancel={close} />;
  }
  return null;
}

function DonateWidget({ view, mission, list }: { view: View; mission: string | undefined; list: ListVariant }) {
  useSignals();
  const model = useModel(createDonateModel);
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => model.show(view, { mission, list }), [model, view, mission, list]);
  return (
    <PaymentFrame prompts={model.prompts} view={view} busy={model.busy.value}>
      {view === 'missions' ? <MissionsView model={model} variant={list} /> : view === 'success' ? <SuccessView model={model} /> : <DonateForm model={model} containerRef={containerRef} />}
      <Dialogs model={model} />
    </PaymentFrame>
  );
}

/**
 * @summary Give to the missions once or monthly; the missions list; the thank-you page.
 */
export function Donate({ view = 'donate', mission, list = 'all', apiBase, portal, container }: DonateProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} portal={portal} styles={sliderStyles + paymentStyles + donateStyles + placesStyles}>
      <DonateWidget key={`${view}:${mission ?? ''}:${list}`} view={view} mission={mission} list={list} />
    </WidgetRoot>
  );
}
