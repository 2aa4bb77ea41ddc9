/**
 * A payment page a signed-in member arrives at with no payment of its kind to finish goes on at once: a success page
 * with nothing to confirm, and the pending page with nothing waiting, to the dashboard; a checkout page with no
 * unfinished checkout, to where that payment starts. (A bookmark, the browser's history, Back from a finished
 * checkout.)
 *
 * Where each goes is written here once. The checkout machine (engine.ts) and the pending page (pending.ts) decide, as
 * they read the stored records whole; the portal's first script (host/route.ts) reads only whether a record is there,
 * before any code comes, and where the address holds no payment (`session_id`) and storage none of the page's records,
 * shows the page it goes to from the first paint instead of the payment page's shell, which would be replaced a
 * second later. It imports nothing but types, so route.js can carry it.
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

/**
 * Where a payment page goes at once, seen before any code comes: when the address holds no payment and `stored` (is a
 * record of that name in storage, read or not) says none of the page's records is there; else null, and the page's
 * own code decides.
 */
export function goesWithoutPayment(
  route: RouteName | null,
  query: Query,
  stored: (record: RecordName) => boolean,
): RouteName | null {
  const page = route && WITHOUT_PAYMENT[route];
  return page && !('session_id' in query) && !page.records.some(stored) ? page.goes : null;
}
