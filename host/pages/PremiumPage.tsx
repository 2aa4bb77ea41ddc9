/**
 * The premium marketing page (/premium, and /test-page its variant). On a phone it opens the
 * app's gopremium deep link after 500 ms.
 */
import { useEffect, type ReactNode } from 'react';
import { walletAvailable } from '../../shared/deps/deps';
import { useDeps } from '../../shared/ui/WidgetRoot';
import { links } from '../links';
import '@messages/portal';

const PHONE_REDIRECT_MS = 500;

function isPhone(userAgent: string): boolean {
  return /Android|iPhone|iPod|Windows Phone|Mobile/i.test(userAgent) && !/iPad|Tablet/i.test(userAgent);
}

/** One membership tier: its name, price and perks, and how to get it. */
function Tier({
  id,
  title,
  price,
  items,
  featured,
  children,
}: {
  id: string;
  title: string;
  price: string;
  items: readonly string[];
  featured?: boolean;
  children: ReactNode;
}) {
  return (
    <article
      className={featured ? 'premium-tier premium-tier-featured' : 'premium-tier'}
      aria-labelledby={`tier-${id}`}
    >
      <h3 id={`tier-${id}`}>{title}</h3>
      <p className="premium-price">{price}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {children}
    </article>
  );
}

export function PremiumPage({ variant = 'premium' }: { variant?: 'premium' | 'test' }) {
  const { session, nav, clock, deviceWallet, i18n } = useDeps();
  const { t } = i18n;
  useEffect(
    () =>
      isPhone(navigator.userAgent) ? clock.after(PHONE_REDIRECT_MS, () => nav.openAppLink('gopremium')) : undefined,
    [clock, nav],
  );
  const join = () => {
    // Go Premium: the next page is the subscribe page, through registration when signed out.
    session.setNextPage({ name: 'SubscribePage', query: {} });
    nav.go(session.isSignedIn.value ? 'SubscribePage' : 'Registration');
  };
  const partners = [
    'Visa',
    'Mastercard',
    'American Express',
    'WeChat Pay',
    'GCash',
    'GrabPay',
    ...(walletAvailable(deviceWallet()) ? ['Apple Pay'] : []),
  ];
  return (
    <div className="premium" data-variant={variant}>
      <section className="premium-hero">
        <h1>{t('portal.premium.hero')}</h1>
        <p>{t('portal.premium.heroText')}</p>
        <div className="portal-actions portal-actions-center">
          <button type="button" className="portal-button" onClick={join}>
            {t('portal.premium.goPremium')}
          </button>
          <a className="portal-button portal-button-ghost" href={links.appDownload}>
            {t('portal.premium.getApp')}
          </a>
        </div>
      </section>
      <section className="portal-card" aria-labelledby="perks-title">
        <h2 id="perks-title">{t('portal.premium.perks')}</h2>
        <div className="premium-tiers">
          <Tier
            id="free"
            title={t('portal.premium.free')}
            price={t('portal.premium.freePrice')}
            items={[t('portal.premium.freeAds'), t('portal.premium.freeShuffle'), t('portal.premium.freeStreaming')]}
          >
            <a className="portal-button portal-button-ghost" href={links.appDownload}>
              {t('portal.premium.startFree')}
            </a>
          </Tier>
          <Tier
            id="premium"
            featured
            title={t('portal.premium.premium')}
            price={t('portal.premium.premiumPrice')}
            items={[
              t('portal.premium.noAds'),
              t('portal.premium.playAnything'),
              t('portal.premium.skip'),
              t('portal.premium.offline'),
              t('portal.premium.accompaniment'),
              t('portal.premium.support'),
            ]}
          >
            <button type="button" className="portal-button" onClick={join}>
              {t('portal.premium.goPremium')}
            </button>
          </Tier>
        </div>
        <p>
          <a href={links.about}>{t('portal.premium.learnMore')}</a>
        </p>
      </section>
      <section className="portal-card" aria-labelledby="partners-title">
        <h2 id="partners-title">{t('portal.premium.partners')}</h2>
        <ul className="premium-partners" data-testid="payment-partners">
          {partners.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      <section className="portal-card premium-download">
        <h2>{t('portal.premium.downloadTitle')}</h2>
        <a className="portal-button" href={links.appDownload}>
          {t('portal.premium.download')}
        </a>
      </section>
    </div>
  );
}
