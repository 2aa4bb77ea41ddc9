/**
 * Contracts of the Credits calls (spec section 7), and the shapes they share with the other
 * payment calls (payment methods, checkout session, payment result).
 */
import * as z from 'zod/mini';
import { contract } from './client';

/** Credit option (spec section 3). */
export const CreditOption = z.object({
  country: z.string(),
  currency: z.string(),
  identifier: z.string(),
  price_credit: z.number().check(z.positive()),
  price_dollar: z.number().check(z.positive()),
  user_currency: z.string(),
  rate: z.number().check(z.positive()),
});
export type CreditOption = z.infer<typeof CreditOption>;

export const PaymentMethod = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Payment session response (spec section 3: id). The URL or client secret says how to pay. */
export const CheckoutSession = z.object({
  id: z.string().check(z.minLength(1)),
  checkout_url: z.optional(z.nullable(z.string())),
  client_secret: z.optional(z.nullable(z.string())),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** Payment result (spec section 3). */
export const PaymentResult = z.object({
  result_code: z.string(),
  action: z.optional(z.unknown()),
  message: z.optional(z.nullable(z.string())),
  credit_balance: z.optional(z.nullable(z.number())),
  redemption_code: z.optional(z.nullable(z.string())),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

export const creditList = contract({
  method: 'GET',
  path: '/webclient/in-web-purchase/credit-list',
  auth: true,
  on401: 'report',
  request: z.object({}),
  response: z.array(CreditOption),
  errorCode: null,
});

export const creditPaymentMethods = contract({
  method: 'POST',
  path: '/webclient/in-web-purchase/payment-methods',
  auth: true,
  on401: 'report',
  request: z.object({}),
  response: z.array(PaymentMethod),
  errorCode: null,
});

export const clientKey = contract({
  method: 'GET',
  path: '/webclient/in-web-purchase/client-key',
  auth: true,
  request: z.object({}),
  response: z.object({ clientKey: z.string() }),
  errorCode: null,
});

const CreateCreditSession = z.object({
  currency: z.string(),
  amount: z.number(),
  credit: z.number(),
  identifier: z.string(),
  purchasefor: z.union([z.literal(1), z.literal(2)]),
  success_url: z.string(),
  cancel_url: z.string(),
  method: z.optional(z.string()),
});

export const createCreditSession = contract({
  method: 'POST',
  path: '/webclient/in-web-purchase/create-session',
  auth: true,
  request: CreateCreditSession,
  response: CheckoutSession,
  errorCode: null,
});

export const createCreditWechatSession = contract({
  method: 'POST',
  path: '/webclient/in-web-purchase/wechat/create-session',
  auth: true,
  request: CreateCreditSession,
  response: CheckoutSession,
  errorCode: null,
});

export const confirmCreditSession = contract({
  method: 'POST',
  path: '/webclient/in-web-purchase/confirm-transaction-session',
  auth: true,
  request: z.object({ session_id: z.string().check(z.minLength(1)) }),
  response: PaymentResult,
  errorCode: null,
});
