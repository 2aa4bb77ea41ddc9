// Checkout over HTTP. What every paid flow's routes share: reading the Idempotency-Key and the return URLs of a create
// call, answering where to pay, confirming a session, and the payment methods call. And the pages a payment
// provider would host: a Stripe-like checkout (cards, WeChat Pay, 3-D Secure; also saving a card for a monthly
// membership) and a PayMongo-like e-wallet page. Plain forms that POST, answered with 303 redirects back to the
// portal. A refused payment returns to the session's failed_url when it has one; a declined card on a donation
// session re-shows the page with the decline and the session stays open (Stripe Checkout's way). The portal may be on
// another origin (its files on their own host): the pages' CSP lets their forms lead back to every origin a session
// may return to, and to no other.
import { z } from 'zod';
import {
  answer,
  contractBody,
  HttpError,
  html,
  redirect,
  unwrap,
  type CallContract,
  type Reply,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import { requireSession } from '../../core/session.js';
import { payAndFulfil, type Grants } from './fulfilment.js';
import { methodName, paymentMethods, WALLET_METHOD } from './methods.js';
import {
  CHECKOUT_MESSAGES,
  checkoutUrl,
  createCheckoutSession,
  failureUrl,
  findOwnSession,
  findSession,
  IDEMPOTENCY_KEY_MAX,
  isEwallet,
  isReturnUrl,
  markCanceled,
  markRefused,
  markReopened,
  markRequiresAction,
  paymentResult,
  recordCard,
  type CheckoutKind,
  type CheckoutSession,
  type NewCheckoutSession,
} from './sessions.js';
import { authenticateView, checkoutView, notFoundView, paymongoView, stateView } from './views.js';

export const CARD_HELP = 'Use a Stripe test card number, such as 4242 4242 4242 4242.';

// ---- what the paid flows' calls share ----

/** A return URL as the create calls receive it (checked against the portal's origins by checkoutReturns). */
export const returnUrlField = z.string().trim().min(1).max(2048);

/** The return URLs of a hosted checkout's create call: where the payer comes back paid, and where canceled. */
export const checkoutReturnFields = { success_url: returnUrlField, cancel_url: returnUrlField };

/** The optional `Idempotency-Key` header (printable ASCII, at most 200 characters), or null; else 400. */
function idempotencyKey(ctx: RequestContext): string | null {
  const raw = ctx.req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw new HttpError(400, `Idempotency-Key: must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  if (!/^[\x21-\x7e]+$/.test(key)) throw new HttpError(400, 'Idempotency-Key: must be printable ASCII without spaces');
  return key;
}

interface ReturnUrls {
  success_url: string;
  cancel_url?: string;
  failed_url?: string;
}

/** Where a payment may return: the portal's origin and every origin allowed cross-origin (CORS). */
export function returnOrigins(app: Pick<RequestContext['app'], 'portalUrl' | 'allowedOrigins'>): ReadonlySet<string> {
  return new Set([new URL(app.portalUrl).origin, ...app.allowedOrigins]);
}

/**
 * The Idempotency-Key and the return URLs of a create call, checked before anything else (the URLs in the order
 * given): each must be on the portal's origin or an allowed origin, else 400 `field: must point to the portal`.
 */
export function checkoutReturns(
  ctx: RequestContext,
  urls: ReturnUrls,
): Pick<NewCheckoutSession, 'idempotencyKey' | 'successUrl' | 'cancelUrl' | 'failedUrl'> {
  const key = idempotencyKey(ctx);
  const origins = returnOrigins(ctx.app);
  for (const [field, url] of Object.entries(urls)) {
    if (!isReturnUrl(url, origins)) throw new HttpError(400, `${field}: must point to the portal`);
  }
  // An e-wallet source has no cancel URL: leaving its page returns where a failure does.
  return {
    idempotencyKey: key,
    successUrl: urls.success_url,
    cancelUrl: urls.cancel_url ?? urls.failed_url!,
    failedUrl: urls.failed_url ?? null,
  };
}

/** Creates the session (or finds the one of a repeated Idempotency-Key) and answers its id and where to pay. */
export function startCheckout(
  ctx: RequestContext,
  contract: CallContract<unknown, { id: string; checkout_url?: string | null | undefined }>,
  input: NewCheckoutSession,
): Reply {
  const session = unwrap(createCheckoutSession(ctx.app.db, ctx.app.now(), input));
  return answer(contract, 'Payment session created.', {
    id: session.id,
    checkout_url: checkoutUrl(ctx.app.sandboxUrl, session),
  });
}

/**
 * The person's own session of that kind (else 404), with its payment result as the confirm calls answer it
 * (400 for a session never paid, or expired).
 */
export function confirmation(ctx: RequestContext, userId: number, kind: CheckoutKind, sessionId: string) {
  const session = unwrap(findOwnSession(ctx.app.db, sessionId, userId, kind, ctx.app.now()));
  const { result_code, message } = unwrap(paymentResult(session));
  return { session, result: { result_code, action: null, message } };
}

/** The person's payment methods. A `country` in the body is accepted, but the profile decides, as it does when paying. */
export function paymentMethodsRoute(contract: CallContract<object, { id: string; name: string }[]>): Route['handler'] {
  const Body = contractBody(contract, { country: z.string().max(100).nullish() });
  return async (ctx) => {
    const { user } = requireSession(ctx);
    await ctx.body(Body);
    return answer(
      contract,
      'Payment methods.',
      paymentMethods(user.country_code).map((id) => ({ id, name: methodName(id) })),
    );
  };
}

// ---- the provider's pages ----

type CardOutcome = { status: 'paid' } | { status: 'refused'; message: string } | { status: 'requires_action' };

/** Stripe's test cards decide what happens (digits only). */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { status: 'paid' },
  '4000000000000002': { status: 'refused', message: CHECKOUT_MESSAGES.declined },
  '4000000000009995': { status: 'refused', message: CHECKOUT_MESSAGES.insufficientFunds },
  '4000002500003155': { status: 'requires_action' },
};

type Provider = 'checkout' | 'paymongo';
/** A page's request, with what paid sessions grant (given by the features that sell: app.ts). */
type PageContext = RequestContext & { grants: Grants };
type PageHandler = (ctx: PageContext, session: CheckoutSession, form: URLSearchParams) => Reply;

/**
 * A page of one session on one provider: reads the form first (so nothing awaits between the state
 * check and the state change), then finds the session; unknown ids and the other provider's sessions are 404.
 * Its forms, and the redirects that answer them, may lead back to the portal on any origin a session may return to.
 */
function sessionPage(provider: Provider, handler: PageHandler, grants: Grants) {
  return async (ctx: RequestContext): Promise<Reply> => {
    const form = ctx.req.method === 'POST' ? await ctx.form() : new URLSearchParams();
    const session = findSession(ctx.app.db, ctx.params.id ?? '', ctx.app.now());
    // Device-wallet payments were made in place (no hosted page): 404 here too.
    const reply =
      !session || session.method === WALLET_METHOD || isEwallet(session) !== (provider === 'paymongo')
        ? html(notFoundView(), 404)
        : handler({ ...ctx, grants }, session, form);
    return reply.type === 'html' ? { ...reply, csp: { formAction: [...returnOrigins(ctx.app)] } } : reply;
  };
}

/** Donation sessions stay payable after a decline: the page again with the message (402), try another card or Cancel. */
const staysOpenOnDecline = (s: CheckoutSession) => s.kind === 'donation';
const declinedPage = (s: CheckoutSession, message: string) => html(checkoutView(s, message), 402);

const authenticateUrl = (s: CheckoutSession) => `/sandbox/checkout/${encodeURIComponent(s.id)}/authenticate`;
/** The session is not in a state this action applies to. */
const wrongState = (s: CheckoutSession) => html(stateView(s, isEwallet(s)), 409);

// ---- Stripe-like checkout ----

const showCheckout: PageHandler = (_ctx, s) => html(s.status === 'open' ? checkoutView(s) : stateView(s, false));

const pay: PageHandler = (ctx, s, form) => {
  const { db } = ctx.app;
  const { grants } = ctx;
  const now = ctx.app.now();
  if (s.status === 'paid') return redirect(s.success_url); // a double submit charges nothing twice
  if (s.status === 'requires_action') return redirect(authenticateUrl(s));
  if (s.status !== 'open') return wrongState(s);
  if (s.method === 'wechat') {
    payAndFulfil(db, s.id, now, grants);
    return redirect(s.success_url);
  }
  const card = (form.get('card') ?? '').replace(/\s+/g, '');
  const outcome = TEST_CARDS[card];
  if (!outcome) return html(checkoutView(s, CARD_HELP), 400);
  recordCard(db, s.id, card.slice(-4));
  switch (outcome.status) {
    case 'paid':
      payAndFulfil(db, s.id, now, grants);
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
  s.status === 'requires_action'
    ? html(authenticateView(s))
    : redirect(`/sandbox/checkout/${encodeURIComponent(s.id)}`);

const authenticate: PageHandler = (ctx, s, form) => {
  if (s.status === 'paid') return redirect(s.success_url);
  if (s.status !== 'requires_action') return wrongState(s);
  const now = ctx.app.now();
  switch (form.get('outcome')) {
    case 'complete':
      payAndFulfil(ctx.app.db, s.id, now, ctx.grants);
      return redirect(s.success_url);
    case 'fail':
      if (staysOpenOnDecline(s)) {
        markReopened(ctx.app.db, s.id, now);
        return declinedPage(findSession(ctx.app.db, s.id, now) ?? s, CHECKOUT_MESSAGES.declined);
      }
      markRefused(ctx.app.db, s.id, CHECKOUT_MESSAGES.declined, now);
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
  payAndFulfil(ctx.app.db, s.id, ctx.app.now(), ctx.grants);
  return redirect(s.success_url);
};

const failEwallet: PageHandler = (ctx, s) => {
  if (s.status === 'refused') return redirect(failureUrl(s));
  if (s.status !== 'open') return wrongState(s);
  markRefused(ctx.app.db, s.id, CHECKOUT_MESSAGES.ewalletFailed, ctx.app.now());
  return redirect(failureUrl(s));
};

/** The provider's pages, granting what each kind of session bought through `grants` once paid. */
export function checkoutPageRoutes(grants: Grants): Route[] {
  const page = (provider: Provider, handler: PageHandler) => sessionPage(provider, handler, grants);
  return [
    { method: 'GET', path: '/sandbox/checkout/:id', handler: page('checkout', showCheckout) },
    { method: 'POST', path: '/sandbox/checkout/:id/pay', handler: page('checkout', pay) },
    { method: 'GET', path: '/sandbox/checkout/:id/authenticate', handler: page('checkout', showAuthenticate) },
    { method: 'POST', path: '/sandbox/checkout/:id/authenticate', handler: page('checkout', authenticate) },
    { method: 'POST', path: '/sandbox/checkout/:id/cancel', handler: page('checkout', cancel) },
    { method: 'GET', path: '/sandbox/paymongo/:id', handler: page('paymongo', showPaymongo) },
    { method: 'POST', path: '/sandbox/paymongo/:id/authorize', handler: page('paymongo', authorizeEwallet) },
    { method: 'POST', path: '/sandbox/paymongo/:id/fail', handler: page('paymongo', failEwallet) },
  ];
}
