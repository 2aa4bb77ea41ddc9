// The pages a payment provider would host: a Stripe-like checkout (cards, WeChat Pay, 3-D Secure; also saving
// a card for a monthly membership) and a PayMongo-like e-wallet page. Plain forms that POST, answered with 303
// redirects back to the portal. A refused payment returns to the session's failed_url when it has one; a declined
// card on a donation session re-shows the page with the decline and the session stays open (Stripe Checkout's way).
import {
  failureUrl, findSession, isEwallet, markCanceled, markRefused, markReopened, markRequiresAction, recordCard, type CheckoutSession,
} from './sessions.js';
import { payAndFulfil } from './fulfilment.js';
import { authenticateView, checkoutView, notFoundView, paymongoView, stateView } from './views.js';
import { WALLET_METHOD } from './methods.js';
import { html, redirect, type Reply, type RequestContext, type Route } from '../../core/http.js';

export const DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const EWALLET_FAILED = 'The e-wallet payment failed.';
export const CARD_HELP = 'Use a Stripe test card number, such as 4242 4242 4242 4242.';

type CardOutcome = { status: 'paid' } | { status: 'refused'; message: string } | { status: 'requires_action' };

/** Stripe's test cards decide what happens (digits only). */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { status: 'paid' },
  '4000000000000002': { status: 'refused', message: DECLINED },
  '4000000000009995': { status: 'refused', message: INSUFFICIENT_FUNDS },
  '4000002500003155': { status: 'requires_action' },
};

type Provider = 'checkout' | 'paymongo';
type PageHandler = (ctx: RequestContext, session: CheckoutSession, form: URLSearchParams) => Reply;

/**
 * A page of one session on one provider: reads the form first (so nothing awaits between the state
 * check and the state change), then finds the session; unknown ids and the other provider's sessions are 404.
 */
function sessionPage(provider: Provider, handler: PageHandler) {
  return async (ctx: RequestContext): Promise<Reply> => {
    const form = ctx.req.method === 'POST' ? await ctx.form() : new URLSearchParams();
    const session = findSession(ctx.app.db, ctx.params.id ?? '', ctx.app.now());
    // Device-wallet payments were made in place (no hosted page): 404 here too.
    if (!session || session.method === WALLET_METHOD || isEwallet(session) !== (provider === 'paymongo')) return html(notFoundView(), 404);
    return handler(ctx, session, form);
  };
}

/** Donation sessions stay payable after a decline: the page again with the message (402), try another card or Cancel. */
const staysOpenOnDecline = (s: CheckoutSession) => s.kind === 'donation';
const declinedPage = (s: CheckoutSession, message: string) => html(checkoutView(s, message), 402);

const authenticateUrl = (s: CheckoutSession) => `/sandbox/checkout/${encodeURIComponent(s.id)}/authenticate`;
/** The session is not in a state this action applies to. */
const wrongState = (s: CheckoutSession) => html(stateView(s, isEwallet(s)), 409);

// ---- Stripe-like checkout ----

const showCheckout: PageHandler = (_ctx, s) =>
  html(s.status === 'open' ? checkoutView(s) : stateView(s, false));

const pay: PageHandler = (ctx, s, form) => {
  const { db } = ctx.app;
  const now = ctx.app.now();
  if (s.status === 'paid') return redirect(s.success_url); // a double submit charges nothing twice
  if (s.status === 'requires_action') return redirect(authenticateUrl(s));
  if (s.status !== 'open') return wrongState(s);
  if (s.method === 'wechat') {
    payAndFulfil(db, s.id, now);
    return redirect(s.success_url);
  }
  const card = (form.get('card') ?? '').replace(/\s+/g, '');
  const outcome = TEST_CARDS[card];
  if (!outcome) return html(checkoutView(s, CARD_HELP), 400);
  recordCard(db, s.id, card.slice(-4));
  switch (outcome.status) {
    case 'paid':
      payAndFulfil(db, s.id, now);
      return redirect(s.success_url);
    case 'refused':
      if (staysOpenOnDecline(s)) return declinedPage(s, outcome.message);
      markRefused(db, s.id, outcome.message, now);
      return redirect(failureUrl(s));
    case 'requires_action':
      markRequiresAction(db, s.id, now);
      return redirect(authenticateUrl(s));
  }
};

const showAuthenticate: PageHandler = (_ctx, s) =>
  s.status === 'requires_action' ? html(authenticateView(s)) : redirect(`/sandbox/checkout/${encodeURIComponent(s.id)}`);

const authenticate: PageHandler = (ctx, s, form) => {
  if (s.status === 'paid') return redirect(s.success_url);
  if (s.status !== 'requires_action') return wrongState(s);
  const now = ctx.app.now();
  switch (form.get('outcome')) {
    case 'complete':
      payAndFulfil(ctx.app.db, s.id, now);
      return redirect(s.success_url);
    case 'fail':
      if (staysOpenOnDecline(s)) {
        markReopened(ctx.app.db, s.id, now);
        return declinedPage(findSession(ctx.app.db, s.id, now) ?? s, DECLINED);
      }
      markRefused(ctx.app.db, s.id, DECLINED, now);
      return redirect(failureUrl(s));
    case 'later':
      return redirect(s.success_url);
    default:
      return html(authenticateView(s, 'Choose one of the buttons.'), 400);
  }
};

const cancel: PageHandler = (ctx, s) => {
  if (s.status === 'canceled') return redirect(s.cancel_url);
  if (s.status !== 'open') return wrongState(s);
  markCanceled(ctx.app.db, s.id, ctx.app.now());
  return redirect(s.cancel_url);
};

// ---- PayMongo-like e-wallet page ----

const showPaymongo: PageHandler = (_ctx, s) => html(s.status === 'open' ? paymongoView(s) : stateView(s, true));

const authorizeEwallet: PageHandler = (ctx, s) => {
  if (s.status === 'paid') return redirect(s.success_url);
  if (s.status !== 'open') return wrongState(s);
  payAndFulfil(ctx.app.db, s.id, ctx.app.now());
  return redirect(s.success_url);
};

const failEwallet: PageHandler = (ctx, s) => {
  if (s.status === 'refused') return redirect(failureUrl(s));
  if (s.status !== 'open') return wrongState(s);
  markRefused(ctx.app.db, s.id, EWALLET_FAILED, ctx.app.now());
  return redirect(failureUrl(s));
};

export const checkoutPageRoutes: Route[] = [
  { method: 'GET', path: '/sandbox/checkout/:id', handler: sessionPage('checkout', showCheckout) },
  { method: 'POST', path: '/sandbox/checkout/:id/pay', handler: sessionPage('checkout', pay) },
  { method: 'GET', path: '/sandbox/checkout/:id/authenticate', handler: sessionPage('checkout', showAuthenticate) },
  { method: 'POST', path: '/sandbox/checkout/:id/authenticate', handler: sessionPage('checkout', authenticate) },
  { method: 'POST', path: '/sandbox/checkout/:id/cancel', handler: sessionPage('checkout', cancel) },
  { method: 'GET', path: '/sandbox/paymongo/:id', handler: sessionPage('paymongo', showPaymongo) },
  { method: 'POST', path: '/sandbox/paymongo/:id/authorize', handler: sessionPage('paymongo', authorizeEwallet) },
  { method: 'POST', path: '/sandbox/paymongo/:id/fail', handler: sessionPage('paymongo', failEwallet) },
];
