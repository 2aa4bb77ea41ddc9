// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../config/config';
import { handOffFor, isTrustedCheckoutUrl, portalUrlFor } from './checkout';

describe('checkout hand-off', () => {
  afterEach(() => {
    config.apiBase.value = '';
    config.portalUrl.value = '';
  });

  it('builds return URLs on the portal, keeping Stripe’s session template literal', () => {
    const url = portalUrlFor('SuccessPage', { type: 'self', session_id: '{CHECKOUT_SESSION_ID}' });
    expect(url).toBe(`${location.origin}${location.pathname}#/success?type=self&session_id={CHECKOUT_SESSION_ID}`);
    config.portalUrl.value = 'https://portal.example.org/';
    expect(portalUrlFor('TopUpPage')).toBe('https://portal.example.org/#/top-up');
  });

  it('trusts only this origin, the API host and Stripe checkout', () => {
    expect(isTrustedCheckoutUrl(`${location.origin}/sandbox/checkout/cs_1`)).toBe(true);
    expect(isTrustedCheckoutUrl('/sandbox/checkout/cs_1')).toBe(true);
    expect(isTrustedCheckoutUrl('https://checkout.stripe.com/c/pay/cs_1')).toBe(true);
    expect(isTrustedCheckoutUrl('https://evil.example/pay')).toBe(false);
    expect(isTrustedCheckoutUrl('javascript:alert(1)')).toBe(false);
    expect(isTrustedCheckoutUrl(`https://user@checkout.stripe.com/x`)).toBe(false);
    expect(isTrustedCheckoutUrl('http://checkout.stripe.com/x')).toBe(false);
    config.apiBase.value = 'https://api.example.org';
    expect(isTrustedCheckoutUrl('https://api.example.org/sandbox/checkout/cs_1')).toBe(true);
  });

  it('redirects by URL, embeds by client secret, and refuses anything else', () => {
    expect(handOffFor({ checkout_url: '/sandbox/checkout/cs_1' })).toEqual({ kind: 'redirect', url: `${location.origin}/sandbox/checkout/cs_1` });
    expect(handOffFor({ client_secret: 'cs_secret' })).toEqual({ kind: 'embedded', clientSecret: 'cs_secret' });
    expect(handOffFor({ checkout_url: 'https://evil.example/' })).toEqual({ kind: 'invalid' });
    expect(handOffFor({})).toEqual({ kind: 'invalid' });
  });
});
