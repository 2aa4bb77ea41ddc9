/**
 * Confirms a payment of any kind with its own call, and knows where each kind's success page is.
 * Later slices (membership, donations) add their kinds here.
 */
import { call } from '../api/client';
import * as credits from '../api/credits';
import * as subscription from '../api/subscription';
import { E_WALLETS } from './result';
import type { ApiResult } from '../api/errors';
import type { PaymentResult } from '../api/credits';
import type { Query, RouteName } from '../routing/routes';
import type { PaymentPendingRecord } from './records';

export function confirmPayment(record: PaymentPendingRecord): Promise<ApiResult<PaymentResult>> {
  switch (record.kind) {
    case 'credit':
      return call(credits.confirmCreditSession, { session_id: record.sessionId });
    case 'subscription':
      return E_WALLETS.has(record.method)
        ? call(subscription.confirmPaymongo, { source_id: record.sessionId })
        : call(subscription.confirmSubscription, { session_id: record.sessionId });
  }
}

/** The success page of a confirmed payment. */
export function successRouteFor(record: PaymentPendingRecord): { name: RouteName; query: Query } {
  switch (record.kind) {
    case 'credit':
      return { name: 'SuccessPage', query: { type: record.purchasefor === 2 ? 'other' : 'self', session_id: record.sessionId } };
    case 'subscription':
      return { name: 'SubscriptionSuccessPage', query: { session_id: record.sessionId, method: record.method } };
  }
}
