// Buying credits (spec section 7, Credits): the price list, payment methods, and hosted checkout sessions.
import { z } from 'zod';
import {
  checkoutUrl, createCheckoutSession, fulfilOnce, idempotencyKey, paymentResult, requireOwnSession, returnUrl,
} from '../checkout/sessions.js';
import { creditList, ewalletPriceMinor, findCreditOption } from './prices.js';
import { findCreditPurchase, grantCreditPurchase, type CreditPayload } from './purchases.js';
import { HttpError, ok, type RequestContext, type Route } from '../../core/http.js';
import { toMinorExact } from '../../core/money.js';
import { EWALLET_CURRENCY, EWALLET_METHODS, methodName, paymentMethods, type PaymentMethod } from '../checkout/methods.js';
import { findUserById, requireSession } from '../../core/users.js';

export const CREDIT_MESSAGES = {
  unknownOption: 'identifier: unknown credit option',
  priceChanged: 'The price has changed. Please choose again.',
  methodUnavailable: 'method: not available in your country',
} as const;

/** The client key of the card provider's plugin (a test key: the sandbox charges nothing). */
export const CLIENT_KEY = 'pk_test_sandbox';

const MAX_AMOUNT = 1_000_000;
const returnUrlField = z.string().trim().min(1).max(2048);

const CreateBody = z.object({
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' }),
  amount: z
    .number()
    .positive({ error: 'must be greater than 0' })
    .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` }),
  credit: z
    .number()
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be greater than 0' })
    .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` }),
  identifier: z.string().trim().min(1).max(100),
  purchasefor: z.literal([1, 2]),
  success_url: returnUrlField,
  cancel_url: returnUrlField,
  method: z.enum(['credit_card', 'gcash', 'grab_pay']).optional(),
});

const MethodsBody = z.object({ country: z.string().max(100).nullish() });
const ConfirmBody = z.object({ session_id: z.string().trim().min(1).max(100) });

function getCreditList(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Credit options.', creditList(user.country_code));
}

/** The person's methods. A `country` in the body is accepted but the profile decides, as it does when paying. */
async function getPaymentMethods(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  await ctx.body(MethodsBody);
  return ok('Payment methods.', paymentMethods(user.country_code).map((id) => ({ id, name: methodName(id) })));
}

function getClientKey(ctx: RequestContext) {
  requireSession(ctx);
  return ok('Client key.', { clientKey: CLIENT_KEY });
}

async function createSession(ctx: RequestContext, forcedMethod?: PaymentMethod) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(CreateBody);
  const key = idempotencyKey(ctx);
  const successUrl = returnUrl(ctx.app, 'success_url', body.success_url);
  const cancelUrl = returnUrl(ctx.app, 'cancel_url', body.cancel_url);
  const method: PaymentMethod = forcedMethod ?? body.method ?? 'credit_card';
  if (!paymentMethods(user.country_code).includes(method)) throw new HttpError(400, CREDIT_MESSAGES.methodUnavailable);

  const option = findCreditOption(user.country_code, body.identifier);
  if (!option) throw new HttpError(400, CREDIT_MESSAGES.unknownOption);
  // What is charged: the list's price, or for the Philippine e-wallets that price x rate in PHP.
  const listed = { currency: option.currency, minor: option.price_cents };
  const ewallet = EWALLET_METHODS.has(method);
  const charge = ewallet ? { currency: EWALLET_CURRENCY, minor: ewalletPriceMinor(option) } : listed;
  // The client may quote the list's price, or for an e-wallet the PHP price; nothing else.
  const quotes = ewallet ? [listed, charge] : [listed];
  const quoted = quotes.some((q) => q.currency === body.currency && toMinorExact(body.amount, q.currency) === q.minor);
  if (!quoted || body.credit !== option.price_credit) throw new HttpError(400, CREDIT_MESSAGES.priceChanged);

  const payload: CreditPayload = { identifier: option.identifier, credits: option.price_credit, purchasefor: body.purchasefor };
  const session = createCheckoutSession(ctx.app.db, ctx.app.now(), {
    userId: user.id,
    kind: 'credit',
    method,
    currency: charge.currency,
    amountMinor: charge.minor,
    description: body.purchasefor === 2 ? `${option.price_credit} Credits (gift code)` : `${option.price_credit} Credits`,
    payload,
    successUrl,
    cancelUrl,
    idempotencyKey: key,
  });
  return ok('Payment session created.', { id: session.id, checkout_url: checkoutUrl(ctx.app, session) });
}

/** The result of the person's session; the first confirm of a paid one grants the credits or the gift code. */
async function confirmSession(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { session_id } = await ctx.body(ConfirmBody);
  const { db } = ctx.app;
  const now = ctx.app.now();
  const session = requireOwnSession(db, session_id, user.id, 'credit', now);
  const result = paymentResult(session);
  const answer = { result_code: result.result_code, action: null, message: result.message };
  if (session.status !== 'paid') return ok(result.message, answer);

  fulfilOnce(db, session.id, now, (s) => grantCreditPurchase(db, s, now));
  const purchase = findCreditPurchase(db, session.id);
  if (!purchase) throw new Error(`paid session ${session.id} has no credit transaction`);
  return ok(result.message, {
    ...answer,
    credit_balance: findUserById(db, user.id)!.credit_balance,
    ...(purchase.redemption_code ? { redemption_code: purchase.redemption_code } : {}),
  });
}

export const creditRoutes: Route[] = [
  { method: 'GET', path: '/webclient/in-web-purchase/credit-list', handler: getCreditList },
  { method: 'POST', path: '/webclient/in-web-purchase/payment-methods', handler: getPaymentMethods },
  { method: 'GET', path: '/webclient/in-web-purchase/client-key', handler: getClientKey },
  { method: 'POST', path: '/webclient/in-web-purchase/create-session', handler: (ctx) => createSession(ctx) },
  { method: 'POST', path: '/webclient/in-web-purchase/wechat/create-session', handler: (ctx) => createSession(ctx, 'wechat') },
  { method: 'POST', path: '/webclient/in-web-purchase/confirm-transaction-session', handler: confirmSession },
];
