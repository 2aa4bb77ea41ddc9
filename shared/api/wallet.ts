/**
 * The device-wallet (Apple Pay) calls.
 */
import * as z from 'zod/mini';
import { post } from './contract';
import { lazy } from './lazy';
import { PaymentResult } from './credits';

/** Merchant validation: data.data is the merchant session, as JSON text. */
export const validateMerchant = lazy(() =>
  post(
    '/webclient/apple-pay/validate',
    z.object({ validationUrl: z.string().check(z.regex(/^https:\/\//), z.maxLength(500)) }),
    z.object({ data: z.string().check(z.minLength(2)) }),
  ),
);

const WalletPayment = lazy(() =>
  z.object({
    token: z.object({
      paymentData: z.unknown(),
      paymentMethod: z.optional(z.unknown()),
      transactionIdentifier: z.string().check(z.maxLength(200)),
    }),
    identifier: z.string(),
    purchasefor: z.union([z.literal(1), z.literal(2)]),
    amount: z.number(),
    currency: z.string(),
  }),
);
export type WalletPayment = z.infer<typeof WalletPayment>;

/** Charges the wallet's payment token for a credit top-up. */
export const authorizeWalletPayment = lazy(() =>
  post('/webclient/apple-pay/authPayment', WalletPayment, PaymentResult),
);
