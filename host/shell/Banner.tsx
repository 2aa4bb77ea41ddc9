import { useSignals } from '@preact/signals-react/runtime';
import { hrefFor, type BannerGroup, type RouteName } from '../../shared/routing/routes';
import { Carousel } from '../../shared/ui/Carousel';
import { useT } from '../../shared/ui/WidgetRoot';
import { PRODUCT_NAME } from '../links';
import { useProfile } from '../profile';
import '@messages/portal';
import '@messages/ui';

function MissionsSlide() {
  const t = useT();
  return (
    <div className="portal-banner-slide">
      <h2>{t('portal.banners.missionsTitle')}</h2>
      <p>{t('portal.banners.missionsText')}</p>
    </div>
  );
}

/** The slide that asks a listener to become a partner: its content, with a real link or a place of its size. */
function PartnerSlide({ held = false }: { held?: boolean }) {
  const t = useT();
  return (
    <div className="portal-banner-slide">
      <h2>{t('portal.banners.partnerTitle')}</h2>
      <p>{t('portal.banners.partnerText')}</p>
      {held ? (
        <span className="portal-button">{t('portal.banners.join')}</span>
      ) : (
        <a className="portal-button" href={hrefFor('SubscribePage')}>
          {t('portal.banners.join')}
        </a>
      )}
    </div>
  );
}

/**
 * The size of the default banner with the partner slide and the carousel's controls, drawn unseen under the slides
 * (host/styles/shell.css .portal-banner-size): whether the slide shows depends on the profile, which comes after the first paint,
 * so the banner has that size for everyone from the start and nothing below it moves when the profile comes.
 */
function BannerSize() {
  const t = useT();
  return (
    <div className="portal-banner-size" aria-hidden="true">
      <PartnerSlide held />
      <div className="sm-carousel-controls">
        <span className="sm-carousel-pause">{t('ui.pause')}</span>
        <span className="sm-dot" />
      </div>
    </div>
  );
}

/** The banner above a shell route: its route group's (shared/routing/routes.ts bannerOf). */
export function Banner({
  route,
  group,
  available,
}: {
  route: RouteName;
  group: BannerGroup;
  available: ReadonlySet<RouteName>;
}) {
  const t = useT();
  useSignals();
  const user = useProfile();
  const carousel = {
    label: t('portal.banners.slides'),
    slideLabel: (n: number, total: number) => t('portal.banners.slide', { n, total }),
  };
  if (group === 'credit') {
    return (
      <div className="portal-banner">
        <h2>{t('portal.banners.payAsYouGo')}</h2>
      </div>
    );
  }
  if (group === 'subscription') {
    return (
      <div className="portal-banner">
        <h2>{t('portal.banners.partnerWith', { product: PRODUCT_NAME })}</h2>
      </div>
    );
  }
  if (group === 'donation') {
    return (
      <div className="portal-banner">
        <Carousel {...carousel} slides={[{ id: 'missions', content: <MissionsSlide /> }]} />
      </div>
    );
  }
  if (group !== 'default') return null;
  const showJoin = user?.type === 0 && route !== 'TransactionSuccessPage' && available.has('SubscribePage');
  const slides = [
    ...(showJoin ? [{ id: 'partner', content: <PartnerSlide /> }] : []),
    { id: 'missions', content: <MissionsSlide /> },
  ];
  return (
    <div className="portal-banner portal-banner-stack">
      {available.has('SubscribePage') ? <BannerSize /> : null}
      <Carousel {...carousel} slides={slides} />
    </div>
  );
}
