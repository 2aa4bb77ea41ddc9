// @vitest-environment node
// The portal on its own origin, the sandbox as the API on another (the production shape: sandbox/production.ts). The
// payment pages' forms, and the redirects that answer them, may lead back to every origin a session may return to
// (the portal's and the allowed ones) and to no other; the pages and the banners are on the sandbox's own address.
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, CSP } from '../../core/csp.js';
import { creditOrder, startSandbox } from '../../test-support.js';

const PORTAL = 'https://portal.example.org';
const BLOG = 'https://blog.example.org';
const API = 'https://api.example.org';
const RETURNS = `form-action 'self' ${PORTAL} ${BLOG}`;

const sb = await startSandbox({
  portalUrl: `${PORTAL}/`,
  sandboxUrl: `${API}/`,
  distDir: null,
  // What a policy must never take in: values that are not origins (a directive smuggled in, an opaque origin).
  allowedOrigins: [BLOG, "http://x.test; script-src 'unsafe-inline'", 'null', `${BLOG}/path`],
});
afterAll(() => sb.stop());
const [grace, maria] = await sb.signIn('grace', 'maria');

const create = (token: string, overrides: Record<string, unknown> = {}) =>
  sb.checkout(
    token,
    creditOrder({
      success_url: `${PORTAL}/#/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PORTAL}/#/top-up`,
      ...overrides,
    }),
  );

const formAction = (policy: string | null) => policy?.split('; ').find((d) => d.startsWith('form-action'));

describe('the payment pages on the API host', () => {
  it('let their forms lead to the portal and the allowed origins, and nowhere else', async () => {
    const page = await sb.get((await create(grace)).page);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy');
    expect(formAction(policy)).toBe(RETURNS);
    // Nothing else is widened.
    expect(policy).toBe(CSP.replace("form-action 'self'", RETURNS));
    expect(policy).toBe(contentSecurityPolicy({ formAction: [PORTAL, BLOG] }));
  });

  it('send the person back to the portal on its own origin, from a page that allows it', async () => {
    const { id, page: path } = await create(grace, { success_url: `${BLOG}/thanks?session={CHECKOUT_SESSION_ID}` });
    const pay = await sb.submit(`${path}/pay`, { card: '4000 0025 0000 3155' });
    expect(pay.location).toBe(`${path}/authenticate`);
    const authenticate = await sb.get(`${path}/authenticate`);
    expect(formAction(authenticate.headers.get('content-security-policy'))).toBe(RETURNS);
    const done = await sb.submit(`${path}/authenticate`, { outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${BLOG}/thanks?session=${id}`);
  });

  it("the e-wallet's authorisation page too", async () => {
    const { id, checkout_url } = await create(maria, { identifier: 'credits_100_ph', method: 'gcash' });
    expect(checkout_url).toBe(`${API}/sandbox/paymongo/${id}`);
    const page = await sb.get(`/sandbox/paymongo/${id}`);
    expect(page.status).toBe(200);
    expect(formAction(page.headers.get('content-security-policy'))).toBe(RETURNS);
    const authorised = await sb.submit(`/sandbox/paymongo/${id}/authorize`);
    expect(authorised.location).toBe(`${PORTAL}/#/success?session_id=${id}`);
  });

  it("and their not-found page; while the sandbox's other pages keep their forms at home", async () => {
    const missing = await sb.get('/sandbox/checkout/cs_unknown');
    expect(missing.status).toBe(404);
    expect(formAction(missing.headers.get('content-security-policy'))).toBe(RETURNS);
    for (const path of ['/sandbox', '/sandbox/mail']) {
      expect((await sb.get(path)).headers.get('content-security-policy'), path).toBe(CSP);
    }
  });
});

describe('the sandbox on an address of its own', () => {
  it("answers payment pages on its own address, not the portal's", async () => {
    const { id, checkout_url } = await create(grace);
    expect(checkout_url).toBe(`${API}/sandbox/checkout/${id}`);
  });

  it("gives the missions' banners on its own address", async () => {
    const res = await sb.get<{ banner: string[] }[]>('/webclient/donation/ongoing-project');
    const banners = res.body.data!.flatMap((m) => m.banner);
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) expect(banner).toMatch(new RegExp(`^${API}/sandbox/banners/\\d+-\\d+\\.svg$`));
  });

  it('serves no portal when it has none (distDir null): the API host alone', async () => {
    for (const path of ['/', '/index.html', '/widgets/loader.js']) {
      const res = await sb.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ status: 404, message: 'Not found.', errorCode: null });
    }
  });
});
