/** A premium membership: monthly, or one-time for some months (by card, wechat or a Philippine e-wallet). */
import { PaymentResult } from '../../api/credits';
import * as subscription from '../../api/subscription';
import { E_WALLETS, WECHAT } from '../methods';
import { SESSION_ID, createdFrom, type CheckoutKind, type SubscriptionDraft } from './kind';

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
      const body = {
        type: d.method,
        currency: 'PHP' as const,
        amount: d.amount,
        interval,
        identifier,
        success_url,
        failed_url,
      };
      const result = await api.call(subscription.createPaymongoSource, body, { idempotencyKey: d.idempotencyKey });
      return result.ok
        ? { ...result, data: { id: result.data.data.id, checkoutUrl: result.data.checkout_url } }
        : result;
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
    const contract =
      d.method === WECHAT ? subscription.createSubscriptionWechatSession : subscription.createSubscriptionSession;
    return createdFrom(await api.call(contract, body, { idempotencyKey: d.idempotencyKey }));
  },
  confirm: ({ api }, sessionId, method) =>
    E_WALLETS.has(method)
      ? api.call(subscription.confirmPaymongo, { source_id: sessionId })
      : api.call(subscription.confirmSubscription, { session_id: sessionId }),
  result: PaymentResult,
  success: (sessionId, method) => ({ name: 'SubscriptionSuccessPage', query: { session_id: sessionId, method } }),
};
