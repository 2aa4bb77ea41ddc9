/**
 * Reliability and security in the browser: hostile return targets, an expired session mid-flow,
 * two tabs, slowed logins, stored markup, API faults at each step of the top-up, and headers.
 */
import { createHash } from 'node:crypto';
import type { Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, baseUrl, browserPerFile, createVerifiedUser, logInOnForm, newPage, signInNewPerson } from './support';

const browser = browserPerFile();

const summary = { faults: 0, targets: 0 };
afterAll(() =>
  console.log(`[reliability] ${summary.targets} hostile return targets, ${summary.faults} injected API faults`),
);

describe('reliability and security', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'javascript:alert(1)',
    'https://portal@evil.example',
    '%2F%2Fevil.example',
    '%252F%252Fevil.example',
  ])('a next target of %s ends on a portal route', async (target) => {
    summary.targets += 1;
    const person = await createVerifiedUser({ first: 'Nix' });
    const { page, context, errors } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/login?next=${encodeURIComponent(target)}`);
    await logInOnForm(page, person.email, person.password);
    await page.waitForURL(/#\/home$/);
    expect(new URL(page.url()).origin).toBe(baseUrl());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired session mid-flow sends the person to sign in and back to the same step', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Exa' });
    await page.goto(`${baseUrl()}/#/top-up`);
    await page.getByRole('radio', { name: /^100 Credits/ }).check();
    // The server ends the session (as an expiry would), then the person goes on.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('sm.session.v1')!).auth.accessToken as string,
    );
    await fetch(`${baseUrl()}/webclient/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    await logInOnForm(page, person.email, person.password);
    await page.waitForURL(/#\/top-up$/);
    // After logout no auth data is left, and the old token is refused.
    const old = await fetch(`${baseUrl()}/webclient/account/profile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(old.status).toBe(401);
    await context.close();
  });

  it('two tabs follow each other when one signs out', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Two' });
    const other = await context.newPage();
    await other.goto(`${baseUrl()}/#/home`);
    await other.getByTestId('my-dashboard').waitFor();
    await page.getByRole('button', { name: /Two Person/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL(/#\/login$/);
    expect(await other.evaluate(() => localStorage.getItem('sm.session.v1') ?? '')).not.toContain('accessToken');
    // Signing in in one tab signs the other in too.
    await logInOnForm(page, person.email, person.password);
    await page.waitForURL(/#\/home$/);
    await other.goto(`${baseUrl()}/#/home`);
    await other.getByTestId('my-dashboard').waitFor();
    await context.close();
  });

  it('slows repeated failed logins without saying whether the account exists', async () => {
    const { page, context } = await newPage(browser());
    const answers: string[] = [];
    for (const email of ['nobody-here@example.org', 'unverified@example.org']) {
      await page.goto(`${baseUrl()}/#/login`);
      await page.reload();
      const login = page.locator('sm-login');
      await login.getByRole('button', { name: 'Continue with Email' }).click();
      await login.getByLabel('Email').fill(email);
      for (let i = 0; i < 6; i += 1) {
        await login.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
        await login.getByRole('button', { name: 'Log In', exact: true }).click();
        await page.waitForTimeout(150);
      }
      await login.getByText('Too many attempts. Please wait a few minutes and try again.').waitFor();
      answers.push((await login.locator('.sm-error').first().textContent()) ?? '');
    }
    expect(answers[0]).toBe(answers[1]);
    await context.close();
  });

  it('markup typed into a name is shown as text and never runs', async () => {
    const { page, context, errors } = await signInNewPerson(browser(), {
      first: '<img src=x onerror="window.__pwned=1">',
      last: '<script>window.__pwned=2</script>',
    });
    await page
      .getByTestId('my-dashboard')
      .getByText('<img src=x onerror="window.__pwned=1">', { exact: false })
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('survives API faults at each step of a top-up: a clear message, a retry, nothing lost', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Fay' });
    let mode: 'ok' | '500' | 'malformed' | 'down' = '500';
    const inject = async (route: Route) => {
      summary.faults += 1;
      if (mode === '500')
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"status":500,"message":"Internal error"}',
        });
      if (mode === 'malformed')
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: '{"status":200,"data":{"unexpected":',
        });
      if (mode === 'down') return route.abort('connectionrefused');
      return route.continue();
    };
    // Step 1: the options list
    await page.route('**/webclient/in-web-purchase/credit-list', inject);
    await page.goto(`${baseUrl()}/#/top-up`);
    await page.getByText('Internal error').waitFor();
    mode = 'malformed';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('The server sent an answer we could not read. Please try again.').waitFor();
    mode = 'down';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('We could not reach the server. Check your connection and try again.').waitFor();
    mode = 'ok';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('radio', { name: /^100 Credits/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    // Step 2: create-session drops its answer, then the retry answers the same session.
    let creates = 0;
    await page.route('**/webclient/in-web-purchase/create-session', async (route) => {
      creates += 1;
      summary.faults += creates === 1 ? 1 : 0;
      const response = await route.fetch();
      if (creates === 1) return route.abort('connectionreset'); // the server made it, the answer is lost
      return route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('We could not reach the server. Check your connection and try again.').waitFor();
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('sm.payment.credit')!));
    expect(record.identifier).toBe('credits_100'); // the pending record is kept
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    const sessions = await apiAs<{ data: { data: unknown[]; total: number } }>(
      person.email,
      person.password,
      '/webclient/account/transaction-history?per_page=20&page=1',
    );
    expect(sessions.status).toBe(200);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    // Step 3: the confirmation fails once, then the retry confirms.
    mode = '500';
    await page.route('**/webclient/in-web-purchase/confirm-transaction-session', inject);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/#\/success/);
    await page.getByText('Internal error').waitFor();
    mode = 'ok';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    const history = await apiAs<{ data: { total: number } }>(
      person.email,
      person.password,
      '/webclient/account/transaction-history?per_page=20&page=1',
    );
    expect(history.body.data.total).toBe(1); // one purchase, though create was sent twice
    await context.close();
  });

  it('a page whose code does not come says so, and Try again brings it: the portal never goes blank', async () => {
    const { page, context } = await signInNewPerson(browser(), { first: 'Drop' });
    // The result pages' code is loaded only when one shows: the network drops as it is asked for.
    const code = /\/assets\/portal-PaymentPages-[\w-]+\.js$/;
    await page.route(code, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl()}/#/transaction-success`);
    const main = page.locator('main');
    await main
      .getByRole('alert')
      .filter({ hasText: 'This page did not load. Check your connection and try again.' })
      .waitFor();
    // The rest of the portal is still there: its header and the way home.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBeGreaterThan(0);
    await page.unroute(code);
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('heading', { level: 1, name: 'Transaction Successful' }).waitFor();
    expect(await main.getByRole('alert').count()).toBe(0);
    // The focus did not fall to the page's start with the button: it is on the main part, where the page came.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it("the portal page whose script does not come says so in the person's language, and Try again loads it", async () => {
    // The page's own script (assets/portal-<hash>.js), not the chunks of its later pages.
    const script = /\/assets\/portal-[\w-]{8}\.js$/;
    const spanish = await newPage(browser(), { locale: 'es-MX' });
    await spanish.page.route(script, (route) => route.abort('internetdisconnected'));
    await spanish.page.goto(`${baseUrl()}/#/login`);
    await spanish.page
      .getByRole('alert')
      .filter({ hasText: 'Esta página no se cargó. Revise su conexión e inténtelo de nuevo.' })
      .waitFor();
    expect(await spanish.page.getByText('please wait...').isVisible()).toBe(false);
    await spanish.context.close();

    const { page, context } = await newPage(browser());
    await page.route(script, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl()}/#/login`);
    const failed = page
      .getByRole('alert')
      .filter({ hasText: 'This page did not load. Check your connection and try again.' });
    await failed.waitFor();
    // The prerendered sign-in page is still there beneath it.
    expect(await page.getByRole('button', { name: 'Continue with Email' }).isVisible()).toBe(true);
    await page.unroute(script);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.waitForLoadState('load');
    // The page came whole: the portal moves between its pages.
    // (route.js dropped the markup of the routes not shown: only the portal's script draws another.)
    await page.evaluate(() => (location.hash = '#/missions'));
    await page.locator('sm-donate').first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'This page did not load.' }).count()).toBe(0);
    await context.close();
  });

  it('serves the portal with its security headers', async () => {
    const response = await fetch(`${baseUrl()}/`);
    // The page's one inline script (route.js, written into its head) runs by its hash, and no other inline script does.
    const inline = [...(await response.clone().text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scripts = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(scripts).toBe(`'self' 'sha256-${hash}'`);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
