// Buying credits: the price list, payment methods, the card provider's client key, and hosted checkout sessions
// (for oneself, or a gift code for someone else).
import { z } from 'zod';
import * as creditsApi from '../../../shared/api/credits.js';
import { answer, contractBody, HttpError, unwrap, type RequestContext, type Route } from '../../core/http.js';
import { requireSession } from '../../core/session.js';
import { currencyCode, identifier } from '../../core/validation.js';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { paymentMethods, type PaymentMethod } from '../checkout/methods.js';
import {
  checkoutReturnFields,
  checkoutReturns,
  confirmation,
  paymentMethodsRoute,
  startCheckout,
} from '../checkout/routes.js';
import { creditList, priceCredits } from './prices.js';
import { CREDIT_GRANTS, creditDescription, purchaseOutcome, type CreditPayload } from './purchases.js';

const METHOD_UNAVAILABLE = 'method: not available in your country';

/** The client key of the card provider's plugin (a test key: the sandbox charges nothing). */
export const CLIENT_KEY = 'pk_test_sandbox';

const MAX_AMOUNT = 1_000_000;
const positiveUpTo = (max: number) =>
  z
    .number()
    .positive({ error: 'must be greater than 0' })
    .max(max, { error: `must be at most ${max}` });

/** The body of a create call (the card and WeChat Pay ones share it). */
const CreateBody = contractBody(creditsApi.createCreditSession, {
  currency: currencyCode,
  amount: positiveUpTo(MAX_AMOUNT),
  credit: positiveUpTo(MAX_AMOUNT).int({ error: 'must be a whole number' }),
  identifier,
  purchasefor: z.literal([1, 2]),
  ...checkoutReturnFields,
  method: z.enum(['credit_card', 'gcash', 'grab_pay']).optional(),
});
const ConfirmBody = contractBody(creditsApi.confirmCreditSession, { session_id: identifier });

function getCreditList(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return answer(creditsApi.creditList, 'Credit options.', creditList(user.country_code));
}

function getClientKey(ctx: RequestContext) {
  requireSession(ctx);
  return answer(creditsApi.clientKey, 'Client key.', { clientKey: CLIENT_KEY });
}

/** A checkout session for the option the person chose, at the server's price. */
function createSession(
  contract: typeof creditsApi.createCreditSession,
  forcedMethod?: PaymentMethod,
): Route['handler'] {
  return async (ctx) => {
    const { user } = requireSession(ctx);
    const body = await ctx.body(CreateBody);
    const returns = checkoutReturns(ctx, { success_url: body.success_url, cancel_url: body.cancel_url });
    const method: PaymentMethod = forcedMethod ?? body.method ?? 'credit_card';
    if (!paymentMethods(user.country_code).includes(method)) throw new HttpError(400, METHOD_UNAVAILABLE);
    const { option, charge } = unwrap(priceCredits(user.country_code, body, method));
    const payload: CreditPayload = {
      identifier: option.identifier,
      credits: option.price_credit,
      purchasefor: body.purchasefor,
    };
    return startCheckout(ctx, contract, {
      userId: user.id,
      kind: 'credit',
      method,
      currency: charge.currency,
      amountMinor: charge.minor,
      description: creditDescription(option.price_credit, body.purchasefor),
      payload,
      ...returns,
    });
  };
}

/** The result of the person's session; the first confirm of a paid one grants the credits or the gift code. */
async function confirmSession(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { session_id } = await ctx.body(ConfirmBody);
  const { session, result } = confirmation(ctx, user.id, 'credit', session_id);
  if (session.status !== 'paid') return answer(creditsApi.confirmCreditSession, result.message, result);

  fulfilPaidSession(ctx.app.db, session.id, ctx.app.now(), CREDIT_GRANTS); // already done when paid; a no-op then
  return answer(creditsApi.confirmCreditSession, result.message, {
    ...result,
    ...purchaseOutcome(ctx.app.db, session.id),
  });
}

const API = '/webclient/in-web-purchase';

export const creditRoutes: Route[] = [
  { method: 'GET', path: `${API}/credit-list`, handler: getCreditList },
  { method: 'POST', path: `${API}/payment-methods`, handler: paymentMethodsRoute(creditsApi.creditPaymentMethods) },
  { method: 'GET', path: `${API}/client-key`, handler: getClientKey },
  { method: 'POST', path: `${API}/create-session`, handler: createSession(creditsApi.createCreditSession) },
  {
    method: 'POST',
    path: `${API}/wechat/create-session`,
    handler: createSession(creditsApi.createCreditWechatSession, 'wechat'),
  },
  { method: 'POST', path: `${API}/confirm-transaction-session`, handler: confirmSession },
];
