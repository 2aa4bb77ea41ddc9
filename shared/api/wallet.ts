/**
 * Contracts of the device-wallet calls (spec section 7).
 */
import * as z from 'zod/mini';
import { contract } from './client';
import { PaymentResult } from './credits';

/** Merchant validation: data.data is the merchant session, as JSON text. */
export const validateMerchant = contract({
  method: 'POST',
  path: '/webclient/apple-pay/validate',
  auth: true,
  request: z.object({ validationUrl: z.string().check(z.regex(/^https:\/\//), z.maxLength(500)) }),
  response: z.object({ data: z.string().check(z.minLength(2)) }),
  errorCode: null,
});

/** Payment authorisation with the wallet's payment token, for a credit top-up. */
export const authorizeWalletPayment = contract({
  method: 'POST',
  path: '/webclient/apple-pay/authPayment',
  auth: true,
  request: z.object({
    token: z.object({ paymentData: z.unknown(), paymentMethod: z.optional(z.unknown()), transactionIdentifier: z.string().check(z.maxLength(200)) }),
    identifier: z.string(),
    purchasefor: z.union([z.literal(1), z.literal(2)]),
    amount: z.number(),
    currency: z.string(),
  }),
  response: PaymentResult,
  errorCode: null,
});
