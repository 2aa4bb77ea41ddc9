import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';

// The module keeps one Stripe.js per page: each test gets the module anew, so none finds another's instance.
let loadStripeOnce: typeof import('./stripe').loadStripeOnce;
let mountEmbeddedCheckout: typeof import('./stripe').mountEmbeddedCheckout;
beforeEach(async () => {
  vi.resetModules();
  ({ loadStripeOnce, mountEmbeddedCheckout } = await import('./stripe'));
});

function fakeStripe() {
  const checkout = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };
  const stripe = { createEmbeddedCheckoutPage: vi.fn(async () => checkout) };
  return {
    stripe: stripe as unknown as Stripe,
    checkout,
    createEmbeddedCheckoutPage: stripe.createEmbeddedCheckoutPage,
  };
}

describe('Stripe embedded checkout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads Stripe.js once per key and mounts the checkout with the client secret', async () => {
    const { stripe, checkout, createEmbeddedCheckoutPage } = fakeStripe();
    const loader = vi.fn(async () => stripe);
    const container = {} as HTMLElement;
    const onComplete = vi.fn();
    await mountEmbeddedCheckout({
      publishableKey: 'pk_test',
      clientSecret: 'cs_secret',
      container,
      onComplete,
      loader,
    });
    await loadStripeOnce('pk_test', { loader });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith('pk_test');
    expect(createEmbeddedCheckoutPage).toHaveBeenCalledWith({ clientSecret: 'cs_secret', onComplete });
    expect(checkout.mount).toHaveBeenCalledWith(container);
  });

  it('gives up after its own timeout when the script never answers, and tries again next time', async () => {
    vi.useFakeTimers();
    const never = vi.fn(() => new Promise<Stripe | null>(() => {}));
    const attempt = loadStripeOnce('pk_test', { loader: never, timeoutMs: 1000 });
    const assertion = expect(attempt).rejects.toThrow('did not load in time');
    await vi.advanceTimersByTimeAsync(1001);
    await assertion;
    const { stripe } = fakeStripe();
    await expect(loadStripeOnce('pk_test', { loader: async () => stripe })).resolves.toBe(stripe);
  });

  it('reports a failed or empty load', async () => {
    await expect(loadStripeOnce('pk_a', { loader: async () => Promise.reject(new Error('offline')) })).rejects.toThrow(
      'offline',
    );
    await expect(loadStripeOnce('pk_b', { loader: async () => null })).rejects.toThrow('not available');
  });
});
