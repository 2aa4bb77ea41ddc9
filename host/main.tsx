// First: drops the prerendered routes not shown, before any tag is defined.
import { shownRoute as shown } from './routes-shown';
// Second: the portal's language on <html lang>, which the tags read when they are defined.
import { portalChoice } from './language';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BUILD_API_BASE } from '../shared/boot/boot';
import { browserDeps } from '../shared/deps/deps';
import { createI18n, loadLanguage } from '../shared/i18n/catalogue';
import { DepsProvider } from '../shared/ui/WidgetRoot';
import { Portal } from './Portal';
import './portal.css';

// The tags are defined by the loader, as on any page (the built page loads it before this script; tools/prerender.tsx).
if (import.meta.env.DEV) void import('../widgets/loader');

const container = document.getElementById('portal');
if (!container) throw new Error('The portal page needs an element with id="portal".');

const app = (
  <StrictMode>
    {/* The portal page is the portal: its own API host, hash navigation. */}
    <DepsProvider value={browserDeps({ apiBase: BUILD_API_BASE, portalUrl: '' }, document, createI18n(portalChoice))}>
      <Portal />
    </DepsProvider>
  </StrictMode>
);

// The page carries the prerendered markup of its public routes (in English); route.js named the
// one the address asks for (shown already): it is hydrated. In another language the portal is
// drawn once that language's messages are here.
if (portalChoice.peek() !== 'en') {
  container.querySelector('.portal-boot')?.remove();
  const root = shown ?? container;
  void loadLanguage(portalChoice.peek()).then(() => {
    root.replaceChildren();
    createRoot(root).render(app);
  });
} else if (shown) {
  container.querySelector('.portal-boot')?.remove();
  // The landing is the sign-in page: say so in the address before the portal reads it.
  if (!/^#\/./.test(location.hash)) history.replaceState(history.state, '', `#${shown.dataset.route}`);
  // Said once: React 18 reports one mismatch as two errors or more (the mismatch, then the switch to drawing afresh).
  let warned = false;
  hydrateRoot(shown, app, {
    onRecoverableError: (error) => {
      if (!warned) console.warn('[portal] The prerendered page did not match; it was drawn again.', error);
      warned = true;
    },
  });
} else {
  createRoot(container).render(app);
}
