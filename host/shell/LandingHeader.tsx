import { useState } from 'react';
import { hrefFor } from '../../shared/routing/routes';
import { links } from '../links';
import { messages as m } from '../messages';

/** Header for anonymous visitors, with a mobile menu. */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const items = [
    { href: links.about, label: m.nav.about },
    { href: links.musicians, label: m.nav.musicians },
    { href: hrefFor('MissionsPage'), label: m.nav.missions },
    { href: links.webPlayer, label: m.nav.webPlayer },
    { href: hrefFor('PremiumPage'), label: m.nav.premium },
    { href: hrefFor('Registration'), label: m.nav.signUp },
    { href: hrefFor('Signin'), label: m.nav.logIn },
  ];
  return (
    <header className="portal-header">
      <a className="portal-brand" href={hrefFor('Signin')}>
        Sacred Music
      </a>
      <button type="button" className="portal-menu-toggle" aria-expanded={open} aria-controls="landing-nav" onClick={() => setOpen((o) => !o)}>
        {m.nav.menu}
      </button>
      <nav id="landing-nav" aria-label={m.nav.label} className="portal-nav" data-open={open}>
        {items.map((item) => (
          <a key={item.label} href={item.href} onClick={() => setOpen(false)}>
            {item.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
