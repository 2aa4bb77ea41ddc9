/**
 * Contracts of the Subscription calls (spec section 7).
 */
import * as z from 'zod/mini';
import { contract } from './client';
import { CheckoutSession, PaymentMethod, PaymentResult } from './credits';
import { Subscription } from './schemas';

/** Subscription price (plan), spec section 3. */
export const Plan = z.object({
  country: z.string(),
  currency: z.string(),
  identifier: z.string(),
  price: z.number().check(z.positive()),
  lowest_price: z.number().check(z.positive()),
  user_currency: z.string(),
  rate: z.number().check(z.positive()),
});
export type Plan = z.infer<typeof Plan>;

/** Identifiers go back to the server with dashes converted to underscores (spec section 3). */
export function planIdentifier(identifier: string): string {
  return identifier.replace(/-/g, '_');
}

export const subscriptionPlans = contract({
  method: 'GET',
  path: '/webclient/subscription/subscription-plan',
  auth: true,
  on401: 'report',
  request: z.object({}),
  response: z.array(Plan),
  errorCode: null,
});

export const subscriptionPaymentMethods = contract({
  method: 'POST',
  path: '/webclient/subscription/payment-methods',
  auth: true,
  on401: 'report',
  request: z.object({}),
  response: z.array(PaymentMethod),
  errorCode: null,
});

const CreateSubscriptionSession = z.object({
  currency: z.string(),
  amount: z.number(),
  identifier: z.string(),
  recurring: z.union([z.literal(0), z.literal(1)]),
  success_url: z.string(),
  cancel_url: z.string(),
  interval: z.optional(z.number()),
});

export const createSubscriptionSession = contract({
  method: 'POST',
  path: '/webclient/subscription/create-session',
  auth: true,
  request: CreateSubscriptionSession,
  response: CheckoutSession,
  errorCode: null,
});

export const createSubscriptionWechatSession = contract({
  method: 'POST',
  path: '/webclient/subscription/wechat/create-session',
  auth: true,
  request: CreateSubscriptionSession,
  response: CheckoutSession,
  errorCode: null,
});

/** Philippine provider source response (spec section 3). */
export const PaymongoSource = z.object({
  success: z.optional(z.boolean()),
  checkout_url: z.string(),
  data: z.object({ id: z.string().check(z.minLength(1)) }),
});

export const createPaymongoSource = contract({
  method: 'POST',
  path: '/webclient/subscription/paymongo/create-source',
  auth: true,
  request: z.object({
    type: z.string(),
    currency: z.literal('PHP'),
    amount: z.number(),
    interval: z.number(),
    identifier: z.string(),
    success_url: z.string(),
    failed_url: z.string(),
  }),
  response: PaymongoSource,
  errorCode: null,
});

const SubscriptionResult = z.extend(PaymentResult, { subscription: z.optional(z.nullable(Subscription)) });

export const confirmSubscription = contract({
  method: 'POST',
  path: '/webclient/subscription/confirm-payment',
  auth: true,
  request: z.object({ session_id: z.string().check(z.minLength(1)) }),
  response: SubscriptionResult,
  errorCode: null,
});

export const confirmPaymongo = contract({
  method: 'POST',
  path: '/webclient/subscription/paymongo/confirm-payment',
  auth: true,
  request: z.object({ source_id: z.string().check(z.minLength(1)) }),
  response: SubscriptionResult,
  // The server names 'error-paymongo-confirm' itself while the payment is not confirmed yet.
  errorCode: null,
});

export const cancelSubscription = contract({
  method: 'POST',
  path: '/webclient/subscription/cancel-subscription',
  auth: true,
  request: z.object({}),
  response: z.unknown(),
  errorCode: null,
});

export const changeAmount = contract({
  method: 'POST',
  path: '/webclient/subscription/change-amount',
  auth: true,
  request: z.object({ currency: z.string(), amount: z.number() }),
  response: z.unknown(),
  errorCode: 'change-amount-subs',
});

export const updatePaymentSession = contract({
  method: 'POST',
  path: '/webclient/subscription/update-payment-create-session',
  auth: true,
  request: z.object({ success_url: z.string(), failed_url: z.string(), cancel_url: z.string() }),
  response: CheckoutSession,
  errorCode: 'update-payment',
});
