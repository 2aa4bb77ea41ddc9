/** A new card for the monthly membership, opened from the app; its result pages are blank. */
import * as subscription from '../../api/subscription';
import { createdFrom, type CardUpdateDraft, type CheckoutKind } from './kind';

export const cardUpdateCheckout: CheckoutKind<CardUpdateDraft> = {
  record: 'card-update',
  event: null,
  startRoute: 'UpdatePaymentPage',
  checkoutRoute: null,
  async create({ api, url }) {
    const failed = url('UpdatePaymentFailedPage');
    return createdFrom(await api.call(subscription.updatePaymentSession, { success_url: url('UpdatePaymentSuccessPage'), failed_url: failed, cancel_url: failed }));
  },
  success: () => ({ name: 'UpdatePaymentSuccessPage' }),
};
