/**
 * route.js: the portal page's first script, in <head>, run before the page is parsed (a classic script: a module
 * would run only after). Built from this file and the boot protocol it reads as one self-contained file
 * (tools/boot-scripts.ts bundleRouteScript), written into the page by tools/prerender.tsx (the page's CSP allows it by
 * its hash), so it agrees with the portal's code on who is signed in and which language shows. Boot: docs/boot.md.
 *
 * It names the route the address asks for and whether the person is signed in, so the prerendered
 * markup of that route in that state shows at once (html[data-route][data-session] in the page's
 * style) while the portal's script loads; and, as the parser adds them, takes out the other
 * routes' prerendered blocks, so their tags never start (module scripts run only after parsing, and
 * these removals happen before that). A block made for the route without a query is taken out for
 * an address with one (unless it says it fits any: data-any-query); a portal in another language,
 * or a route with no prerendered markup, is drawn by the portal's script.
 *
 * A link from the mobile app (appLinkOf) is signed in from here, before the portal's code comes:
 * see signInAppLink.
 */
import {
  appLinkOf,
  askEarly,
  beginAppLinkSignIn,
  earlyAnswers,
  bodyOf,
  BUILD_API_BASE,
  hasPaymentRecord,
  isApiPath,
  MOBILE_LOGIN_PATH,
  portalLanguage,
  PROFILE_PATH,
  sessionKeyFor,
  signedInRecord,
  storedAuthorization,
  storedLanguage,
  storedRecord,
  markPortalPage,
  FIRST_DATA_META,
  MODULEPRELOADS,
  type AppLink,
  type Early,
  type FirstData,
} from '../shared/boot/boot';
import { goesWithoutPayment, WITHOUT_PAYMENT } from '../shared/payments/arrival';
import { appLinkTarget, hrefFor, parseHash, routeForPath, ROUTES, signedInShownAs } from '../shared/routing/routes';
// The first views this script draws from their data before the tags' code comes, by tag (FirstData `draw`): the
// tag table's draw modules (tools/boot-scripts.ts firstViews).
import DRAWS from 'virtual:sm-first-views';

// A link from the mobile app: its token's exchange is asked for before anything else (see signInAppLink).
const link = appLinkOf(location.hash);
const exchange = link && askReading(BUILD_API_BASE + MOBILE_LOGIN_PATH, `Bearer ${link.token}`);

markPortalPage();

/** After the app's sign-in, how long before the person is moved on (the product's 500 ms: MOBILE_REDIRECT_MS). */
const APP_REDIRECT_MS = 500;

const hash = location.hash.replace(/^#/, '');
let withQuery = hash.includes('?');
// Whoever is signed in on the portal's API host, read as the session will read it.
const stored = storedAuthorization(BUILD_API_BASE);
let session: 'in' | 'out' = stored ? 'in' : 'out';
// The bare address is the sign-in page, or for a member the dashboard (home: signedInShownAs).
let path = hash.split('?')[0] || (stored ? '/' : '/login');
/** Whose token the shown block's data is asked with: the stored sign-in's, or an app link's once it is signed in. */
let signedIn: string | Promise<string> = stored;
/** Whether the shown block is parsed whole, and then what waits for it (drawFirstViews). */
let whole = false;
const onWhole: (() => void)[] = [];
if (link && exchange && signInAppLink(link, exchange)) {
  // The page shows the type's page (or the link's own: update-payment, direct-subscribe) from the first frame, signed
  // in: never the sign-in page or the signed-out header on the way.
  const target = link.type ? appLinkTarget(link.type) : null;
  path = target ? ROUTES[target.name].path : link.path;
  withQuery = target ? !!target.query : true;
  session = 'in';
}
// A payment page with no payment to finish goes on at once (shared/payments/arrival.ts): to where it goes, from the
// first paint, instead of its shell replaced a second later. The portal's code starts there.
const goes =
  session === 'in' &&
  !link &&
  goesWithoutPayment(routeForPath(path), parseHash(location.hash).query, (record) =>
    hasPaymentRecord(record, BUILD_API_BASE),
  );
if (goes) {
  history.replaceState(history.state, '', hrefFor(goes));
  path = ROUTES[goes].path;
  withQuery = false;
}
// A member's bare address and /history show home: the page holds its block once, named for home.
if (session === 'in') path = signedInShownAs(path);

// The markup is English: a portal that will show another language (the menu's choice, else the browser's first
// language we have; host/language.ts) is drawn by its script instead, so nothing typed into English markup is lost.
const language = portalLanguage(storedLanguage(), navigator.languages ?? [navigator.language ?? '']);
let keep = language === 'en' ? path : null;
const html = document.documentElement;
if (keep) {
  html.setAttribute('data-route', keep);
  html.setAttribute('data-session', session);
  if (session === 'in') askFirstData(keep);
}
// The profile, which the portal asks for first as it starts (its header shows the name): asked now, with the code.
if (stored && !link) askEarly(BUILD_API_BASE + PROFILE_PATH, stored).uses = 1;

/** Whether a prerendered block is the one to show: its route, its session, and an address it was made for. */
const fits = (block: Element) =>
  block.getAttribute('data-route') === keep &&
  (block.getAttribute('data-session') ?? 'out') === session &&
  (!withQuery || block.hasAttribute('data-any-query'));

/** Shows no prerendered route: the page's boot message stays until the portal's script draws the route. */
const showNone = () => {
  keep = null;
  html.removeAttribute('data-route');
};
/** The block shown, once the parser has added it. */
let shown: Element | null = null;
/** The blocks taken out, in the page's order: their tags' styles are the shown block's (shareStyles). */
const others: Element[] = [];
const observer = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      // The parser has gone past the shown block: it is whole.
      if (shown && node !== shown && record.target === shown.parentNode) shownWhole();
      if (
        !(node instanceof Element) ||
        !node.hasAttribute('data-route') ||
        (node.parentNode as Element | null)?.id !== 'portal'
      )
        continue;
      if (fits(node)) shown = node;
      else {
        node.remove();
        others.push(node);
      }
    }
  }
  if (shown) shareStyles(shown);
});
observer.observe(html, { childList: true, subtree: true });
// Before each frame the page paints while it is parsed, and once it is: the shown block's tags have their styles.
const beforeFrame = () => {
  if (shown) shareStyles(shown);
  if (document.readyState === 'loading') requestAnimationFrame(beforeFrame);
};
requestAnimationFrame(beforeFrame);
document.addEventListener('readystatechange', () => shown && shareStyles(shown));
document.addEventListener('DOMContentLoaded', () => {
  observer.disconnect();
  if (shown) shownWhole();
  // Every style is written by now: the blocks taken out may go.
  others.length = 0;
  // The page holds no markup for this route as this person sees it (or for this address's query).
  if (!shown) showNone();
});

/** Each style the page's blocks hold, by its number (data-sm-style), once met. */
const styles = new Map<string, string>();

/**
 * Writes each tag's style in the shown block. The page holds each style of its tags' shadow roots once, in the first
 * block that has it (tools/prerender.tsx shareStyles): a later block's <style data-sm-style="N"> is empty. The shown
 * block takes the text from the block before it that holds it (taken out, but parsed all the same), before the page
 * paints it: so it is as the tags render it, and hydrates as it is.
 */
function shareStyles(block: Element): void {
  const held = (from: Element, which: string) =>
    // The sm-* tags, not defined yet (their code comes after the page is parsed), whose shadow roots are parsed.
    [...from.querySelectorAll(':not(:defined)')].flatMap((host) => [
      ...(host.shadowRoot?.querySelectorAll(`style[data-sm-style]${which}`) ?? []),
    ]);
  const empty = held(block, ':empty');
  // A number not met yet: the blocks parsed so far are read once for every style they hold.
  const number = (style: Element) => style.getAttribute('data-sm-style')!;
  if (empty.some((style) => !styles.has(number(style))))
    for (const style of [...others, block].flatMap((from) => held(from, ':not(:empty)')))
      styles.set(number(style), style.textContent!);
  for (const style of empty) style.textContent = styles.get(number(style)) ?? '';
}

/**
 * Asks for what the shown route's tags first show, as the page starts, for a signed-in person, with their token (or an
 * app link's, once it is signed in): the data on the portal's API host, as the page's head names it for the route
 * (FIRST_DATA_META, written by tools/prerender.tsx). The parser reaches a block deep in the page a while later: the
 * data is on its way by then. The loader asks for the same when it runs, after the page is parsed, and takes these
 * answers (askEarly keeps one per address; the API client takes them: shared/api/early.ts). What the head says that
 * is not a path on the API host is left.
 *
 * Where a tag of the route draws its first view from that data (`draw`: the survey's first question), this script
 * draws it, the moment both the data and the block are there (drawFirstViews), rather than the loader once the page
 * is parsed and the modules have run: the data often comes while the page is still being parsed (docs/bench.md).
 */
function askFirstData(route: string): void {
  let all: Record<string, Partial<FirstData> | undefined> = {};
  try {
    all = JSON.parse(document.querySelector(`meta[name="${FIRST_DATA_META}"]`)?.getAttribute('content') ?? '{}');
  } catch {
    return;
  }
  const { data, draw } = all[route] ?? {};
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  const draws = list(draw).some((tag) => Object.keys(DRAWS).includes(tag));
  const ask = (auth: string, reading: boolean) => {
    if (!auth) return;
    for (const path of list(data)) if (isApiPath(path)) (reading ? askReading : askEarly)(BUILD_API_BASE + path, auth);
    if (draws) drawFirstViews(auth);
  };
  if (typeof signedIn === 'string') ask(signedIn, draws);
  else void signedIn.then((auth) => ask(auth, false));
}

function shownWhole(): void {
  if (whole) return;
  whole = true;
  for (const then of onWhole.splice(0)) then();
}

/**
 * Draws the first views of the shown block's tags that draw theirs (DRAWS), once the block is parsed whole, from the
 * data their view names (data-sm-early-signed-in, asked for by askFirstData), as it comes and unless their code has
 * come first: the survey's first question. The loader captures those tags when it runs, and what was drawn goes with
 * its capture (survey.draw.ts); a tap on what was drawn before that is in the field, where the loader finds it.
 */
function drawFirstViews(auth: string): void {
  if (!whole) return void onWhole.push(() => drawFirstViews(auth));
  for (const [tag, draw] of Object.entries(DRAWS))
    for (const host of shown?.querySelectorAll(tag) ?? []) {
      const root = host.shadowRoot;
      const view = root?.querySelector('[data-sm-early-signed-in]');
      for (const path of view?.getAttribute('data-sm-early-signed-in')?.split(' ') ?? []) {
        const early = isApiPath(path) && earlyAnswers()[BUILD_API_BASE + path];
        if (root && early) void draw(root, early, auth, true);
      }
    }
}

/**
 * askEarly with an XMLHttpRequest, whose body is read in its own load event: the answer the API client takes is a
 * Response made from it, and the body this script reads (bodyOf) is there at once. While the page is parsed, a fetch's
 * body is read in tasks that wait for the parse and the module scripts; a request's load event runs between two of the
 * parser's slices, so its body is read sooner (how much: docs/bench.md). Used where this
 * script reads the body: the app's token exchanged, the data of a first view it draws. (Like a fetch without
 * credentials to another host; on the page's own host a request sends its cookies, which the API does not use.)
 */
function askReading(url: string, auth: string): Early {
  const request = new XMLHttpRequest();
  const answer = new Promise<Response>((resolve, reject) => {
    request.onload = () => {
      const { status, statusText, responseText } = request;
      // The early answers are JSON: of the headers, the client reads only a download's, never asked early.
      const type = request.getResponseHeader('Content-Type');
      try {
        const body = [204, 205, 304].includes(status) ? null : responseText;
        resolve(new Response(body, { status, statusText, headers: type ? { 'Content-Type': type } : {} }));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = request.onabort = request.ontimeout = () => reject(new TypeError(`Failed to fetch ${url}`));
  });
  let sent = false;
  const early = askEarly(url, auth, () => {
    sent = true;
    request.open('GET', url);
    if (auth) request.setRequestHeader('Authorization', auth);
    request.send();
    return answer;
  });
  // (Asked before, it is the answer asked then.)
  if (sent)
    early.body ??= answer
      .then((response) => (response.ok ? (JSON.parse(request.responseText) as unknown) : null))
      .catch(() => null);
  return early;
}

/**
 * Starts signing in a link from the mobile app, before the portal's code comes; true when this page shows, signed in,
 * the type's page (or the link's own page: update-payment, direct-subscribe) meanwhile.
 *
 * The token's exchange (GET MOBILE_LOGIN_PATH with the token as the bearer) is asked for first thing (`early`), as an
 * early answer the API client takes (shared/api/early.ts): whichever code finishes the sign-in, the token is exchanged
 * once. Where no one else is signed in here (nobody, or an earlier link of the app's own webview), this script signs
 * in as the portal's code would (shared/session/connection.ts signInWithAppToken): the session is written, signed in
 * by the app, so the tags ask for their data with it at once (widgets/loader.ts waits for appLinkSignedIn). A link
 * with a type then moves on to the type's page 500 ms later, where the portal starts (host/main.tsx waits for
 * appLinkSettled). An update-payment or direct-subscribe link stays, and the portal starts at once: its page signs in
 * with the token again as it pays (widgets/subscribe/app-entry.model.ts), and takes the same answer, left for it.
 * Otherwise (a refused token, another account signed in) the portal's code finishes it with the early answer: a
 * refused token shows the sign-in page with its message (an update-payment link its failed page), another account
 * asks "Continue as <email>?".
 */
function signInAppLink(link: AppLink, early: Early): boolean {
  const base = BUILD_API_BASE;
  early.uses = 1;
  const current = storedRecord(base);
  if (storedAuthorization(base) && !current?.fromApps) return false;

  const done = bodyOf(early)
    .then((read) => {
      const body = read as { data?: { access_token?: unknown; token_type?: unknown; expires_in?: unknown } } | null;
      // Read as the API client reads it (shared/api/auth.ts mobileLogin): the sign-in is the answer's data.
      const { access_token: token, token_type: type, expires_in: expiresIn } = body?.data ?? {};
      if (typeof token !== 'string' || !token || typeof expiresIn !== 'number') return false;
      const tokenType = typeof type === 'string' && /^[A-Za-z]{1,32}$/.test(type) ? type : 'Bearer';
      // The answer is used here: the portal's code must not take it again (but the link's own page, which signs in
      // with it as it pays).
      if (link.type) early.uses = 0;
      localStorage.setItem(
        sessionKeyFor(base),
        signedInRecord({ accessToken: token, tokenType, expiresAt: Date.now() + expiresIn * 1000 }, true),
      );
      askEarly(base + PROFILE_PATH, `${tokenType} ${token}`).uses = 1;
      return true;
    })
    .catch(() => false);
  // The shown block's data waits for this sign-in (askFirstData).
  signedIn = done.then((ok) => (ok ? storedAuthorization(base) : ''));
  const settled = done.then(
    (done) =>
      new Promise<void>((moved) => {
        if (!done) {
          // The portal's code shows the sign-in page with the message, from the early answer.
          showNone();
          return moved();
        }
        if (!link.type) return moved();
        setTimeout(() => {
          const target = appLinkTarget(link.type!);
          history.replaceState(history.state, '', hrefFor(target.name, target.query));
          moved();
        }, APP_REDIRECT_MS);
      }),
  );
  beginAppLinkSignIn({ signedIn: done, settled });
  return true;
}

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
// first frame, so they do not hold back its paint, and all at once rather than as the script finds them. A payment
// page also fetches the pages after a payment, which it may go on to by itself before its code would have asked.
const route = session === 'in' ? routeForPath(path) : null;
const preloads = [MODULEPRELOADS.portal, ...(route && route in WITHOUT_PAYMENT ? [MODULEPRELOADS.paymentResults] : [])];
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const id of preloads) {
      const links = document.getElementById(id) as HTMLTemplateElement | null;
      if (links) document.head.append(links.content.cloneNode(true));
    }
  }),
);
