/** What route.js decides, as a pure function of what it reads (plan.test.ts: as a table). Boot: docs/boot.md. */
import { appLinkOf, MODULEPRELOADS, type AppLink, type PublicLanguage } from '../../shared/boot/boot';
import { goesWithoutPayment } from '../../shared/payments/arrival';
import type { RecordName } from '../../shared/payments/records';
import {
  appLinkTarget,
  hrefFor,
  parseHash,
  routeForPath,
  ROUTES,
  signedInShownAs,
  WITHOUT_PAYMENT,
} from '../../shared/routing/routes';

/** What route.js reads as it starts. */
export interface HeadFacts {
  /** The address's hash ('#/top-up?x=1'). */
  readonly hash: string;
  /** The stored sign-in's Authorization for the build's API host ('' for none, or expired). */
  readonly stored: string;
  /** Whether that sign-in was made by an earlier app link (the app's own webview). */
  readonly storedFromApps: boolean;
  /** Whether a payment record of a name is kept. */
  readonly paymentRecord: (name: RecordName) => boolean;
  /** The language the portal will show (portalLanguage). */
  readonly language: PublicLanguage;
}

/** What route.js does with them. */
export interface HeadPlan {
  /** A link from the mobile app, or null. */
  readonly appLink: AppLink | null;
  /** Whether this page signs that link in before the portal's code comes (no one else is signed in here). */
  readonly signsInAppLink: boolean;
  /** Who the page shows the route to. */
  readonly session: 'in' | 'out';
  /** The route's path as the page's blocks name it ('/login', '/home' for a member's bare address). */
  readonly path: string;
  /** Whether the address it shows has a query (a block made without one then fits only with data-any-query). */
  readonly withQuery: boolean;
  /** The address to replace this one with at once (a payment page with no payment to finish), or null. */
  readonly replaceWith: string | null;
  /** The prerendered block to show (its route's path), or null: the markup is English, another language is drawn. */
  readonly shows: string | null;
  /** Whether the profile is asked for now with the stored sign-in. */
  readonly askProfile: boolean;
  /** The templates of modulepreload links to add after the first frame (MODULEPRELOADS). */
  readonly preloads: readonly string[];
}

export function planHead({ hash, stored, storedFromApps, paymentRecord, language }: HeadFacts): HeadPlan {
  const appLink = appLinkOf(hash);
  const bare = hash.replace(/^#/, '');
  let withQuery = bare.includes('?');
  let session: 'in' | 'out' = stored ? 'in' : 'out';
  // The bare address is the sign-in page, or for a member the dashboard ('/home': signedInShownAs).
  let path = bare.split('?')[0] || (stored ? '/' : '/login');
  // An app link is signed in here unless another account is: its page shows signed in from the first frame.
  const signsInAppLink = !!appLink && (!stored || storedFromApps);
  if (appLink && signsInAppLink) {
    const target = appLink.type ? appLinkTarget(appLink.type) : null;
    path = target ? ROUTES[target.name].path : appLink.path;
    withQuery = target ? !!target.query : true;
    session = 'in';
  }
  // A payment page with no payment to finish goes on before the first paint (shared/payments/arrival.ts).
  const goes =
    session === 'in' && !appLink ? goesWithoutPayment(routeForPath(path), parseHash(hash).query, paymentRecord) : null;
  if (goes) {
    path = ROUTES[goes].path;
    withQuery = false;
  }
  // A member's bare address and /history show home's block.
  if (session === 'in') path = signedInShownAs(path);
  const route = session === 'in' ? routeForPath(path) : null;
  return {
    appLink,
    signsInAppLink,
    session,
    path,
    withQuery,
    replaceWith: goes && hrefFor(goes),
    shows: language === 'en' ? path : null,
    askProfile: !!stored && !appLink,
    // A payment page also preloads the pages after a payment, which it may go on to.
    preloads: [MODULEPRELOADS.portal, ...(route && route in WITHOUT_PAYMENT ? [MODULEPRELOADS.paymentResults] : [])],
  };
}
