/**
 * The DOM events the widgets dispatch, one place for each (Web Awesome style): `sm-` prefix,
 * kebab-case, bubbling and composed so they cross shadow roots, with a typed detail.
 *
 * | event | dispatched on | detail |
 * |---|---|---|
 * | sm-signed-in | the sm-login element | { email, name } |
 * | sm-signed-out | the document, once per sign-out of a host's session | { reason: 'logout' \| 'expired' \| 'other-tab' } |
 * | sm-registered | the sm-login element | { email } |
 * | sm-app-signin (cancelable) | the sm-login element, in the app's webview | { provider } |
 * | sm-payment-completed | sm-topup (kind 'credit'), sm-subscribe (kind 'subscription') | { kind, sessionId } |
 * | sm-donation-completed | sm-donate | { sessionId, amount } |
 * | sm-newsletter-subscribed | sm-newsletter | { email } |
 * | sm-survey-done | sm-survey | { answered } |
 * | sm-amount-changed, sm-membership-canceled, sm-close | sm-subscribe | { amount }, { endDate }, {} |
 * | sm-app-link (cancelable) | the document | { url } (a deep link into the mobile app) |
 */

export interface SmSignedInDetail {
  readonly email: string;
  readonly name: string;
}
export interface SmSignedOutDetail {
  readonly reason: 'logout' | 'expired' | 'other-tab';
}
export interface SmRegisteredDetail {
  readonly email: string;
}

export type SmSignedOutReason = SmSignedOutDetail['reason'];

export interface SmPaymentCompletedDetail {
  readonly kind: 'credit' | 'subscription' | 'donation';
  readonly sessionId: string;
}

export interface SmEventMap {
  'sm-app-signin': CustomEvent<{ readonly provider: 'google' | 'facebook' | 'apple' }>;
  'sm-survey-done': CustomEvent<{ readonly answered: number }>;
  'sm-newsletter-subscribed': CustomEvent<{ readonly email: string }>;
  'sm-donation-completed': CustomEvent<{ readonly sessionId: string; readonly amount: number }>;
  'sm-app-link': CustomEvent<{ readonly url: string }>;
  'sm-amount-changed': CustomEvent<{ readonly amount: number }>;
  'sm-membership-canceled': CustomEvent<{ readonly endDate: string }>;
  'sm-close': CustomEvent<Record<string, never>>;
  'sm-payment-completed': CustomEvent<SmPaymentCompletedDetail>;
  'sm-signed-in': CustomEvent<SmSignedInDetail>;
  'sm-signed-out': CustomEvent<SmSignedOutDetail>;
  'sm-registered': CustomEvent<SmRegisteredDetail>;
}

declare global {
  interface GlobalEventHandlersEventMap extends SmEventMap {}
}

/** Events a listener may take over with preventDefault(). */
const CANCELABLE: ReadonlySet<keyof SmEventMap> = new Set(['sm-app-signin', 'sm-app-link']);

/** Dispatches a typed sm-* event from a widget's host element. */
export function emit<K extends keyof SmEventMap>(
  target: EventTarget | null | undefined,
  type: K,
  detail: SmEventMap[K]['detail'],
): void {
  target?.dispatchEvent(
    new CustomEvent(type, { bubbles: true, composed: true, cancelable: CANCELABLE.has(type), detail }),
  );
}
