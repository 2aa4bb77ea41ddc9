/**
 * A payment page with no payment of its kind to finish goes on at once, where the route table says
 * (shared/routing/routes.ts WITHOUT_PAYMENT): engine.ts and pending.ts as they read the stored records whole, and
 * route.js (host/boot/plan.ts) before any code comes, from the first paint, reading only whether a record is there.
 */
import { WITHOUT_PAYMENT, type Query, type RouteName } from '../routing/routes';
import type { RecordName } from './records';

/** Where a payment page goes when the address has no `session_id` and none of its records is `stored`; else null. */
export function goesWithoutPayment(
  route: RouteName | null,
  query: Query,
  stored: (record: RecordName) => boolean,
): RouteName | null {
  const page = route && WITHOUT_PAYMENT[route];
  return page && !('session_id' in query) && !page.records.some(stored) ? page.goes : null;
}
