/**
 * Stripe's embedded checkout. Stripe.js loads at the checkout step only ('/pure' does not inject
 * it on import), once, with a timeout (offline, it would pend forever); a failed load is retried.
 */
import type { Stripe, StripeEmbeddedCheckout } from '@stripe/stripe-js';

export type StripeLoader = (key: string) => Promise<Stripe | null>;

const defaultLoader: StripeLoader = async (key) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(key);
};

let pending: { key: string; promise: Promise<Stripe> } | null = null;

export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

export function loadStripeOnce(
  key: string,
  options: { loader?: StripeLoader; timeoutMs?: number } = {},
): Promise<Stripe> {
  if (pending && pending.key === key) return pending.promise;
  const loader = options.loader ?? defaultLoader;
  const timeoutMs = options.timeoutMs ?? STRIPE_LOAD_TIMEOUT_MS;
  const promise = new Promise<Stripe>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Stripe.js did not load in time.')), timeoutMs);
    loader(key).then(
      (stripe) => {
        clearTimeout(timer);
        if (stripe) resolve(stripe);
        else reject(new Error('Stripe.js is not available here.'));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  pending = { key, promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = null;
  });
  return promise;
}

/** Mounts Stripe's embedded checkout for a session's client secret into a container. */
export async function mountEmbeddedCheckout(options: {
  publishableKey: string;
  clientSecret: string;
  container: HTMLElement;
  onComplete: () => void;
  loader?: StripeLoader;
  timeoutMs?: number;
}): Promise<StripeEmbeddedCheckout> {
  const stripe = await loadStripeOnce(options.publishableKey, { loader: options.loader, timeoutMs: options.timeoutMs });
  const checkout = await stripe.createEmbeddedCheckoutPage({
    clientSecret: options.clientSecret,
    onComplete: options.onComplete,
  });
  checkout.mount(options.container);
  return checkout;
}
