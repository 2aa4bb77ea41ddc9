/** A credit top-up, for oneself or as a gift (a redemption code). */
import * as credits from '../../api/credits';
import { formatCredits } from '../../format/money';
import { WECHAT } from '../methods';
import { SESSION_ID, createdFrom, type CheckoutKind, type CreditDraft } from './kind';

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
    return createdFrom(
      await api.call(d.method === WECHAT ? credits.createCreditWechatSession : credits.createCreditSession, body, {
        idempotencyKey: d.idempotencyKey,
      }),
    );
  },
  confirm: ({ api }, sessionId) => api.call(credits.confirmCreditSession, { session_id: sessionId }),
  result: credits.PaymentResult,
  success: (sessionId, _method, d) => ({
    name: 'SuccessPage',
    query: { type: d?.purchasefor === 2 ? 'other' : 'self', session_id: sessionId },
  }),
  // The wallet's sheet names what is bought in the element's language ('50 créditos'), as the catalogue says it.
  wallet: (d, t) => ({
    label: formatCredits(d.credits, t),
    amount: d.amount,
    currency: d.currency,
    identifier: d.identifier,
    purchasefor: d.purchasefor,
    countryCode: d.country,
  }),
};
