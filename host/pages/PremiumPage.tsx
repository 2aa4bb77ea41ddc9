/**
 * The premium marketing page (/premium, and /test-page its variant). On a phone it opens the
 * app's gopremium deep link after 500 ms.
 */
import { useEffect } from 'react';
import { walletAvailable } from '../../shared/payments/applepay';
import { useDeps } from '../../shared/ui/WidgetRoot';
import { links } from '../links';
import { messages } from '../messages';

const m = messages.premium;
export const PHONE_REDIRECT_MS = 500;

export function isPhone(userAgent: string): boolean {
  return /Android|iPhone|iPod|Windows Phone|Mobile/i.test(userAgent) && !/iPad|Tablet/i.test(userAgent);
}

export function PremiumPage({ variant = 'premium' }: { variant?: 'premium' | 'test' }) {
  const { session, nav, clock, deviceWallet } = useDeps();
  useEffect(() => (isPhone(navigator.userAgent) ? clock.after(PHONE_REDIRECT_MS, () => nav.openAppLink('gopremium')) : undefined), [clock, nav]);
  const join = () => {
    // Go Premium: the next page is the subscribe page, through registration when signed out.
    session.setNextPage({ name: 'SubscribePage', query: {} });
    nav.go(session.isSignedIn.value ? 'SubscribePage' : 'Registration');
  };
  const tiers = [
    {
      id: 'free',
      title: m.free,
      price: m.freePrice,
      items: m.freeItems,
      featured: false,
      action: (
        <a className="portal-button portal-button-ghost" href={links.appDownload}>
          {m.startFree}
        </a>
      ),
    },
    {
      id: 'premium',
      title: m.premium,
      price: m.premiumPrice,
      items: m.premiumItems,
      featured: true,
      action: (
        <button type="button" className="portal-button" onClick={join}>
          {m.goPremium}
        </button>
      ),
    },
  ];
  const partners = ['Visa', 'Mastercard', 'American Express', 'WeChat Pay', 'GCash', 'GrabPay', ...(walletAvailable(deviceWallet()) ? ['Apple Pay'] : [])];
  return (
    <div className="premium" data-variant={variant}>
      <section className="premium-hero">
        <h1>{m.hero}</h1>
        <p>{m.heroText}</p>
        <div className="portal-actions portal-actions-center">
          <button type="button" className="portal-button" onClick={join}>
            {m.goPremium}
          </button>
          <a className="portal-button portal-button-ghost" href={links.appDownload}>
            {m.getApp}
          </a>
        </div>
      </section>
      <section className="portal-card" aria-labelledby="perks-title">
        <h2 id="perks-title">{m.perks}</h2>
        <div className="premium-tiers">
          {tiers.map((tier) => (
            <article key={tier.id} className={tier.featured ? 'premium-tier premium-tier-featured' : 'premium-tier'} aria-labelledby={`tier-${tier.id}`}>
              <h3 id={`tier-${tier.id}`}>{tier.title}</h3>
              <p className="premium-price">{tier.price}</p>
              <ul>
                {tier.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              {tier.action}
            </article>
          ))}
        </div>
        <p>
          <a href={links.about}>{m.learnMore}</a>
        </p>
      </section>
      <section className="portal-card" aria-labelledby="partners-title">
        <h2 id="partners-title">{m.partners}</h2>
        <ul className="premium-partners" data-testid="payment-partners">
          {partners.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      <section className="portal-card premium-download">
        <h2>{m.downloadTitle}</h2>
        <a className="portal-button" href={links.appDownload}>
          {m.download}
        </a>
      </section>
    </div>
  );
}
