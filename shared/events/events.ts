/**
 * The DOM events the widgets dispatch, one place for each (Web Awesome style): `sm-` prefix,
 * kebab-case, bubbling and composed so they cross shadow roots, with a typed detail. Which element
 * dispatches each: widgets/tags.ts (and the README's table generated from it).
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

/** Dispatches a typed sm-* event from a widget's host element; false when a listener canceled it. */
export function emit<K extends keyof SmEventMap>(
  target: EventTarget | null | undefined,
  type: K,
  detail: SmEventMap[K]['detail'],
): boolean {
  return (
    target?.dispatchEvent(
      new CustomEvent(type, { bubbles: true, composed: true, cancelable: CANCELABLE.has(type), detail }),
    ) ?? true
  );
}
