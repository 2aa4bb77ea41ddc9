// First: drops the prerendered routes not shown, before any tag is defined.
import { shownRoute, stillShown } from './routes-shown';
// Second: the portal's language on <html lang>, which the tags read when they are defined.
import { chooseLanguage, portalChoice } from './language';
import { effect } from '@preact/signals-core';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appLinkSettled, BUILD_API_BASE, page } from '../shared/boot/boot';
import { browserDeps } from '../shared/deps/deps';
import { prepareDates } from '../shared/format/dates';
import { ROUTES } from '../shared/routing/routes';
import { createI18n, loadLanguage } from '../shared/i18n/catalogue';
import { DepsProvider } from '../shared/ui/WidgetRoot';
import { pageShown, Portal } from './Portal';
import { Footer } from './shell/Footer';
import './styles/page.css';
import './styles/shell.css';
import './styles/content.css';
import './styles/pages.css';

// The loader defines the tags (the built page loads it before this script).
if (import.meta.env.DEV) void import('../widgets/loader');

// route.js said so already in the built page; the development server has no route.js.
page().portal = true;
const container = document.getElementById('portal');
if (!container) throw new Error('The portal page needs an element with id="portal".');
/** The footer, the same on every route: its markup is in the page once, beside the routes'. */
const footer = document.getElementById('portal-footer');

/** Starts once route.js's app link sign-in has settled: the session and the address are then as they will stay. */
async function start(portal: HTMLElement): Promise<void> {
  await appLinkSettled();
  // The services are made in a task of their own, not the modules', so the main thread is held in shorter stretches;
  // so is the hydration below.
  await nextTask();
  const deps = browserDeps(
    { apiBase: BUILD_API_BASE, portalUrl: '', returnsToPortal: false },
    document,
    createI18n(portalChoice),
  );
  const withDeps = (node: ReactNode) => (
    <StrictMode>
      <DepsProvider value={deps}>{node}</DepsProvider>
    </StrictMode>
  );
  const app = withDeps(<Portal />);
  // Said once: React 18 reports one mismatch as two errors or more (the mismatch, then the switch to drawing afresh).
  let warned = false;
  // A language chosen in the footer's menu before the code came: hydrating would undo it, so it is taken once every
  // hydrated root has committed (then changing everywhere at once, as when chosen later).
  const chosen = footer?.querySelector('select')?.value;
  let hydrating = 0;
  const committed = () => {
    hydrating -= 1;
    if (hydrating === 0 && chosen && chosen !== portalChoice.peek()) chooseLanguage(chosen);
  };
  const hydrate = (root: HTMLElement, node: ReactNode) => {
    hydrating += 1;
    return hydrateRoot(root, withDeps(<Committed done={once(committed)}>{node}</Committed>), {
      onRecoverableError: (error) => {
        if (!warned) console.warn('[portal] The prerendered page did not match; it was drawn again.', error);
        warned = true;
      },
    });
  };
  // The block route.js showed is hydrated; in another language the portal is drawn once its messages are here.
  const shown = stillShown(shownRoute, deps.session.isSignedIn.peek());
  if (portalChoice.peek() !== 'en') {
    portal.querySelector('.portal-boot')?.remove();
    const root = shown ?? portal;
    await loadLanguage(portalChoice.peek());
    root.replaceChildren();
    createRoot(root).render(app);
    if (footer) {
      footer.replaceChildren();
      createRoot(footer).render(withDeps(<Footer />));
    }
    showFooter();
    return;
  }
  if (shown) {
    await nextTask();
    // The dashboard's dates would make the page's first date format while it hydrates: made before, in this task.
    if (shown.dataset.route === ROUTES.HomePage.path) prepareDates();
    portal.querySelector('.portal-boot')?.remove();
    // The address the block shows, before the portal reads it: '' is the sign-in page, and a member's '' or /history
    // is home (signedInShownAs).
    const [path = '', ...query] = location.hash.replace(/^#/, '').split('?');
    const route = shown.dataset.route!;
    if (path !== route) history.replaceState(history.state, '', `#${[route, ...query].join('?')}`);
    hydrate(shown, <Portal />);
  } else {
    createRoot(portal).render(app);
  }
  // The footer's markup fits every route: hydrated.
  if (footer) hydrate(footer, <Footer />);
  showFooter();
}

const nextTask = () => new Promise((next) => setTimeout(next));

/** Calls `done` once its children are committed (a root hydrated). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/** A function that does its work the first time it is called only. */
function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (!done) work();
    done = true;
  };
}

/**
 * Shows the footer once the portal shows a page, not under the boot message or a redirect's wait, where it would move.
 */
function showFooter(): void {
  const stop = effect(() => {
    if (!pageShown.value || !footer) return;
    footer.dataset.drawn = '';
    queueMicrotask(() => stop());
  });
}

void start(container);
