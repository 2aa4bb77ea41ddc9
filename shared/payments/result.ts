/** What a payment result means for the person (outcomeOf); a call that did not get through is retried. */
import type { ApiResult } from '../api/errors';
import type { PaymentResult } from '../api/credits';
import '@messages/payments';
import { english, type Translate } from '../i18n/catalogue';

export type PaymentOutcome =
  | { readonly kind: 'confirmed'; readonly result: PaymentResult }
  | { readonly kind: 'pending'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string }
  /** The call itself failed (network, server error): keep everything and offer a retry. */
  | { readonly kind: 'retry'; readonly message: string };

/** Authorised -> confirmed; Pending or Received -> pending; Refused or anything else -> failed. */
export function outcomeOf(result: ApiResult<PaymentResult>, t: Translate = english): PaymentOutcome {
  if (!result.ok) {
    const { status, message, errorCode } = result.error;
    // The Philippine provider has not confirmed yet: still waiting, not failed.
    if (errorCode === 'error-paymongo-confirm' && status === 400) return { kind: 'pending', message };
    // A success page without a payment confirmation goes to the failed page with the server message.
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429)
      return { kind: 'failed', message };
    return { kind: 'retry', message };
  }
  const { result_code: code, message } = result.data;
  if (code === 'Authorised') return { kind: 'confirmed', result: result.data };
  if (code === 'Pending' || code === 'Received') return { kind: 'pending', message: message ?? '' };
  return { kind: 'failed', message: message || t('payments.failedFallback') };
}

/** E-wallet payments waiting for confirmation are checked every 5 s, 12 times at most. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_MAX_TRIES = 12;
/** A confirmed payment shows its success after half a second; a cancelled one goes home after a second. */
export const SUCCESS_REDIRECT_MS = 500;
export const CANCEL_REDIRECT_MS = 1000;
