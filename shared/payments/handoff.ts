/**
 * Sends the person to pay for a created session: by redirect to a hosted checkout, or by
 * mounting Stripe's embedded checkout (Stripe.js loaded only now). Shared by every payment kind.
 */
import { handOffFor } from './checkout';
import { mountEmbeddedCheckout } from './stripe';

export type HandOffResult = 'redirected' | 'embedded' | 'error';

export async function handOff(
  session: { sessionId?: string | undefined; checkoutUrl?: string | undefined; clientSecret?: string | undefined },
  options: {
    container: () => HTMLElement | null;
    /** The publishable key, fetched only for embedded checkout. */
    publishableKey: () => Promise<string | null>;
    onComplete: () => void;
    label: string;
  },
): Promise<HandOffResult> {
  const decision = handOffFor({ checkout_url: session.checkoutUrl, client_secret: session.clientSecret });
  if (decision.kind === 'redirect') {
    window.location.assign(decision.url);
    return 'redirected';
  }
  if (decision.kind === 'embedded') {
    const key = await options.publishableKey();
    const target = options.container();
    if (!key || !target) {
      console.error(`[${options.label}] Could not start the embedded checkout: ${key ? 'no container' : 'no publishable key'}`);
      return 'error';
    }
    try {
      await mountEmbeddedCheckout({ publishableKey: key, clientSecret: decision.clientSecret, container: target, onComplete: options.onComplete });
      return 'embedded';
    } catch (error) {
      console.error(`[${options.label}] Stripe checkout failed`, error);
      return 'error';
    }
  }
  console.error(`[${options.label}] The payment session has neither a trusted checkout URL nor a client secret`, session.sessionId);
  return 'error';
}
