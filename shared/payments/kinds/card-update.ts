/**
 * A new card for the monthly membership, opened from the app; its result pages are blank. The
 * app's page shows nothing of its own, so a checkout that cannot start goes to the failed page.
 */
import { PaymentResult } from '../../api/credits';
import * as subscription from '../../api/subscription';
import { createdFrom, type CardUpdateDraft, type CheckoutKind, type StartFailure } from './kind';

const toFailedPage: StartFailure = { kind: 'go', route: 'UpdatePaymentFailedPage' };

export const cardUpdateCheckout: CheckoutKind<CardUpdateDraft> = {
  record: 'card-update',
  event: null,
  startRoute: 'UpdatePaymentPage',
  checkoutRoute: null,
  async create({ api, url }) {
    const failed = url('UpdatePaymentFailedPage');
    return createdFrom(
      await api.call(subscription.updatePaymentSession, {
        success_url: url('UpdatePaymentSuccessPage'),
        failed_url: failed,
        cancel_url: failed,
      }),
    );
  },
  result: PaymentResult,
  success: () => ({ name: 'UpdatePaymentSuccessPage' }),
  createRefused: () => toFailedPage,
  noHandOff: toFailedPage,
};
