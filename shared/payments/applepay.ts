/**
 * The device wallet (Apple Pay on the web): begin -> onvalidatemerchant (the API host validates
 * with Apple) -> the person authorises -> onpaymentauthorized (the API host charges) -> completePayment.
 */
import type { ApiClient } from '../api/client';
import { walletAvailable, type WalletSessionClass } from '../deps/deps';
import type { PaymentResult } from '../api/credits';
import { authorizeWalletPayment, validateMerchant } from '../api/wallet';
import '@messages/payments';
import { english, type Translate } from '../i18n/catalogue';

// Declared in deps.ts, which must not import this module.
export type { WalletSession, WalletSessionClass } from '../deps/deps';

export interface WalletPurchase {
  readonly label: string;
  readonly amount: number;
  readonly currency: string;
  readonly countryCode?: string | undefined;
  readonly identifier: string;
  readonly purchasefor: 1 | 2;
}

export type WalletOutcome =
  { kind: 'paid'; result: PaymentResult } | { kind: 'canceled' } | { kind: 'failed'; message: string };

/** Runs the wallet's sequence for a credit purchase. Must be called from a click. */
export function payWithDeviceWallet(
  api: ApiClient,
  Session: WalletSessionClass | null,
  purchase: WalletPurchase,
  t: Translate = english,
): Promise<WalletOutcome> {
  if (!Session || !walletAvailable(Session))
    return Promise.resolve({ kind: 'failed', message: t('payments.walletUnavailable') });
  const session = new Session(3, {
    countryCode: purchase.countryCode ?? 'US',
    currencyCode: purchase.currency,
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantCapabilities: ['supports3DS'],
    total: { label: purchase.label, amount: purchase.amount.toFixed(2) },
  });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WalletOutcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    session.onvalidatemerchant = (event) => {
      void api.call(validateMerchant, { validationUrl: event.validationURL }).then((result) => {
        let merchantSession: unknown = null;
        if (result.ok) {
          try {
            merchantSession = JSON.parse(result.data.data);
          } catch {
            /* not JSON */
          }
        }
        if (merchantSession === null || typeof merchantSession !== 'object') {
          session.abort();
          finish({ kind: 'failed', message: result.ok ? t('payments.walletInvalid') : result.error.message });
          return;
        }
        session.completeMerchantValidation(merchantSession);
      });
    };
    session.onpaymentauthorized = (event) => {
      void api
        .call(authorizeWalletPayment, {
          token: event.payment.token,
          identifier: purchase.identifier,
          purchasefor: purchase.purchasefor,
          amount: purchase.amount,
          currency: purchase.currency,
        })
        .then((result) => {
          const ok = result.ok && result.data.result_code === 'Authorised';
          session.completePayment({ status: ok ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE });
          if (ok && result.ok) finish({ kind: 'paid', result: result.data });
          else
            finish({
              kind: 'failed',
              message: result.ok ? (result.data.message ?? t('payments.failedFallback')) : result.error.message,
            });
        });
    };
    session.oncancel = () => finish({ kind: 'canceled' });
    session.begin();
  });
}
