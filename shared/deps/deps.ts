/**
 * What a widget's model is given when it is created: the API client and the session of its
 * element's API host, navigation, the address's query and one-time tokens, storage, the clock
 * and the event emitter. Models never reach for `window`, `location` or `localStorage`
 * themselves, so each is tested in Node with the fakes of testing.ts.
 *
 * `browserDeps` builds the real ones for an element (or for the portal page itself).
 */
import type { ApiClient } from '../api/client';
import { mountEmbeddedCheckout } from '../payments/stripe';
import { APP_SCHEME, type Settings } from '../config/config';
import { isPortalPage } from '../boot/boot';
import { emit as dispatch, type SmEventMap } from '../events/events';
import { hrefFor, parseHash, parseQuery, type Query, type RouteName } from '../routing/routes';
import { connectionFor, type Connection } from '../session/connection';
import type { Session } from '../session/session';
import { createI18n, type I18n } from '../i18n/catalogue';

export type AppLink = 'survey_done' | 'gopremium' | 'transaction_done';

export interface Navigation {
  /** Moves to a portal route, as a press asks: the hash on the portal page, the portal's address from another page. */
  go(name: RouteName, query?: Query, options?: { replace?: boolean }): void;
  /**
   * Moves to a portal route on the widget's own (a view with nothing to show goes on to another; the address follows
   * a view): on the portal page only, in place of the address unless `push`. On any other page a tag never moves the
   * page: false, and the widget shows what it can in place.
   */
  redirect(name: RouteName, query?: Query, options?: { push?: boolean }): boolean;
  /** This page is the portal's own (a tag may move its address on its own: `redirect`). */
  onPortalPage(): boolean;
  /** The route the address's hash names ('#/success?…'), or null: on another page, a checkout's return to it. */
  route(): RouteName | null;
  /** Takes a checkout's return (its route and query in the hash) out of this page's address. */
  forgetRoute(): void;
  /** The query of the current address: the hash route's query over the page's own search. */
  query(): Query;
  /**
   * Reads a one-time token (such as `_t`) from the address and removes it from the address bar
   * at once, so it is never left in history, bookmarks or referrers. Later calls get the same
   * value until a new one appears.
   */
  takeToken(key: string): string | null;
  /**
   * The absolute address a checkout returns to, for a route: the portal's, or this page's own (its route in the hash,
   * where the tag shows the outcome in place) unless the tag returns to the portal (Settings.returnsToPortal).
   */
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
  /** The language the element shows and its messages (models and views say the same). */
  readonly i18n: I18n;
}

export interface EmbedOptions {
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly container: HTMLElement;
  readonly onComplete: () => void;
}

/** A deep link into the mobile app on the configured scheme, e.g. smapp://survey_done. */
export function appDeepLink(action: AppLink, query?: Query): string {
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
    onPortalPage: isPortalPage,
    redirect(name, query, options = {}) {
      if (!isPortalPage()) return false;
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
      const event = new CustomEvent('sm-app-link', {
        bubbles: true,
        composed: true,
        cancelable: true,
        detail: { url },
      });
      if (document.dispatchEvent(event)) window.location.assign(url);
    },
  };
}

function browserStorage(): KeyValueStore {
  const store = (): Storage | null => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    get: (key) => {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        store()?.setItem(key, value);
      } catch {
        /* storage full or disabled: the flow still works on this page */
      }
    },
    remove: (key) => {
      try {
        store()?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

/**
 * The slice of Apple's ApplePaySession the payments use (so tests can fake it); paying with it is
 * shared/payments/applepay.ts.
 */
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

/**
 * The browser's ApplePaySession, where there is one (paying with it is shared/payments/applepay.ts,
 * loaded only by the tags that take payments).
 */
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

export const browserClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** The real dependencies of a model on this page, for an element (events come from it) with its settings. */
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
