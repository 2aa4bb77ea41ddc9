/**
 * A payment page a signed-in member arrives at with no payment of its kind to finish goes on at once, where the route
 * table says (shared/routing/routes.ts WITHOUT_PAYMENT). The checkout machine (engine.ts) and the pending page
 * (pending.ts) decide as they read the stored records whole; the portal's first script (host/boot/plan.ts) reads only
 * whether a record is there, before any code comes, and where the address holds no payment (`session_id`) and storage
 * none of the page's records, shows the page it goes to from the first paint instead of the payment page's shell,
 * which would be replaced a second later.
 */
import { WITHOUT_PAYMENT, type Query, type RouteName } from '../routing/routes';
import type { RecordName } from './records';

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
