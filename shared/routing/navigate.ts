/**
 * Moving between routes from any widget. On the portal page this sets the hash; on another
 * page (a blog embedding a widget) it opens the portal at the route.
 */
import { config } from '../config/config';
import { hrefFor, parseHash, parseQuery, type Query, type RouteName } from './routes';

export function navigate(name: RouteName, query?: Query, options: { replace?: boolean } = {}): void {
  const href = hrefFor(name, query);
  const portal = config.portalUrl.value;
  if (portal) {
    window.location.assign(`${portal}${href}`);
    return;
  }
  if (options.replace) {
    window.location.replace(href);
  } else {
    window.location.hash = href.slice(1);
  }
}

/** The query of the current address: the hash route's query over the page's own search. */
export function currentQuery(): Query {
  return { ...parseQuery(window.location.search), ...parseHash(window.location.hash).query };
}

const taken = new Map<string, string | null>();

/**
 * Reads a one-time token (such as `_t`) from the address and removes it from the address bar
 * at once (history.replaceState), so it is never left in history, bookmarks or referrers.
 * Later calls on the same page get the same value until a new one appears in the address.
 */
export function takeQueryToken(key: string): string | null {
  const url = new URL(window.location.href);
  let value: string | null = url.searchParams.get(key);
  if (value !== null) url.searchParams.delete(key);
  const hash = url.hash.replace(/^#/, '');
  const [path = '', ...rest] = hash.split('?');
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
}

/** Forgets taken tokens (tests, and pages that handle a second token without reloading). */
export function resetTakenTokens(): void {
  taken.clear();
}

/** A deep link into the mobile app on the configured scheme only, e.g. smapp://survey_done. */
export function appDeepLink(action: 'survey_done' | 'gopremium' | 'transaction_done', query?: Query): string {
  const params = new URLSearchParams(query ?? {}).toString();
  return `${config.appScheme.value}://${action}${params ? `?${params}` : ''}`;
}

/**
 * Opens a deep link into the mobile app. First dispatches a cancelable `sm-app-link` event
 * (detail: {url}) on the document, so a webview bridge or a test can see or take it over.
 */
export function openAppLink(action: 'survey_done' | 'gopremium' | 'transaction_done', query?: Query): void {
  const url = appDeepLink(action, query);
  const event = new CustomEvent('sm-app-link', { bubbles: true, composed: true, cancelable: true, detail: { url } });
  if (document.dispatchEvent(event)) window.location.assign(url);
}
