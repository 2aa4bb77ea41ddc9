/**
 * <sm-donate>'s missions: the list of a variant (its cards, and their places held while the list
 * loads), and a mission's banners, which the donation form shows too.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney } from '../../shared/format/money';
import type { Mission } from '../../shared/api/donations';
import { Button } from '../../shared/ui/Button';
import { Carousel } from '../../shared/ui/Carousel';
import { Notice } from '../../shared/ui/Notice';
import { useArriving, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import { listFirstCalls, type DonateModel, type ListVariant } from './donate.model';
import { paragraphs } from './donate.rules';
import '@messages/payments';
import '@messages/donate';

export const usd = (n: number, language: string) => formatMoney(n, 'USD', language);

/**
 * A banner's place without a picture (before the mission arrives, or a mission without pictures): the picture's 2:1 box
 * and, below it, the room a carousel's controls take (donate.styles.ts).
 */
export function BannerPlace() {
  return (
    <div className="sm-carousel" aria-hidden="true">
      <div className="sm-banner" />
    </div>
  );
}

export function Banners({ mission }: { mission: Mission }) {
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
        content: (
          <img
            className="sm-banner"
            loading={i === 0 ? 'eager' : 'lazy'}
            {...{ fetchpriority: i === 0 ? 'high' : 'auto' }}
            src={src}
            alt={t('donate.banner', { title, n: i + 1, total: images.length })}
            width={640}
            height={320}
          />
        ),
      }))}
    />
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

export function MissionsView({ model, variant }: { model: DonateModel; variant: ListVariant }) {
  const t = useT();
  useSignals();
  const missions = useArriving(model.missions.value);
  const waiting = missions === null && !model.loadError.value;
  return (
    <section className="sm-stack" aria-labelledby="missions-title">
      <h2 id="missions-title">{variant === 'public' ? t('donate.explore') : t('donate.missionsTitle')}</h2>
      {model.loadError.value ? <Notice tone="error">{model.loadError.value}</Notice> : null}
      {waiting ? (
        <p
          role="status"
          className="sm-visually-hidden"
          data-sm-early={listFirstCalls(variant, false)}
          data-sm-early-signed-in={listFirstCalls(variant, true)}
        >
          {t('payments.wait')}
        </p>
      ) : null}
      {missions && missions.length === 0 ? <p>{t('donate.noMissions')}</p> : null}
      <div className="sm-missions">
        {waiting
          ? [0, 1, 2].map((n) => <MissionCardSkeleton key={n} variant={variant} />)
          : missions?.map((mission) => (
              <MissionCard key={mission.id} mission={mission} model={model} variant={variant} />
            ))}
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
