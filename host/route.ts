/**
 * route.js: the portal page's first script, in <head>, run before the page is parsed (a classic script: a module
 * would run only after). Built from this file and the boot protocol it reads as one self-contained file
 * (tools/boot-scripts.ts bundlePlainScript), written into the page by tools/prerender.tsx (the page's CSP allows it by
 * its hash), so it agrees with the portal's code on who is signed in and which language shows. Boot: docs/boot.md.
 *
 * It reads the address and storage, decides from them as a pure function (host/boot/plan.ts: the route, the
 * session, what to ask, what to preload) and carries the plan out: the prerendered block of that route in that state
 * shows at once and the others are taken out as the parser adds them (host/boot/blocks.ts); a link from the mobile
 * app is signed in before the portal's code comes (host/boot/app-link.ts); a member's first data is asked for, and a
 * first view that draws it is drawn (host/boot/first-data.ts); Intl's data is loaded (host/boot/intl.ts). A portal
 * in another language, or a route with no prerendered markup, is drawn by the portal's script.
 */
import {
  askEarly,
  BUILD_API_BASE,
  hasPaymentRecord,
  MOBILE_LOGIN_PATH,
  page,
  portalLanguage,
  PROFILE_PATH,
  storedAuthorization,
  storedLanguage,
  storedRecord,
} from '../shared/boot/boot';
import { signInAppLink } from './boot/app-link';
import { askReading } from './boot/ask-reading';
import { showBlocks } from './boot/blocks';
import { sayWhenScriptsFail } from './boot/failed';
import { askFirstData } from './boot/first-data';
import { loadIntl } from './boot/intl';
import { planHead } from './boot/plan';

const base = BUILD_API_BASE;
const stored = storedAuthorization(base);
// The markup is English: a portal that will show another language (the menu's choice, else the browser's first
// language we have; host/language.ts) is drawn by its script instead, so nothing typed into English markup is lost.
const language = portalLanguage(storedLanguage(), navigator.languages ?? [navigator.language ?? '']);
const plan = planHead({
  hash: location.hash,
  stored,
  storedFromApps: !!storedRecord(base)?.fromApps,
  paymentRecord: (name) => hasPaymentRecord(name, base),
  language,
});
// A link from the mobile app: its token's exchange is asked for before anything else, for whichever code finishes it.
const exchange = plan.appLink && askEarly(base + MOBILE_LOGIN_PATH, `Bearer ${plan.appLink.token}`, askReading);
if (exchange) exchange.uses = 1;

page().portal = true;
if (plan.replaceWith) history.replaceState(history.state, '', plan.replaceWith);
const blocks = showBlocks(plan);
/** Whose token the shown block's data is asked with: the stored sign-in's, or an app link's once it is signed in. */
const signedIn = plan.signsInAppLink && exchange ? signInAppLink(plan.appLink!, exchange, blocks) : stored;
if (plan.shows && plan.session === 'in') askFirstData(plan.shows, signedIn, blocks);
// The profile, which the portal asks for first as it starts (its header shows the name): asked now, with the code, in
// a task of its own (as the first data not drawn before the code: host/boot/first-data.ts).
if (plan.askProfile) setTimeout(() => (askEarly(base + PROFILE_PATH, stored).uses = 1));
// Intl's data for the page's language, on another thread while the page is parsed and the code comes: in a task of its
// own, after the asks above (their requests go first).
setTimeout(() => loadIntl(language));
sayWhenScriptsFail(language);

// The chunks the portal's script imports (tools/modulepreload.ts lists them in a template): fetched right after the
// first frame, so they do not hold back its paint, and all at once rather than as the script finds them; each asked
// for in a task of its own, so that together they make no long task.
requestAnimationFrame(() => {
  for (const id of plan.preloads) {
    const links = document.getElementById(id) as HTMLTemplateElement | null;
    for (const link of links?.content.children ?? []) setTimeout(() => document.head.append(link.cloneNode()));
  }
});
