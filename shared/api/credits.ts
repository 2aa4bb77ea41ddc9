/**
 * The Credits calls, and the shapes every payment call shares (payment methods, the checkout
 * session, the payment result).
 */
import * as z from 'zod/mini';
import { get, post } from './contract';
import { lazy } from './lazy';
import { PricedOption } from './schemas';

export const CreditOption = lazy(() =>
  z.extend(PricedOption, {
    price_credit: z.number().check(z.positive()),
    price_dollar: z.number().check(z.positive()),
  }),
);
export type CreditOption = z.infer<typeof CreditOption>;

export const PaymentMethod = lazy(() => z.object({ id: z.string().check(z.minLength(1)), name: z.string() }));
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A created checkout session: its id, and a hosted checkout URL or a client secret saying how to pay. */
export const CheckoutSession = lazy(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    checkout_url: z.optional(z.nullable(z.string())),
    client_secret: z.optional(z.nullable(z.string())),
  }),
);
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const PaymentResult = lazy(() =>
  z.object({
    result_code: z.string(),
    action: z.optional(z.unknown()),
    message: z.optional(z.nullable(z.string())),
    credit_balance: z.optional(z.nullable(z.number())),
    redemption_code: z.optional(z.nullable(z.string())),
  }),
);
export type PaymentResult = z.infer<typeof PaymentResult>;

export const SessionId = lazy(() => z.object({ session_id: z.string().check(z.minLength(1)) }));

/** What every checkout session is created with: the price, what is bought, and where the checkout returns. */
export const CheckoutRequest = lazy(() =>
  z.object({
    currency: z.string(),
    amount: z.number(),
    identifier: z.string(),
    success_url: z.string(),
    cancel_url: z.string(),
  }),
);

const CreateCreditSession = lazy(() =>
  z.extend(CheckoutRequest, {
    credit: z.number(),
    purchasefor: z.union([z.literal(1), z.literal(2)]),
    method: z.optional(z.string()),
  }),
);

const base = '/webclient/in-web-purchase';
export const creditList = lazy(() => get(`${base}/credit-list`, z.array(CreditOption), { on401: 'report' }));
export const creditPaymentMethods = lazy(() =>
  post(`${base}/payment-methods`, z.object({}), z.array(PaymentMethod), {
    on401: 'report',
  }),
);
export const clientKey = lazy(() => get(`${base}/client-key`, z.object({ clientKey: z.string() })));
export const createCreditSession = lazy(() => post(`${base}/create-session`, CreateCreditSession, CheckoutSession));
export const createCreditWechatSession = lazy(() =>
  post(`${base}/wechat/create-session`, CreateCreditSession, CheckoutSession),
);
export const confirmCreditSession = lazy(() => post(`${base}/confirm-transaction-session`, SessionId, PaymentResult));
