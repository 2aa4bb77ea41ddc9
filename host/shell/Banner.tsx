import { useSignals } from '@preact/signals-react/runtime';
import { hrefFor, ROUTES, type RouteName } from '../../shared/routing/routes';
import { Carousel } from '../../shared/ui/Carousel';
import { useDeps, useT } from '../../shared/ui/WidgetRoot';
import { PRODUCT_NAME } from '../links';
import '@messages/portal';

function MissionsSlide() {
  const t = useT();
  return (
    <div className="portal-banner-slide">
      <h2>{t('portal.banners.missionsTitle')}</h2>
      <p>{t('portal.banners.missionsText')}</p>
    </div>
  );
}

/** The banner above a shell route, by route group. */
export function Banner({ route, available }: { route: RouteName; available: ReadonlySet<RouteName> }) {
  const t = useT();
  useSignals();
  const group = ROUTES[route].banner;
  const user = useDeps().session.user.value;
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
        <Carousel
          label={t('portal.banners.slides')}
          slideLabel={(n, total) => t('portal.banners.slide', { n, total })}
          slides={[{ id: 'missions', content: <MissionsSlide /> }]}
        />
      </div>
    );
  }
  if (group !== 'default') return null;
  const showJoin = user?.type === 0 && route !== 'TransactionSuccessPage' && available.has('SubscribePage');
  const slides = [
    ...(showJoin
      ? [
          {
            id: 'partner',
            content: (
              <div className="portal-banner-slide">
                <h2>{t('portal.banners.partnerTitle')}</h2>
                <p>{t('portal.banners.partnerText')}</p>
                <a className="portal-button" href={hrefFor('SubscribePage')}>
                  {t('portal.banners.join')}
                </a>
              </div>
            ),
          },
        ]
      : []),
    { id: 'missions', content: <MissionsSlide /> },
  ];
  return (
    <div className="portal-banner">
      <Carousel
        label={t('portal.banners.slides')}
        slideLabel={(n, total) => t('portal.banners.slide', { n, total })}
        slides={slides}
      />
    </div>
  );
}
