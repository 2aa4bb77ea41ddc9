// @vitest-environment node
/**
 * The sandbox's own pages (the payment pages, the helpers at /sandbox) are isolated like the portal's: a browsing
 * context group of their own (COOP) and only the browser features the portal uses (Permissions-Policy), the values of
 * core/portal-headers.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, PORTAL_PAGE } from '../../sandbox/core/portal-headers';
import { startSandbox } from '../../sandbox/test-support';

const sb = await startSandbox();
afterAll(() => sb.stop());
const [listener] = await sb.signIn('grace');

function expectIsolated(headers: Headers, what: string) {
  expect(headers.get('cross-origin-opener-policy'), what).toBe(PORTAL_PAGE['Cross-Origin-Opener-Policy']);
  expect(headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
}

describe('the sandbox’s pages send COOP and Permissions-Policy', () => {
  it('the card and e-wallet payment pages, open or not found', async () => {
    const { checkout_url } = await sb.checkout(listener);
    const page = await sb.get(new URL(checkout_url).pathname);
    expect(page.status).toBe(200);
    expectIsolated(page.headers, checkout_url);
    const missing = await sb.get('/sandbox/checkout/cs_missing');
    expectIsolated(missing.headers, 'not found');
  });

  it('the helpers at /sandbox', async () => {
    for (const path of ['/sandbox', '/sandbox/mail']) {
      const page = await sb.get(path);
      expect(page.status, path).toBe(200);
      expectIsolated(page.headers, path);
    }
  });
});
