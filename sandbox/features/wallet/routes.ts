// The device wallet calls: Apple Pay merchant validation, and authorising a credit top-up with the wallet's payment
// token. Prices are the server's, as for the hosted checkout.
import { z } from 'zod';
import * as walletApi from '../../../shared/api/wallet.js';
import { answer, contractBody, unwrap, type RequestContext, type Route } from '../../core/http.js';
import { requireSession } from '../../core/session.js';
import { currencyCode, identifier } from '../../core/validation.js';
import { WALLET_METHOD } from '../checkout/methods.js';
import { priceCredits } from '../credits/prices.js';
import { chargeWalletPayment, checkValidationUrl, merchantSession, replayedPayment } from './apple-pay.js';

const ValidateBody = contractBody(walletApi.validateMerchant, { validationUrl: z.string().trim().min(1).max(500) });

const AuthBody = contractBody(walletApi.authorizeWalletPayment, {
  token: z.object({
    paymentData: z.unknown().refine((v) => v !== undefined && v !== null, { error: 'is required' }),
    paymentMethod: z.unknown().optional(),
    transactionIdentifier: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]*$/, { error: 'must be printable ASCII without spaces' }),
  }),
  identifier,
  purchasefor: z.literal([1, 2]),
  amount: z.number().positive({ error: 'must be greater than 0' }).max(1_000_000, { error: 'must be at most 1000000' }),
  currency: currencyCode,
});

/** What Apple's gateway would answer, as JSON text in data.data. */
async function validate(ctx: RequestContext) {
  requireSession(ctx);
  const { validationUrl } = await ctx.body(ValidateBody);
  unwrap(checkValidationUrl(validationUrl));
  const session = merchantSession(ctx.app.now(), new URL(ctx.app.portalUrl).hostname);
  return answer(walletApi.validateMerchant, 'Merchant validated.', { data: JSON.stringify(session) });
}

/** A credit top-up paid with the wallet; each transaction identifier once. */
async function authorize(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(AuthBody);
  const { db } = ctx.app;
  // A transaction seen before answers its first result, whatever else the body says now.
  const replay = unwrap(replayedPayment(db, user.id, body.token.transactionIdentifier));
  if (replay) return answer(walletApi.authorizeWalletPayment, replay.message, replay);

  const { option } = unwrap(priceCredits(user.country_code, body, WALLET_METHOD));
  const result = unwrap(
    chargeWalletPayment(db, ctx.app.now(), {
      userId: user.id,
      transactionId: body.token.transactionIdentifier,
      paymentData: body.token.paymentData,
      paymentMethod: body.token.paymentMethod,
      option,
      purchasefor: body.purchasefor,
      portalUrl: ctx.app.portalUrl,
    }),
  );
  return answer(walletApi.authorizeWalletPayment, result.message, result);
}

export const walletRoutes: Route[] = [
  { method: 'POST', path: '/webclient/apple-pay/validate', handler: validate },
  { method: 'POST', path: '/webclient/apple-pay/authPayment', handler: authorize },
];
