/**
 * Handing a person to the checkout for a created session: a hosted checkout page (the
 * sandbox's locally, Stripe Checkout in production) by its URL, or Stripe's embedded checkout
 * by its client secret. Return URLs always point at the portal's own routes.
 */
import { config } from '../config/config';
import { hrefFor, type Query, type RouteName } from '../routing/routes';

/** The portal page's address (this page when it is the portal). */
export function portalBase(): string {
  const configured = config.portalUrl.value;
  if (configured) return configured.replace(/#.*$/, '');
  return `${window.location.origin}${window.location.pathname}`;
}

/** An absolute URL of a portal route, for success and cancel URLs. */
export function portalUrlFor(name: RouteName, query?: Query): string {
  // Stripe's {CHECKOUT_SESSION_ID} template must stay literal (not percent-encoded).
  return `${portalBase()}${hrefFor(name, query)}`.replace(/%7BCHECKOUT_SESSION_ID%7D/g, '{CHECKOUT_SESSION_ID}');
}

/** Hosts a checkout URL may point at: the API host, this page's origin, Stripe's checkout. */
export function isTrustedCheckoutUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  const allowed = new Set([window.location.origin]);
  if (config.apiBase.value) {
    try {
      allowed.add(new URL(config.apiBase.value).origin);
    } catch {
      /* ignore a bad base */
    }
  }
  if (parsed.protocol === 'https:' && parsed.hostname === 'checkout.stripe.com') return true;
  return allowed.has(parsed.origin);
}

export type HandOff = { kind: 'redirect'; url: string } | { kind: 'embedded'; clientSecret: string } | { kind: 'invalid' };

/** Decides how to send the person to pay for a session. */
export function handOffFor(session: { checkout_url?: string | null | undefined; client_secret?: string | null | undefined }): HandOff {
  if (session.checkout_url && isTrustedCheckoutUrl(session.checkout_url)) {
    return { kind: 'redirect', url: new URL(session.checkout_url, window.location.href).href };
  }
  if (session.client_secret) return { kind: 'embedded', clientSecret: session.client_secret };
  return { kind: 'invalid' };
}
