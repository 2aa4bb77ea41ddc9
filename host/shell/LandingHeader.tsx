import { useT } from '../../shared/ui/WidgetRoot';
import { useState } from 'react';
import { hrefFor } from '../../shared/routing/routes';
import { links } from '../links';
import '@messages/portal';

/** Header for anonymous visitors, with a mobile menu. */
export function LandingHeader() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const items = [
    { href: links.about, label: t('portal.nav.about') },
    { href: links.musicians, label: t('portal.nav.musicians') },
    { href: hrefFor('MissionsPage'), label: t('portal.nav.missions') },
    { href: links.webPlayer, label: t('portal.nav.webPlayer') },
    { href: hrefFor('PremiumPage'), label: t('portal.nav.premium') },
    { href: hrefFor('Registration'), label: t('portal.nav.signUp') },
    { href: hrefFor('Signin'), label: t('portal.nav.logIn') },
  ];
  return (
    <header className="portal-header">
      <a className="portal-brand" href={hrefFor('Signin')}>
        Sacred Music
      </a>
      <button
        type="button"
        className="portal-menu-toggle"
        aria-expanded={open}
        aria-controls="landing-nav"
        onClick={() => setOpen((o) => !o)}
      >
        {t('portal.nav.menu')}
      </button>
      <nav id="landing-nav" aria-label={t('portal.nav.label')} className="portal-nav" data-open={open}>
        {items.map((item) => (
          <a key={item.label} href={item.href} onClick={() => setOpen(false)}>
            {item.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
