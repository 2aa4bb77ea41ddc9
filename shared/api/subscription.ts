/**
 * The Subscription (premium membership) calls.
 */
import * as z from 'zod/mini';
import { get, post } from './contract';
import { lazy } from './lazy';
import { CheckoutRequest, CheckoutSession, PaymentMethod, PaymentResult, SessionId } from './credits';
import { PricedOption, Subscription } from './schemas';

/** A price plan: monthly or one-time premium in the person's country. */
export const Plan = lazy(() =>
  z.extend(PricedOption, {
    price: z.number().check(z.positive()),
    lowest_price: z.number().check(z.positive()),
  }),
);
export type Plan = z.infer<typeof Plan>;

/** Identifiers go back to the server with dashes converted to underscores. */
export function planIdentifier(identifier: string): string {
  return identifier.replace(/-/g, '_');
}

const CreateSubscriptionSession = lazy(() =>
  z.extend(CheckoutRequest, {
    recurring: z.union([z.literal(0), z.literal(1)]),
    interval: z.optional(z.number()),
  }),
);

/** The Philippine e-wallet provider's source: where to authorise, and the source id to confirm. */
export const PaymongoSource = lazy(() =>
  z.object({
    success: z.optional(z.boolean()),
    checkout_url: z.string(),
    data: z.object({ id: z.string().check(z.minLength(1)) }),
  }),
);

const CreatePaymongoSource = lazy(() =>
  z.object({
    type: z.string(),
    currency: z.literal('PHP'),
    amount: z.number(),
    interval: z.number(),
    identifier: z.string(),
    success_url: z.string(),
    failed_url: z.string(),
  }),
);

const SubscriptionResult = lazy(() => z.extend(PaymentResult, { subscription: z.optional(z.nullable(Subscription)) }));
const ReturnUrls = lazy(() => z.object({ success_url: z.string(), failed_url: z.string(), cancel_url: z.string() }));

const base = '/webclient/subscription';
export const subscriptionPlans = lazy(() => get(`${base}/subscription-plan`, z.array(Plan), { on401: 'report' }));
export const subscriptionPaymentMethods = lazy(() =>
  post(`${base}/payment-methods`, z.object({}), z.array(PaymentMethod), { on401: 'report' }),
);
export const createSubscriptionSession = lazy(() =>
  post(`${base}/create-session`, CreateSubscriptionSession, CheckoutSession),
);
export const createSubscriptionWechatSession = lazy(() =>
  post(`${base}/wechat/create-session`, CreateSubscriptionSession, CheckoutSession),
);
export const createPaymongoSource = lazy(() =>
  post(`${base}/paymongo/create-source`, CreatePaymongoSource, PaymongoSource),
);
export const confirmSubscription = lazy(() => post(`${base}/confirm-payment`, SessionId, SubscriptionResult));
/** While the e-wallet payment is not confirmed yet the server answers 400 'error-paymongo-confirm'. */
export const confirmPaymongo = lazy(() =>
  post(
    `${base}/paymongo/confirm-payment`,
    z.object({ source_id: z.string().check(z.minLength(1)) }),
    SubscriptionResult,
  ),
);
export const cancelSubscription = lazy(() => post(`${base}/cancel-subscription`, z.object({}), z.unknown()));
export const changeAmount = lazy(() =>
  post(`${base}/change-amount`, z.object({ currency: z.string(), amount: z.number() }), z.unknown(), {
    errorCode: 'change-amount-subs',
  }),
);
export const updatePaymentSession = lazy(() =>
  post(`${base}/update-payment-create-session`, ReturnUrls, CheckoutSession, { errorCode: 'update-payment' }),
);
