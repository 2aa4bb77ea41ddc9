/**
 * route.js, the portal page's inline head script (built by tools/boot-scripts.ts bundlePlainScript): reads the address
 * and storage, plans from them (host/boot/plan.ts) and carries the plan out with host/boot/*. Boot: docs/boot.md.
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
// As host/language.ts: the markup is English, another language is drawn by the portal's script (nothing typed is lost).
const language = portalLanguage(storedLanguage(), navigator.languages ?? [navigator.language ?? '']);
const plan = planHead({
  hash: location.hash,
  stored,
  storedFromApps: !!storedRecord(base)?.fromApps,
  paymentRecord: (name) => hasPaymentRecord(name, base),
  language,
});
// An app link's token is exchanged before anything else, for whichever code finishes the sign-in.
const exchange = plan.appLink && askEarly(base + MOBILE_LOGIN_PATH, `Bearer ${plan.appLink.token}`, askReading);
if (exchange) exchange.uses = 1;

page().portal = true;
if (plan.replaceWith) history.replaceState(history.state, '', plan.replaceWith);
const blocks = showBlocks(plan);
/** Whose token the shown block's data is asked with: the stored one, or an app link's once signed in. */
const signedIn = plan.signsInAppLink && exchange ? signInAppLink(plan.appLink!, exchange, blocks) : stored;
if (plan.shows && plan.session === 'in') askFirstData(plan.shows, signedIn, blocks);
// The profile, which the portal asks for first: asked in a task of its own, as first-data.ts asks data not drawn.
if (plan.askProfile) setTimeout(() => (askEarly(base + PROFILE_PATH, stored).uses = 1));
// Intl's data, in a task of its own: the asks above go first.
setTimeout(() => loadIntl(language));
sayWhenScriptsFail(language);

// The portal's chunks (tools/modulepreload.ts's templates), all at once rather than as its script finds them: after
// the first frame, so as not to hold back its paint; one task each, so together they make no long task.
requestAnimationFrame(() => {
  for (const id of plan.preloads) {
    const links = document.getElementById(id) as HTMLTemplateElement | null;
    for (const link of links?.content.children ?? []) setTimeout(() => document.head.append(link.cloneNode()));
  }
});
