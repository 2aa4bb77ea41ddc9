// The device wallet calls (spec section 7, Device wallet): Apple Pay merchant validation, and authorising a credit
// top-up with the wallet's payment token. Prices are the server's, as for create-session.
import { z } from 'zod';
import { chargeWalletPayment, checkValidationUrl, merchantSession, replayedPayment } from './apple-pay.js';
import { findCreditOption } from '../credits/prices.js';
import { HttpError, ok, type RequestContext, type Route } from '../../core/http.js';
import { toMinorExact } from '../../core/money.js';
import { requireSession } from '../../core/users.js';
import { CREDIT_MESSAGES } from '../credits/routes.js';

const ValidateBody = z.object({ validationUrl: z.string().trim().min(1).max(500) });

const AuthBody = z.object({
  token: z.object({
    paymentData: z.unknown().refine((v) => v !== undefined && v !== null, { error: 'is required' }),
    paymentMethod: z.unknown().optional(),
    transactionIdentifier: z.string().trim().min(1).max(200).regex(/^[\x21-\x7e]*$/, { error: 'must be printable ASCII without spaces' }),
  }),
  identifier: z.string().trim().min(1).max(100),
  purchasefor: z.literal([1, 2]),
  amount: z.number().positive({ error: 'must be greater than 0' }).max(1_000_000, { error: 'must be at most 1000000' }),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' }),
});

/** POST /webclient/apple-pay/validate: what Apple's gateway would answer, as JSON text in data.data. */
async function validate(ctx: RequestContext) {
  requireSession(ctx);
  const { validationUrl } = await ctx.body(ValidateBody);
  checkValidationUrl(validationUrl);
  const session = merchantSession(ctx.app.now(), new URL(ctx.app.portalUrl).hostname);
  return ok('Merchant validated.', { data: JSON.stringify(session) });
}

/** POST /webclient/apple-pay/authPayment: a credit top-up paid with the wallet; each transaction identifier once. */
async function authorize(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(AuthBody);
  const { db } = ctx.app;
  const now = ctx.app.now();
  // A transaction seen before answers its first result, whatever else the body says now.
  const replay = replayedPayment(db, user.id, body.token.transactionIdentifier);
  if (replay) return ok(replay.message, replay);

  const option = findCreditOption(user.country_code, body.identifier);
  if (!option) throw new HttpError(400, CREDIT_MESSAGES.unknownOption);
  if (body.currency !== option.currency || toMinorExact(body.amount, option.currency) !== option.price_cents) {
    throw new HttpError(400, CREDIT_MESSAGES.priceChanged);
  }
  const result = chargeWalletPayment(db, now, {
    userId: user.id,
    transactionId: body.token.transactionIdentifier,
    paymentData: body.token.paymentData,
    paymentMethod: body.token.paymentMethod,
    option,
    purchasefor: body.purchasefor,
    portalUrl: ctx.app.portalUrl,
  });
  return ok(result.message, result);
}

export const walletRoutes: Route[] = [
  { method: 'POST', path: '/webclient/apple-pay/validate', handler: validate },
  { method: 'POST', path: '/webclient/apple-pay/authPayment', handler: authorize },
];
