/**
 * What a payment keeps in local storage between pages. Each record is parsed when read; a
 * corrupted or tampered one is removed and read as absent. Records are kept per API host, as
 * sessions are, so two tags naming two hosts never share an unfinished checkout.
 */
import * as z from 'zod/mini';
import { lazy } from '../api/lazy';
import { paymentRecordKey } from '../boot/boot';
import type { KeyValueStore, ModelDeps } from '../deps/deps';

// Each schema is built the first time a record is read (shared/api/lazy.ts), not when a widget's code starts.
const PaymentMethodId = lazy(() => z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[a-z_]+$/)));
const Identifier = lazy(() => z.string().check(z.minLength(1), z.maxLength(100)));

/** Fields every unfinished checkout carries. */
const checkoutFields = () => ({
  /** Sent as Idempotency-Key, so a retried create answers the same session. */
  idempotencyKey: z.string().check(z.minLength(8), z.maxLength(200)),
  method: PaymentMethodId,
  /** What is charged, in the currency charged (PHP for the Philippine e-wallets). */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  amount: z.number().check(z.nonnegative()),
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
  checkoutUrl: z.optional(z.string().check(z.maxLength(2048))),
  clientSecret: z.optional(z.string().check(z.maxLength(2048))),
  createdAt: z.number(),
});

export const CreditRecord = lazy(() =>
  z.object({
    ...checkoutFields(),
    identifier: Identifier,
    credits: z.number().check(z.positive()),
    /** 1 for oneself, 2 as a gift (a redemption code). */
    purchasefor: z.union([z.literal(1), z.literal(2)]),
    /** The option's country, for the device wallet's sheet. */
    country: z.optional(z.string().check(z.maxLength(2))),
  }),
);
export type CreditRecord = z.infer<typeof CreditRecord>;

export const SubscriptionRecord = lazy(() =>
  z.object({
    ...checkoutFields(),
    identifier: Identifier,
    recurring: z.union([z.literal(0), z.literal(1)]),
    /** Months of a one-time membership. */
    interval: z.optional(z.number().check(z.int(), z.positive(), z.maximum(12))),
    /** The amount in dollars (`amount` is what is charged, in PHP for e-wallets). */
    price: z.number().check(z.positive()),
  }),
);
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

export const DonationRecord = lazy(() =>
  z.object({
    ...checkoutFields(),
    identifier: Identifier,
    missionId: z.number().check(z.int(), z.positive()),
    recurring: z.union([z.literal(0), z.literal(1)]),
    frequency: z.number(),
    /** Given without signing in (a one-time gift). */
    anonymous: z.boolean(),
  }),
);
export type DonationRecord = z.infer<typeof DonationRecord>;

export const CardUpdateRecord = lazy(() => z.object({ ...checkoutFields() }));
export type CardUpdateRecord = z.infer<typeof CardUpdateRecord>;

/** A change of the monthly amount, stored before going to its success page. */
export const ChangeSubscriptionRecord = lazy(() =>
  z.object({
    amount: z.number().check(z.positive()),
    currency: z.string(),
    at: z.number(),
  }),
);

/** The last payment failure, shown on the Payment Failed! page. */
export const PaymentErrorRecord = lazy(() =>
  z.object({ message: z.string().check(z.maxLength(1000)), at: z.number() }),
);

const CHECKOUT_RECORDS = ['credit', 'subscription', 'donation', 'card-update'] as const;
export type CheckoutRecordName = (typeof CHECKOUT_RECORDS)[number];

/** A payment waiting for confirmation (card authentication or an e-wallet). */
export const PaymentPendingRecord = lazy(() =>
  z.object({
    kind: z.enum(CHECKOUT_RECORDS),
    sessionId: z.string().check(z.minLength(1), z.maxLength(300)),
    method: PaymentMethodId,
    /** The success page's query, to come back to once confirmed. */
    query: z.optional(z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(300)))),
    tries: z.number().check(z.nonnegative()),
    at: z.number(),
  }),
);
export type PaymentPendingRecord = z.infer<typeof PaymentPendingRecord>;

/** A payment the pending page saw confirmed, for its success page (read by the kind's `result`). */
export const PaymentConfirmedRecord = lazy(() =>
  z.object({
    kind: z.enum(CHECKOUT_RECORDS),
    sessionId: z.string().check(z.minLength(1), z.maxLength(300)),
    result: z.unknown(),
    at: z.number(),
  }),
);

const SCHEMAS = {
  credit: CreditRecord,
  subscription: SubscriptionRecord,
  donation: DonationRecord,
  'card-update': CardUpdateRecord,
  'change-subscription': ChangeSubscriptionRecord,
  'payment-error': PaymentErrorRecord,
  'payment-pending': PaymentPendingRecord,
  'payment-confirmed': PaymentConfirmedRecord,
} as const;
export type RecordName = keyof typeof SCHEMAS;
export type RecordOf<K extends RecordName> = z.infer<(typeof SCHEMAS)[K]>;

export interface Records {
  read<K extends RecordName>(name: K): RecordOf<K> | null;
  write<K extends RecordName>(name: K, value: RecordOf<K>): void;
  clear(name: RecordName): void;
}

/** The payment records of one API host ('' for the page's own). */
export function createRecords(storage: KeyValueStore, apiBase: string): Records {
  const key = (name: RecordName) => paymentRecordKey(name, apiBase);
  return {
    read(name) {
      const text = storage.get(key(name));
      if (!text) return null;
      try {
        const parsed = SCHEMAS[name].safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data as never;
      } catch {
        /* not JSON */
      }
      storage.remove(key(name));
      return null;
    },
    write(name, value) {
      storage.set(key(name), JSON.stringify(value));
    },
    clear(name) {
      storage.remove(key(name));
    },
  };
}

/** A model's payment records: those of its element's API host. */
export const recordsOf = (deps: Pick<ModelDeps, 'storage' | 'api'>): Records =>
  createRecords(deps.storage, deps.api.base);

/** A fresh key for Idempotency-Key headers. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
