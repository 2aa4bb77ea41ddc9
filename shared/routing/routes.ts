/**
 * The portal's routes, by their product names (HomePage, TopUpPage, ...): pure data and functions, no DOM.
 * ROUTES (path, who may see it, shell, banner), PRERENDERED (the portal page carries its markup) and
 * WITHOUT_PAYMENT (where a payment page goes with no payment to finish).
 */

/** Which banner the shell shows above a route. */
export type BannerGroup = 'default' | 'credit' | 'subscription' | 'donation' | 'none';

export interface RouteDef {
  /** Hash path, e.g. '/top-up'. */
  readonly path: string;
  /** Reachable without a session (the guard lets anyone in). */
  readonly public: boolean;
  /** Rendered inside the signed-in shell (header, banner, footer). */
  readonly shell: boolean;
  readonly banner: BannerGroup;
  /** A page a payment's page goes on to by itself: it keeps that page's banner and height, so nothing moves. */
  readonly keepsBanner?: true;
}

const shellRoute = (path: string, banner: BannerGroup = 'default'): RouteDef => ({
  path,
  public: false,
  shell: true,
  banner,
});
const publicRoute = (path: string): RouteDef => ({ path, public: true, shell: false, banner: 'none' });

export const ROUTES = {
  // Inside the signed-in shell (path / redirects to /home)
  Dashboard: shellRoute('/'),
  HomePage: shellRoute('/home'),
  ChangePasswordUser: shellRoute('/change-password-user'),
  TopUpPage: shellRoute('/top-up', 'credit'),
  SuccessPage: shellRoute('/success', 'credit'),
  CheckoutPage: shellRoute('/checkout', 'credit'),
  SubscribePage: shellRoute('/subscription', 'subscription'),
  SubscriptionCheckoutPage: shellRoute('/subscription-checkout', 'subscription'),
  SubscriptionSuccessPage: shellRoute('/subscription-success', 'subscription'),
  TransactionFailedPage: { ...shellRoute('/transaction-failed'), keepsBanner: true },
  TransactionSuccessPage: shellRoute('/transaction-success'),
  ResultPendingPage: { ...shellRoute('/result/pending'), keepsBanner: true },
  DonationListsPage: shellRoute('/donation-lists', 'donation'),
  // A gift hands off to the checkout from this page itself, so the spec's DonationsCheckoutPage has no route.
  DonationsPage: shellRoute('/donations', 'donation'),
  DonationsSuccessPage: shellRoute('/donation-success', 'donation'),
  ChangeSubscriptionPage: shellRoute('/change-subscription', 'subscription'),
  ChangeSubscriptionSuccessPage: shellRoute('/change-subscription-success', 'subscription'),
  SurveyPage: { path: '/survey', public: false, shell: false, banner: 'none' },
  // Outside the shell
  Signin: publicRoute('/login'),
  VerifyEmail: publicRoute('/verify-email'),
  ForgotPassword: publicRoute('/forgot-password'),
  ChangePassword: publicRoute('/change-password'),
  Registration: publicRoute('/register'),
  DonationPageAnon: publicRoute('/donation-page'),
  /** The public missions page for anonymous visitors. */
  MissionsPage: publicRoute('/missions'),
  PremiumPage: publicRoute('/premium'),
  UpdatePaymentPage: publicRoute('/update-payment'),
  UpdatePaymentSuccessPage: publicRoute('/update-payment-success'),
  UpdatePaymentFailedPage: publicRoute('/update-payment-failed'),
  DirectSubscribePage: publicRoute('/direct-subscribe'),
  TestPage: publicRoute('/test-page'),
  SignupSuccess: publicRoute('/signup-success'),
  SendVerification: publicRoute('/send-verification'),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/**
 * The routes whose prerendered block the portal page carries (tools/prerender.tsx; docs/loader.md), for a visitor not
 * signed in ('out') or any signed-in person ('in', including the app's links that pay, which route.js signs in). A
 * signed-in block fits the route with any query unless its page reads the query as it renders (`readsQuery`); a
 * public block fits only the address without one. The page holds the blocks in this order: one further down shows
 * later, as the parser reaches it later.
 */
export const PRERENDERED: Partial<Record<RouteName, { readonly for: readonly Session[]; readonly readsQuery?: true }>> =
  {
    Signin: { for: ['out'] },
    Registration: { for: ['out'] },
    ForgotPassword: { for: ['out'] },
    // The members' pages most opened, and the app's links: the survey's first question is drawn once the parser is past
    // its block, so it comes early.
    HomePage: { for: ['in'] },
    SurveyPage: { for: ['in'] },
    TopUpPage: { for: ['in'] },
    SubscribePage: { for: ['in'] },
    DonationsPage: { for: ['in'] },
    ChangeSubscriptionPage: { for: ['in'] },
    PremiumPage: { for: ['out', 'in'] },
    MissionsPage: { for: ['out', 'in'] },
    // The page hands its _d to the tag as an attribute as it renders.
    DonationPageAnon: { for: ['out', 'in'], readsQuery: true },
    SuccessPage: { for: ['in'] },
    SubscriptionSuccessPage: { for: ['in'] },
    DonationsSuccessPage: { for: ['in'] },
    ChangeSubscriptionSuccessPage: { for: ['in'] },
    TransactionSuccessPage: { for: ['in'] },
    TransactionFailedPage: { for: ['in'] },
    ResultPendingPage: { for: ['in'] },
    UpdatePaymentPage: { for: ['in'] },
    DirectSubscribePage: { for: ['in'] },
    UpdatePaymentSuccessPage: { for: ['in'] },
    UpdatePaymentFailedPage: { for: ['in'] },
  };
export type Session = 'in' | 'out';

type PaymentRecordName = 'credit' | 'subscription' | 'donation' | 'card-update' | 'payment-pending';

/**
 * Where a payment page goes at once with no payment of its kind to finish (a bookmark, history, Back from a finished
 * checkout): a success or pending page to the dashboard, a checkout page to where that payment starts. `records` are
 * the payment records (shared/payments/records.ts; goesWithoutPayment's types check them) whose presence means there
 * may be one to finish. Read by shared/payments/arrival.ts before any code comes; the checkout machine and the pending
 * page go the same way. These pages also preload the pages after a payment (host/boot/plan.ts).
 */
export const WITHOUT_PAYMENT: Partial<
  Record<RouteName, { readonly records: readonly PaymentRecordName[]; readonly goes: RouteName }>
> = {
  SuccessPage: { records: ['credit'], goes: 'HomePage' },
  SubscriptionSuccessPage: { records: ['subscription'], goes: 'HomePage' },
  DonationsSuccessPage: { records: ['donation'], goes: 'HomePage' },
  UpdatePaymentSuccessPage: { records: ['card-update'], goes: 'HomePage' },
  ResultPendingPage: { records: ['payment-pending'], goes: 'HomePage' },
  CheckoutPage: { records: ['credit'], goes: 'TopUpPage' },
  SubscriptionCheckoutPage: { records: ['subscription'], goes: 'SubscribePage' },
};

/**
 * Addresses the signed-in portal shows as another route's page: the bare address (the guard's Dashboard) and
 * /history (unknown to the portal) are home, whose prerendered block route.js shows for them (host/route.ts).
 */
const SIGNED_IN_SHOWN_AS: Readonly<Record<string, string>> = { '/': '/home', '/history': '/home' };

/** Whether a shell route shown after a page with the banner `before` (if any) takes that page's place (keepsBanner). */
export const takesPlace = (route: RouteName, before: BannerGroup | null): boolean =>
  !!(ROUTES[route] as RouteDef).keepsBanner && !!before && before !== 'none';

/** The banner a shell route shows, after a page with the banner `before` (if any). */
export const bannerOf = (route: RouteName, before: BannerGroup | null): BannerGroup =>
  takesPlace(route, before) ? before! : ROUTES[route].banner;

/** The route whose page a signed-in member sees at `path`. */
export const signedInShownAs = (path: string): string => SIGNED_IN_SHOWN_AS[path] ?? path;

/** The mission the mobile app's donation link opens (`_d=2`). */
export const APP_DONATION_MISSION_ID = 2;
export type Query = Readonly<Record<string, string>>;

export interface Location {
  readonly name: RouteName;
  readonly path: string;
  readonly query: Query;
}

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
const BY_PATH = new Map<string, RouteName>(ROUTE_NAMES.map((name) => [ROUTES[name].path, name]));

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ROUTES, value);
}

/** The route a path names, or null for an unknown path. Trailing slashes are ignored. */
export function routeForPath(path: string): RouteName | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return BY_PATH.get(clean) ?? null;
}

/** Query values as plain strings; repeated keys keep the first value. */
export function parseQuery(search: string): Query {
  const out: Record<string, string> = {};
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const [key, value] of params) {
    if (!(key in out)) out[key] = value;
  }
  return out;
}

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Parses a location hash ('#/top-up?x=1'); an empty or unknown path is the Dashboard (the guard decides). */
export function parseHash(hash: string): Location {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', ...rest] = raw.split('?');
  const path = pathPart.startsWith('/') ? pathPart : `/${pathPart}`;
  const query = parseQuery(rest.join('?'));
  const name = routeForPath(path) ?? 'Dashboard';
  return { name, path: ROUTES[name].path, query };
}

/** '#/path?query' for a route name. */
export function hrefFor(name: RouteName, query?: Query): string {
  return `#${ROUTES[name].path}${buildQuery(query)}`;
}

/** Where a link from the mobile app sends the person it signs in; `donation` opens the app's mission. */
export function appLinkTarget(type: string): { name: RouteName; query?: Query } {
  if (type === 'donation') return { name: 'DonationsPage', query: { _d: String(APP_DONATION_MISSION_ID) } };
  return { name: routeForType(type) };
}

/** Route names reached after login by the `type` query. */
export function routeForType(type: string | undefined): RouteName {
  switch (type) {
    case 'topup':
      return 'TopUpPage';
    case 'subscription':
      return 'SubscribePage';
    case 'survey':
      return 'SurveyPage';
    case 'change-subscription':
      return 'ChangeSubscriptionPage';
    case 'update-payment':
      return 'UpdatePaymentPage';
    default:
      return 'HomePage';
  }
}
