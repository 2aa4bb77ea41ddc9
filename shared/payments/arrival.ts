/**
 * Where a payment page with no payment of its kind to finish goes at once (a bookmark, history,
 * Back from a finished checkout), written once for engine.ts, pending.ts and host/route.ts (which
 * shows that page from the first paint). Type imports only, so route.js can carry it.
 */
import type { Query, RouteName } from '../routing/routes';
import type { RecordName } from './records';

interface WithoutPayment {
  /** The records whose presence means there may be a payment to finish here. */
  readonly records: readonly RecordName[];
  /** Where the page goes when there is none. */
  readonly goes: RouteName;
}

export const WITHOUT_PAYMENT: Partial<Record<RouteName, WithoutPayment>> = {
  SuccessPage: { records: ['credit'], goes: 'HomePage' },
  SubscriptionSuccessPage: { records: ['subscription'], goes: 'HomePage' },
  DonationsSuccessPage: { records: ['donation'], goes: 'HomePage' },
  UpdatePaymentSuccessPage: { records: ['card-update'], goes: 'HomePage' },
  ResultPendingPage: { records: ['payment-pending'], goes: 'HomePage' },
  CheckoutPage: { records: ['credit'], goes: 'TopUpPage' },
  SubscriptionCheckoutPage: { records: ['subscription'], goes: 'SubscribePage' },
};

/** Where a payment page goes when the address has no `session_id` and none of its records is `stored`; else null. */
export function goesWithoutPayment(
  route: RouteName | null,
  query: Query,
  stored: (record: RecordName) => boolean,
): RouteName | null {
  const page = route && WITHOUT_PAYMENT[route];
  return page && !('session_id' in query) && !page.records.some(stored) ? page.goes : null;
}
