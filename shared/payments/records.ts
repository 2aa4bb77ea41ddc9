/**
 * The pending-transaction records kept in local storage (spec section 3): credit,
 * subscription, donation, change-subscription, payment error, payment pending and
 * interval-check pending. Each is parsed when read; a corrupted or tampered record is removed
 * and read as absent, never a crash.
 */
import * as z from 'zod/mini';

const PREFIX = 'sm.payment.';

export const PaymentMethodId = z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[a-z_]+$/));

/** Fields every unfinished checkout carries. */
const CheckoutFields = {
  /** Sent as Idempotency-Key, so a retried create answers the same session. */
  idempotencyKey: z.string().check(z.minLength(8), z.maxLength(200)),
  method: PaymentMethodId,
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  amount: z.number().check(z.nonnegative()),
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
  checkoutUrl: z.optional(z.string().check(z.maxLength(2048))),
  clientSecret: z.optional(z.string().check(z.maxLength(2048))),
  createdAt: z.number(),
};

export const CreditRecord = z.object({
  ...CheckoutFields,
  identifier: z.string().check(z.minLength(1), z.maxLength(100)),
  credits: z.number().check(z.positive()),
  purchasefor: z.union([z.literal(1), z.literal(2)]),
});
export type CreditRecord = z.infer<typeof CreditRecord>;

/** Subscription draft (spec section 3): what is being bought, and its session once created. */
export const SubscriptionRecord = z.object({
  ...CheckoutFields,
  identifier: z.string().check(z.minLength(1), z.maxLength(100)),
  recurring: z.union([z.literal(0), z.literal(1)]),
  interval: z.optional(z.number().check(z.int(), z.positive(), z.maximum(12))),
  /** The amount in dollars (amount above is what is charged, in PHP for e-wallets). */
  price: z.number().check(z.positive()),
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

/** A change of the monthly amount, stored before going to its success page. */
export const ChangeSubscriptionRecord = z.object({ amount: z.number().check(z.positive()), currency: z.string(), at: z.number() });
export type ChangeSubscriptionRecord = z.infer<typeof ChangeSubscriptionRecord>;

/** The last payment failure, shown on the Payment Failed! page. */
export const PaymentErrorRecord = z.object({ message: z.string().check(z.maxLength(1000)), at: z.number() });
export type PaymentErrorRecord = z.infer<typeof PaymentErrorRecord>;

/** A payment waiting for confirmation (card authentication or an e-wallet). */
export const PaymentPendingRecord = z.object({
  kind: z.enum(['credit', 'subscription']),
  sessionId: z.string().check(z.minLength(1), z.maxLength(300)),
  method: PaymentMethodId,
  /** The success route's query, to come back to once confirmed. */
  purchasefor: z.optional(z.union([z.literal(1), z.literal(2)])),
  tries: z.number().check(z.nonnegative()),
  at: z.number(),
});
export type PaymentPendingRecord = z.infer<typeof PaymentPendingRecord>;

const SCHEMAS = {
  credit: CreditRecord,
  subscription: SubscriptionRecord,
  'change-subscription': ChangeSubscriptionRecord,
  'payment-error': PaymentErrorRecord,
  'payment-pending': PaymentPendingRecord,
} as const;
type Kind = keyof typeof SCHEMAS;
type RecordOf<K extends Kind> = z.infer<(typeof SCHEMAS)[K]>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readRecord<K extends Kind>(kind: K): RecordOf<K> | null {
  const store = storage();
  const text = store?.getItem(PREFIX + kind);
  if (!text) return null;
  try {
    const parsed = SCHEMAS[kind].safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data as RecordOf<K>;
  } catch {
    /* not JSON */
  }
  store?.removeItem(PREFIX + kind);
  return null;
}

export function writeRecord<K extends Kind>(kind: K, value: RecordOf<K>): void {
  try {
    storage()?.setItem(PREFIX + kind, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the flow still works on this page */
  }
}

export function clearRecord(kind: Kind): void {
  try {
    storage()?.removeItem(PREFIX + kind);
  } catch {
    /* ignore */
  }
}

/** Success and failure pages clear stored payment data (spec section 4). */
export function clearPaymentData(kind: 'credit' | 'subscription'): void {
  clearRecord(kind);
  clearRecord('payment-pending');
}

/** A fresh key for Idempotency-Key headers. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
