/** Every kind of checkout by its record name (the pending page confirms whichever kind is waiting). */
import type { PaymentResult } from '../../api/credits';
import type { CheckoutRecordName } from '../records';
import { cardUpdateCheckout } from './card-update';
import { creditCheckout } from './credit';
import { donationCheckout } from './donation';
import type { CheckoutKind } from './kind';
import { subscriptionCheckout } from './subscription';

export const CHECKOUT_KINDS: { readonly [K in CheckoutRecordName]: CheckoutKind<never, PaymentResult> } = {
  credit: creditCheckout,
  subscription: subscriptionCheckout,
  donation: donationCheckout,
  'card-update': cardUpdateCheckout,
};
