/**
 * route.js: the portal page's first script, in <head>, run before the page is parsed. It is a plain
 * script (the page's CSP allows only its own files), built from this file and the boot protocol it
 * reads as one self-contained file (vite.config.ts routeScript), so it agrees with the portal's
 * code on who is signed in and which language shows.
 *
 * It names the route the address asks for, so the prerendered markup of that public route shows at
 * once (html[data-route] in the page's style) while the portal's script loads; and, as the parser
 * adds them, takes out the other routes' prerendered blocks, so their tags never start (module
 * scripts run only after parsing, and these removals happen before that). A signed-in visitor, an
 * address with a query (the markup was rendered without one), or a route with no prerendered
 * markup sees the page as the script draws it.
 */
import { BUILD_API_BASE, portalLanguage, storedAuthorization, storedLanguage } from '../shared/boot/boot';

const hash = location.hash.replace(/^#/, '');
const path = hash.split('?')[0] || '/login';
// Whoever is signed in on the portal's API host, read as the session will read it.
const signedIn = !!storedAuthorization(BUILD_API_BASE);
// The markup is English: a portal that will show another language (the menu's choice, else the browser's first
// language we have; host/language.ts) is drawn by its script instead, so nothing typed into English markup is lost.
const language = portalLanguage(storedLanguage(), navigator.languages ?? [navigator.language ?? '']);
const keep = signedIn || language !== 'en' || hash.includes('?') ? null : path;
if (keep) document.documentElement.setAttribute('data-route', keep);

const observer = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (
        node instanceof Element &&
        node.hasAttribute('data-route') &&
        (node.parentNode as Element | null)?.id === 'portal' &&
        node.getAttribute('data-route') !== keep
      )
        node.remove();
    }
  }
});
observer.observe(document.documentElement, { childList: true, subtree: true });
document.addEventListener('DOMContentLoaded', () => observer.disconnect());

/**
 * The page's scripts, or a file of the page's own one imports, did not come (the network dropped): the page would wait
 * for good. Say so in the portal's language (the page's template, from the catalogues: tools/prerender.tsx), with a
 * button that loads the page again. (Error events do not bubble: this listens as they go down; and only until the
 * page has loaded, when its scripts have run or failed.)
 */
function failed(event: Event): void {
  const script = event.target as HTMLScriptElement | null;
  const said = document.getElementById('portal-failed') as HTMLTemplateElement | null;
  if (
    !script ||
    script.tagName !== 'SCRIPT' ||
    !String(script.src).startsWith(`${location.origin}/`) ||
    !said ||
    document.querySelector('body > .portal-failed')
  )
    return;
  const line = (said.content.querySelector(`[lang="${language}"]`) ?? said.content.firstElementChild)?.cloneNode(
    true,
  ) as Element | undefined;
  if (!line) return;
  line.querySelector('button')?.addEventListener('click', () => location.reload());
  document.body.prepend(line);
}
document.addEventListener('error', failed, true);
addEventListener('load', () => document.removeEventListener('error', failed, true));

// The chunks the portal's script imports (tools/modulepreload.ts lists them in a template): fetched right after the
// first frame, so they do not hold back its paint, and all at once rather than as the script finds them.
requestAnimationFrame(() =>
  setTimeout(() => {
    const links = document.getElementById('sm-modulepreload') as HTMLTemplateElement | null;
    if (links) document.head.append(links.content.cloneNode(true));
  }),
);
