/**
 * What a widget's model is given: API, session, navigation, storage, clock, events. Models never
 * reach for `window`, `location` or `localStorage`, so each is tested in Node with testing.ts.
 */
import type { ApiClient } from '../api/client';
import { mountEmbeddedCheckout } from '../payments/stripe';
import { APP_SCHEME, type Settings } from '../config/config';
import { page } from '../boot/boot';
import { emit as dispatch, type SmEventMap } from '../events/events';
import { hrefFor, parseHash, parseQuery, type Query, type RouteName } from '../routing/routes';
import { connectionFor, type Connection } from '../session/connection';
import type { Session } from '../session/session';
import { createI18n, type I18n } from '../i18n/catalogue';

export type AppLink = 'survey_done' | 'gopremium' | 'transaction_done';

export interface Navigation {
  /** Moves to a portal route, as a press asks (from another page, to the portal). */
  go(name: RouteName, query?: Query, options?: { replace?: boolean }): void;
  /**
   * Moves to a portal route on the widget's own, on the portal page only (replacing the address
   * unless `push`); elsewhere a tag never moves the page: false, and it shows what it can in place.
   */
  redirect(name: RouteName, query?: Query, options?: { push?: boolean }): boolean;
  /** This page is the portal's own. */
  onPortalPage(): boolean;
  /** The route the hash names ('#/success?…'; on another page, a checkout's return), or null. */
  route(): RouteName | null;
  /** Takes a checkout's return (its route and query in the hash) out of this page's address. */
  forgetRoute(): void;
  /** The hash route's query over the page's own search. */
  query(): Query;
  /**
   * Reads a one-time token (such as `_t`) and removes it from the address bar at once, so it is
   * never left in history, bookmarks or referrers. Later calls get the same value.
   */
  takeToken(key: string): string | null;
  /** The absolute address a checkout returns to: this page's own, or the portal's (Settings.returnsToPortal). */
  portalUrlFor(name: RouteName, query?: Query): string;
  /** Leaves the page for another address (a hosted checkout). */
  leave(url: string): void;
  /** Opens a deep link into the mobile app (after a cancelable `sm-app-link` event on the document). */
  openAppLink(action: AppLink, query?: Query): void;
  /** This page's origin, e.g. https://blog.example.org. */
  readonly origin: string;
}

/** Local storage as a model sees it: it never throws (a full or disabled storage keeps nothing). */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface Clock {
  now(): number;
  /** Runs fn after ms; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export type Emit = <K extends keyof SmEventMap>(type: K, detail: SmEventMap[K]['detail']) => void;

export interface ModelDeps {
  readonly api: ApiClient;
  readonly session: Session;
  /** Sign-in, profile and logout of this element's API host. */
  readonly account: Pick<Connection, 'completeSignIn' | 'refreshProfile' | 'logout' | 'signInWithAppToken'>;
  readonly nav: Navigation;
  readonly storage: KeyValueStore;
  readonly clock: Clock;
  /** Dispatches a typed sm-* event from the widget's element. */
  readonly emit: Emit;
  /** The browser's device wallet (Apple Pay), where it has one. */
  readonly deviceWallet: () => WalletSessionClass | null;
  /** Mounts the payment provider's embedded checkout (its script loaded only now). */
  readonly embedCheckout: (options: EmbedOptions) => Promise<unknown>;
  /** The language the element shows and its messages. */
  readonly i18n: I18n;
}

export interface EmbedOptions {
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly container: HTMLElement;
  readonly onComplete: () => void;
}

/** A deep link into the mobile app, e.g. smapp://survey_done. */
function appDeepLink(action: AppLink, query?: Query): string {
  const params = new URLSearchParams(query ?? {}).toString();
  return `${APP_SCHEME}://${action}${params ? `?${params}` : ''}`;
}

const taken = new Map<string, string | null>();

function browserNavigation(settings: Settings): Navigation {
  const here = () => `${window.location.origin}${window.location.pathname}${window.location.search}`;
  const portalBase = () => (settings.returnsToPortal ? settings.portalUrl.replace(/#.*$/, '') : here());
  const go: Navigation['go'] = (name, query, options = {}) => {
    const href = hrefFor(name, query);
    if (settings.portalUrl) window.location.assign(`${settings.portalUrl}${href}`);
    else if (options.replace) window.location.replace(href);
    else window.location.hash = href.slice(1);
  };
  return {
    origin: globalThis.location?.origin ?? '',
    go,
    onPortalPage: () => !!page().portal,
    redirect(name, query, options = {}) {
      if (!page().portal) return false;
      go(name, query, { replace: !options.push });
      return true;
    },
    route() {
      return window.location.hash.startsWith('#/') ? parseHash(window.location.hash).name : null;
    },
    forgetRoute() {
      window.history.replaceState(window.history.state, '', here());
    },
    query() {
      return { ...parseQuery(window.location.search), ...parseHash(window.location.hash).query };
    },
    takeToken(key) {
      const url = new URL(window.location.href);
      let value: string | null = url.searchParams.get(key);
      if (value !== null) url.searchParams.delete(key);
      const [path = '', ...rest] = url.hash.replace(/^#/, '').split('?');
      const params = new URLSearchParams(rest.join('?'));
      if (params.has(key)) {
        value = params.get(key);
        params.delete(key);
        const search = params.toString();
        url.hash = `${path}${search ? `?${search}` : ''}`;
      }
      if (value === null) return taken.get(key) ?? null;
      window.history.replaceState(window.history.state, '', url.href);
      taken.set(key, value);
      return value;
    },
    portalUrlFor(name, query) {
      // Stripe's {CHECKOUT_SESSION_ID} template must stay literal (not percent-encoded).
      return `${portalBase()}${hrefFor(name, query)}`.replace(/%7BCHECKOUT_SESSION_ID%7D/g, '{CHECKOUT_SESSION_ID}');
    },
    leave(url) {
      window.location.assign(url);
    },
    openAppLink(action, query) {
      const url = appDeepLink(action, query);
      if (dispatch(document, 'sm-app-link', { url })) window.location.assign(url);
    },
  };
}

function browserStorage(): KeyValueStore {
  // Missing, disabled (reading it throws) or full storage keeps nothing; the flow still works on this page.
  const safely = <T>(act: (store: Storage) => T, otherwise: T): T => {
    try {
      return act(globalThis.localStorage);
    } catch {
      return otherwise;
    }
  };
  return {
    get: (key) => safely((store) => store.getItem(key), null),
    set: (key, value) => safely((store) => store.setItem(key, value), undefined),
    remove: (key) => safely((store) => store.removeItem(key), undefined),
  };
}

/** The slice of Apple's ApplePaySession the payments use (so tests can fake it). */
export interface WalletSession {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized:
    | ((event: {
        payment: { token: { paymentData: unknown; paymentMethod?: unknown; transactionIdentifier: string } };
      }) => void)
    | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(result: { status: number } | number): void;
}
export interface WalletSessionClass {
  new (version: number, request: unknown): WalletSession;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

/** The browser's ApplePaySession, where there is one. */
export function browserWallet(): WalletSessionClass | null {
  const candidate = (globalThis as { ApplePaySession?: WalletSessionClass }).ApplePaySession;
  return typeof candidate === 'function' ? candidate : null;
}

/** True only where the browser offers Apple Pay; nothing of it shows elsewhere. */
export function walletAvailable(Session: WalletSessionClass | null): boolean {
  try {
    return Session?.canMakePayments() === true;
  } catch {
    return false;
  }
}

const browserClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** A model's real dependencies, for an element (events come from it). */
export function browserDeps(settings: Settings, host: EventTarget | null, i18n: I18n = createI18n()): ModelDeps {
  const connection = connectionFor(settings.apiBase);
  return {
    api: connection.api,
    session: connection.session,
    account: connection,
    nav: browserNavigation(settings),
    storage: browserStorage(),
    clock: browserClock,
    emit: (type, detail) => dispatch(host, type, detail),
    deviceWallet: browserWallet,
    embedCheckout: mountEmbeddedCheckout,
    i18n,
  };
}
