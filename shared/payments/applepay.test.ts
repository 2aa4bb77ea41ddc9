// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { browserWallet, walletAvailable } from '../deps/deps';
import { payWithDeviceWallet as pay, type WalletPurchase, type WalletSession } from './applepay';

const api = createApiClient({ base: '', authorization: () => 'Bearer t', onUnauthorized: () => {} });
const payWithDeviceWallet = (purchase: WalletPurchase) => pay(api, browserWallet(), purchase);
const deviceWalletAvailable = () => walletAvailable(browserWallet());

/** A fake ApplePaySession that plays the wallet's sequence. */
function installFakeWallet(options: { canPay?: boolean; cancel?: boolean } = {}) {
  const calls: string[] = [];
  const instances: FakeSession[] = [];
  class FakeSession implements WalletSession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments() {
      return options.canPay ?? true;
    }
    onvalidatemerchant: WalletSession['onvalidatemerchant'] = null;
    onpaymentauthorized: WalletSession['onpaymentauthorized'] = null;
    oncancel: WalletSession['oncancel'] = null;
    constructor(
      public version: number,
      public request: unknown,
    ) {
      instances.push(this);
    }
    begin() {
      calls.push('begin');
      setTimeout(() =>
        this.onvalidatemerchant?.({
          validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        }),
      );
    }
    abort() {
      calls.push('abort');
    }
    completeMerchantValidation(merchantSession: unknown) {
      calls.push(`validated:${JSON.stringify(merchantSession)}`);
      setTimeout(() => {
        if (options.cancel) this.oncancel?.({});
        else
          this.onpaymentauthorized?.({
            payment: { token: { paymentData: { data: 'x' }, transactionIdentifier: 'tx-1' } },
          });
      });
    }
    completePayment(result: { status: number } | number) {
      calls.push(`complete:${typeof result === 'number' ? result : result.status}`);
    }
  }
  (globalThis as { ApplePaySession?: unknown }).ApplePaySession = FakeSession;
  return {
    calls,
    get instance() {
      return instances.at(-1) ?? null;
    },
  };
}

const purchase = {
  label: '100 Credits',
  amount: 10,
  currency: 'USD',
  countryCode: 'US',
  identifier: 'credits_100',
  purchasefor: 1 as const,
};

describe('device wallet', () => {
  afterEach(() => {
    delete (globalThis as { ApplePaySession?: unknown }).ApplePaySession;
    vi.unstubAllGlobals();
  });

  it('is absent where the browser does not offer it', () => {
    expect(deviceWalletAvailable()).toBe(false);
    installFakeWallet({ canPay: false });
    expect(deviceWalletAvailable()).toBe(false);
    installFakeWallet();
    expect(deviceWalletAvailable()).toBe(true);
  });

  it('validates the merchant, authorises the payment and completes it', async () => {
    const wallet = installFakeWallet();
    const bodies: Record<string, unknown> = {};
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      bodies[url] = JSON.parse(String(init.body));
      const data = url.endsWith('/validate')
        ? { data: JSON.stringify({ merchantSessionIdentifier: 'm-1' }) }
        : { result_code: 'Authorised', message: 'ok', credit_balance: 220 };
      return new Response(JSON.stringify({ status: 200, message: '', data }), { status: 200 });
    });
    const outcome = await payWithDeviceWallet(purchase);
    expect(outcome).toEqual({
      kind: 'paid',
      result: { result_code: 'Authorised', message: 'ok', credit_balance: 220 },
    });
    expect(wallet.calls).toEqual(['begin', 'validated:{"merchantSessionIdentifier":"m-1"}', 'complete:0']);
    expect(bodies['/webclient/apple-pay/validate']).toEqual({
      validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    });
    expect(bodies['/webclient/apple-pay/authPayment']).toMatchObject({
      identifier: 'credits_100',
      purchasefor: 1,
      amount: 10,
      currency: 'USD',
      token: { transactionIdentifier: 'tx-1' },
    });
    expect((wallet.instance as unknown as { request: { total: unknown } }).request.total).toEqual({
      label: '100 Credits',
      amount: '10.00',
    });
  });

  it('aborts on a malformed merchant session', async () => {
    const wallet = installFakeWallet();
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 200, message: '', data: { data: 'not json' } }), { status: 200 }),
    );
    expect(await payWithDeviceWallet(purchase)).toEqual({
      kind: 'failed',
      message: 'The wallet could not be validated.',
    });
    expect(wallet.calls).toContain('abort');
  });

  it('reports a refused payment and a cancel', async () => {
    const wallet = installFakeWallet();
    vi.stubGlobal('fetch', async (url: string) => {
      const data = url.endsWith('/validate')
        ? { data: '{"m":1}' }
        : { result_code: 'Refused', message: 'Your card was declined.' };
      return new Response(JSON.stringify({ status: 200, message: '', data }), { status: 200 });
    });
    expect(await payWithDeviceWallet(purchase)).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(wallet.calls).toContain('complete:1');
    installFakeWallet({ cancel: true });
    expect(await payWithDeviceWallet(purchase)).toEqual({ kind: 'canceled' });
  });
});
