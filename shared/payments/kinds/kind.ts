/**
 * What a kind of checkout says (what to create, how to confirm, where to return, what a failed
 * start does); the steps are ../engine.ts. Kinds: credit.ts, subscription.ts, donation.ts and
 * card-update.ts. The device wallet is a payment method (../methods.ts), not a kind.
 */
import type * as z from 'zod/mini';
import type { ApiClient } from '../../api/client';
import type { CheckoutSession, PaymentResult } from '../../api/credits';
import type { ApiError, ApiResult } from '../../api/errors';
import type { Translate } from '../../i18n/catalogue';
import type { Query, RouteName } from '../../routing/routes';
import type { WalletPurchase } from '../applepay';
import type { PaymentDialog } from '../prompts';
import type {
  CardUpdateRecord,
  CheckoutRecordName,
  CreditRecord,
  DonationRecord,
  SubscriptionRecord,
} from '../records';

/** A created session: a hosted checkout's address, or an embedded one's client secret. */
export interface Created {
  readonly id: string;
  readonly checkoutUrl?: string | undefined;
  readonly clientSecret?: string | undefined;
}

export interface Destination {
  readonly name: RouteName;
  readonly query?: Query;
}

/** The literal the payment provider replaces with the session id in return addresses. */
export const SESSION_ID = '{CHECKOUT_SESSION_ID}';

export interface KindContext {
  readonly api: ApiClient;
  /** Absolute address of a portal route, for return addresses. */
  readonly url: (name: RouteName, query?: Query) => string;
  readonly wait: (ms: number) => Promise<void>;
  readonly signedIn: boolean;
  /** The messages of the element's language. */
  readonly t: Translate;
}

/** What a checkout that could not start does. */
export type StartFailure =
  /** The checkout page's retry, keeping the draft and its Idempotency-Key. */
  | { readonly kind: 'retry' }
  /** A dialog says so; `forget` drops the draft, so the next try gets a new key. */
  | { readonly kind: 'tell'; readonly dialog: PaymentDialog; readonly forget?: boolean }
  /** The person is sent to a page that says so. */
  | { readonly kind: 'go'; readonly route: RouteName };

export interface CheckoutKind<D, R extends PaymentResult = PaymentResult> {
  /** The record its unfinished checkout is kept under. */
  readonly record: CheckoutRecordName;
  /** The kind named in the `sm-payment-completed` event. */
  readonly event: 'credit' | 'subscription' | 'donation' | null;
  /** Where the flow starts (the unfinished-checkout warning shows there). */
  readonly startRoute: RouteName;
  /** The page that hands the person to the checkout; null hands off in place. */
  readonly checkoutRoute: RouteName | null;
  create(ctx: KindContext, draft: D & { readonly idempotencyKey: string }): Promise<ApiResult<Created>>;
  /** Asks whether the session was paid; without it, the return confirms. */
  confirm?(ctx: KindContext, sessionId: string, method: string): Promise<ApiResult<R>>;
  /** A confirmed result's shape, for the one the pending page hands the success page in storage. */
  readonly result: z.ZodMiniType<R>;
  /** Where a confirmed payment is shown. */
  success(sessionId: string, method: string, draft: D | null): Destination;
  /** The session was refused. Left out: a retry. */
  createRefused?(error: ApiError, ctx: KindContext): StartFailure;
  /** The session came without a way to pay here. Left out: a dialog says so. */
  readonly noHandOff?: Exclude<StartFailure, { readonly kind: 'retry' }>;
  /** What the device wallet charges, for kinds that take it. */
  wallet?(draft: D, t: Translate): WalletPurchase;
}

type Draft<T> = Omit<T, 'idempotencyKey' | 'sessionId' | 'checkoutUrl' | 'clientSecret' | 'createdAt'>;
export type CreditDraft = Draft<CreditRecord>;
export type SubscriptionDraft = Draft<SubscriptionRecord>;
export type DonationDraft = Draft<DonationRecord>;
export type CardUpdateDraft = Draft<CardUpdateRecord>;

/** A created session as the engine keeps it. */
export const createdFrom = (result: ApiResult<CheckoutSession>): ApiResult<Created> =>
  result.ok
    ? {
        ...result,
        data: {
          id: result.data.id,
          checkoutUrl: result.data.checkout_url ?? undefined,
          clientSecret: result.data.client_secret ?? undefined,
        },
      }
    : result;
