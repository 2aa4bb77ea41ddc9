/**
 * The kinds of checkout, each saying only what differs: what to create, how to confirm it, and
 * where the person comes back to. The steps themselves (create, hand off, come back, confirm,
 * pending, failure) are written once in engine.ts.
 *
 * - credit: a credit top-up, for oneself or as a gift (purchasefor 1 or 2);
 * - subscription: a premium membership, monthly (recurring 1) or one-time for some months;
 * - donation: a gift to a mission, one-time or monthly;
 * - card-update: a new card for the monthly membership (opened from the app).
 * The device wallet is a payment method (see methods.ts), not a kind.
 */
import type { ApiClient } from '../api/client';
import * as credits from '../api/credits';
import type { PaymentResult } from '../api/credits';
import * as donations from '../api/donations';
import type { ApiResult } from '../api/errors';
import { TABLE_PAGE_SIZE, donationHistory } from '../api/history';
import * as subscription from '../api/subscription';
import { formatCredits } from '../format/money';
import type { Query, RouteName } from '../routing/routes';
import type { WalletPurchase } from './applepay';
import { E_WALLETS, WECHAT } from './methods';
import type { CardUpdateRecord, CheckoutRecordName, CreditRecord, DonationRecord, SubscriptionRecord } from './records';

/** A created checkout session: the hosted checkout's address, or the client secret of an embedded one. */
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
}

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
  /** Asks the API host whether the session was paid; kinds without it count as confirmed by their return. */
  confirm?(ctx: KindContext, sessionId: string, method: string): Promise<ApiResult<R>>;
  /** Where a confirmed payment is shown. */
  success(sessionId: string, method: string, draft: D | null): Destination;
  /** What the device wallet charges, for kinds that take it. */
  wallet?(draft: D): WalletPurchase;
}

type Draft<T> = Omit<T, 'idempotencyKey' | 'sessionId' | 'checkoutUrl' | 'clientSecret' | 'createdAt'>;
export type CreditDraft = Draft<CreditRecord>;
export type SubscriptionDraft = Draft<SubscriptionRecord>;
export type DonationDraft = Draft<DonationRecord>;
export type CardUpdateDraft = Draft<CardUpdateRecord>;

const session = (result: ApiResult<credits.CheckoutSession>): ApiResult<Created> =>
  result.ok ? { ...result, data: { id: result.data.id, checkoutUrl: result.data.checkout_url ?? undefined, clientSecret: result.data.client_secret ?? undefined } } : result;

export const creditCheckout: CheckoutKind<CreditDraft> = {
  record: 'credit',
  event: 'credit',
  startRoute: 'TopUpPage',
  checkoutRoute: 'CheckoutPage',
  async create({ api, url }, d) {
    const type = d.purchasefor === 2 ? 'other' : 'self';
    const body = {
      currency: d.currency,
      amount: d.amount,
      credit: d.credits,
      identifier: d.identifier,
      purchasefor: d.purchasefor,
      method: d.method,
      success_url: url('SuccessPage', { type, session_id: SESSION_ID }),
      cancel_url: url('TopUpPage', { canceled: SESSION_ID }),
    };
    return session(await api.call(d.method === WECHAT ? credits.createCreditWechatSession : credits.createCreditSession, body, { idempotencyKey: d.idempotencyKey }));
  },
  confirm: ({ api }, sessionId) => api.call(credits.confirmCreditSession, { session_id: sessionId }),
  success: (sessionId, _method, d) => ({ name: 'SuccessPage', query: { type: d?.purchasefor === 2 ? 'other' : 'self', session_id: sessionId } }),
  wallet: (d) => ({ label: formatCredits(d.credits), amount: d.amount, currency: d.currency, identifier: d.identifier, purchasefor: d.purchasefor, countryCode: d.country }),
};

export const subscriptionCheckout: CheckoutKind<SubscriptionDraft> = {
  record: 'subscription',
  event: 'subscription',
  startRoute: 'SubscribePage',
  checkoutRoute: 'SubscriptionCheckoutPage',
  async create({ api, url }, d) {
    const identifier = subscription.planIdentifier(d.identifier);
    const success_url = url('SubscriptionSuccessPage', { session_id: SESSION_ID });
    const interval = d.interval ?? 1;
    if (E_WALLETS.has(d.method)) {
      const failed_url = url('SubscriptionSuccessPage', { session_id: SESSION_ID, method: d.method });
      const body = { type: d.method, currency: 'PHP' as const, amount: d.amount, interval, identifier, success_url, failed_url };
      const result = await api.call(subscription.createPaymongoSource, body, { idempotencyKey: d.idempotencyKey });
      return result.ok ? { ...result, data: { id: result.data.data.id, checkoutUrl: result.data.checkout_url } } : result;
    }
    const body = {
      currency: d.currency,
      amount: d.amount,
      identifier,
      recurring: d.recurring,
      success_url,
      cancel_url: url('SubscribePage', { canceled: SESSION_ID }),
      ...(d.recurring === 0 ? { interval } : {}),
    };
    const contract = d.method === WECHAT ? subscription.createSubscriptionWechatSession : subscription.createSubscriptionSession;
    return session(await api.call(contract, body, { idempotencyKey: d.idempotencyKey }));
  },
  confirm: ({ api }, sessionId, method) =>
    E_WALLETS.has(method) ? api.call(subscription.confirmPaymongo, { source_id: sessionId }) : api.call(subscription.confirmSubscription, { session_id: sessionId }),
  success: (sessionId, method) => ({ name: 'SubscriptionSuccessPage', query: { session_id: sessionId, method } }),
};

/** A confirmed gift, as the donation history recorded it. */
export interface DonationResult extends PaymentResult {
  readonly amount: number;
  readonly currency: string;
  readonly organization: string;
}

const DONATION_LOOKUPS = 4;
const DONATION_LOOKUP_DELAY_MS = 800;

export const donationCheckout: CheckoutKind<DonationDraft, DonationResult> = {
  record: 'donation',
  event: 'donation',
  startRoute: 'DonationsPage',
  checkoutRoute: null,
  async create({ api, url }, d) {
    const mission = String(d.missionId);
    const body = {
      currency: d.currency,
      amount: d.amount,
      identifier: d.identifier,
      donation_id: d.missionId,
      recurring: d.recurring,
      frequency: d.frequency,
      success_url: d.anonymous ? url('DonationPageAnon', { _d: mission, thanks: SESSION_ID }) : url('DonationsSuccessPage', { session_id: SESSION_ID, _d: mission }),
      cancel_url: url(d.anonymous ? 'DonationPageAnon' : 'DonationsPage', { _d: mission }),
    };
    return session(await api.call(d.anonymous ? donations.createAnonymousDonationSession : donations.createDonationSession, body, { idempotencyKey: d.idempotencyKey }));
  },
  /** A gift is confirmed when the donation history holds it (what the provider's webhook recorded). */
  async confirm({ api, wait }, sessionId) {
    for (let attempt = 1; ; attempt += 1) {
      const result = await api.call(donationHistory, { per_page: TABLE_PAGE_SIZE, page: 1 });
      if (!result.ok) return result;
      const row = result.data.data.find((r) => r.stripe_charge_id === sessionId);
      if (row) {
        const data = { result_code: 'Authorised', amount: row.final_price, currency: row.final_currency, organization: row.donation[0]?.organization ?? '' };
        return { ok: true, data, message: result.message };
      }
      if (attempt >= DONATION_LOOKUPS) return { ok: true, data: { result_code: 'Pending', amount: 0, currency: '', organization: '' }, message: '' };
      await wait(DONATION_LOOKUP_DELAY_MS);
    }
  },
  success: (sessionId) => ({ name: 'DonationsSuccessPage', query: { session_id: sessionId } }),
};

export const cardUpdateCheckout: CheckoutKind<CardUpdateDraft> = {
  record: 'card-update',
  event: null,
  startRoute: 'UpdatePaymentPage',
  checkoutRoute: null,
  async create({ api, url }) {
    const failed = url('UpdatePaymentFailedPage');
    return session(await api.call(subscription.updatePaymentSession, { success_url: url('UpdatePaymentSuccessPage'), failed_url: failed, cancel_url: failed }));
  },
  success: () => ({ name: 'UpdatePaymentSuccessPage' }),
};

/** Every kind by its record name (the pending page confirms whichever kind is waiting). */
export const CHECKOUT_KINDS: { readonly [K in CheckoutRecordName]: CheckoutKind<never, PaymentResult> } = {
  credit: creditCheckout,
  subscription: subscriptionCheckout,
  donation: donationCheckout,
  'card-update': cardUpdateCheckout,
};

