/**
 * The portal page paints its public route before any script, and hydrates it: the route the
 * address names shows from the page's own markup, the other routes' tags never start, and a
 * press made before the code arrived is done once it is there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserPerFile, hold, newPage, shiftsSince, watchLayoutShifts } from './support';

const browser = browserPerFile();

/** Holds back every chunk of code until released: the page as it is before its code arrives. */
const holdCode = (page: Page) => hold(page, /\/assets\/[^/]+\.js$/);

/** /#/login as it is before even the loader has run: the loader and the code are held until released. */
async function loginBeforeLoader() {
  const opened = await newPage(browser());
  const loader = await hold(opened.page, /\/widgets\/loader\.js$/);
  const code = await holdCode(opened.page);
  await opened.page.goto(`${baseUrl()}/#/login`, { waitUntil: 'commit' });
  return { ...opened, loader, code, login: opened.page.locator('sm-login') };
}

describe('the portal page before and after its script', () => {
  it('shows /#/login from its markup, keeps it when the code arrives, and does the press made meanwhile', async () => {
    const { page, context, errors } = await newPage(browser());
    const { release } = await holdCode(page);
    await page.goto(`${baseUrl()}/#/login`, { waitUntil: 'commit' });
    const login = page.locator('sm-login');
    const button = login.getByRole('button', { name: 'Continue with Email' });
    await button.waitFor();
    // Only the shown route's tags are in the page: one sign-in form, not the register and forgot-password ones too.
    expect(await page.locator('sm-login').count()).toBe(1);
    expect(await page.evaluate(() => !!customElements.get('sm-login'))).toBe(false);
    const tab = await login.getByRole('tab').first().elementHandle();
    await button.click();
    release();
    await login.getByLabel('Email', { exact: true }).waitFor();
    // Hydrated, not drawn again: the tabs above the form are the nodes the page came with.
    expect(await page.evaluate(() => !!customElements.get('sm-login'))).toBe(true);
    expect(await tab!.evaluate((el) => el.isConnected)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does a press made before even the loader ran: the focus the press left on the button tells it', async () => {
    const { page, context, errors, login, loader, code } = await loginBeforeLoader();
    const button = login.getByRole('button', { name: 'Continue with Email' });
    await button.click();
    // The loader has not run: nothing captures the tag yet (route.js keeps the page's store, but no record in it).
    const captured = () =>
      !!(globalThis as Record<symbol, { boots: WeakMap<Element, { captured?: true }> } | undefined>)[
        Symbol.for('sm.page')
      ]?.boots.get(document.querySelector('sm-login')!)?.captured;
    expect(await page.evaluate(captured)).toBe(false);
    loader.release();
    await page.waitForFunction(captured);
    code.release();
    await login.getByLabel('Email', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not press a button the keyboard only moved to before the loader ran', async () => {
    const { page, context, errors, login, loader, code } = await loginBeforeLoader();
    await login.getByRole('button', { name: 'Continue with Email' }).waitFor();
    const focused = () =>
      page.evaluate(() => document.querySelector('sm-login')!.shadowRoot!.activeElement?.textContent ?? '');
    for (let i = 0; i < 20 && (await focused()) !== 'Continue with Email'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Continue with Email');
    loader.release();
    code.release();
    await page.waitForFunction(() => !!customElements.get('sm-login'));
    await login.locator('[part~="button-primary"]').and(page.locator(':focus')).waitFor();
    await page.waitForTimeout(500);
    // Still the choice of ways to log in, the focus where the keyboard left it.
    expect(await login.getByLabel('Email', { exact: true }).count()).toBe(0);
    expect(await focused()).toBe('Continue with Email');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for /#/donation-page's missions and plan while its code is on the way, once for both of its tags", async () => {
    const { page, context, errors } = await newPage(browser());
    const { release } = await holdCode(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/webclient/donation/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/#/donation-page`, { waitUntil: 'commit' });
    // No code has arrived, yet the data the page's first view waits for is on its way.
    await expect
      .poll(() => [...asked].sort(), { timeout: 10_000 })
      .toEqual(['/webclient/donation/donation-plan', '/webclient/donation/ongoing-project']);
    expect(await page.evaluate(() => !!customElements.get('sm-donate'))).toBe(false);
    release();
    // The gift form and the missions list both fill from those two answers.
    await page
      .locator('sm-donate')
      .first()
      .getByRole('button', { name: /Donate Now/ })
      .and(page.locator(':enabled'))
      .waitFor();
    await page.locator('sm-donate').nth(1).getByRole('button', { name: 'Donate' }).first().waitFor();
    await page.waitForTimeout(300);
    expect([...asked].sort()).toEqual(['/webclient/donation/donation-plan', '/webclient/donation/ongoing-project']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    {
      route: '/missions',
      width: 390,
      held: '[data-testid="mission-skeleton"]',
      filled: '[data-testid="mission-card"]',
    },
    {
      route: '/missions',
      width: 760,
      held: '[data-testid="mission-skeleton"]',
      filled: '[data-testid="mission-card"]',
    },
    {
      route: '/donation-page',
      width: 390,
      held: '[data-testid="mission-skeleton"], [part~="slider"], .sm-choices',
      filled: 'div.sm-stack:has(> section.sm-carousel), [part~="slider"], .sm-choices',
    },
  ])(
    'fills $route ($width px wide) into the places its markup held: nothing moves when the missions arrive',
    async ({ route, width, held, filled }) => {
      const { page, context, errors } = await newPage(browser(), { width });
      await watchLayoutShifts(page);
      const { release } = await holdCode(page);
      await page.goto(`${baseUrl()}/#${route}`, { waitUntil: 'commit' });
      const donate = page.locator('sm-donate').first();
      await donate.locator('[data-testid="mission-skeleton"]').first().waitFor();
      // Where each place is on the page, and how big: the skeleton cards, or the mission's header and the form below it.
      const boxes = (selector: string) =>
        donate.locator(selector).evaluateAll((nodes) =>
          nodes.map((n) => {
            const b = n.getBoundingClientRect();
            return [Math.round(b.top), Math.round(b.left), Math.round(b.width), Math.round(b.height)];
          }),
        );
      const before = await boxes(held);
      const since = await page.evaluate(() => performance.now());
      release();
      await donate.locator('[data-testid="mission-card"], [data-testid="mission-total"]').first().waitFor();
      await page.waitForTimeout(300);
      // (Other tests may have added missions: those come after the places held.)
      expect((await boxes(filled)).slice(0, before.length)).toEqual(before);
      expect(await shiftsSince(page, since)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("fetches a mission's first picture at once and the others when they come near: loading is set before src", async () => {
    const { page, context, errors } = await newPage(browser(), { width: 390 });
    await page.goto(`${baseUrl()}/#/missions`);
    const donate = page.locator('sm-donate').first();
    await donate.locator('[data-testid="mission-card"] img.sm-banner').first().waitFor();
    // Firefox and Safari start fetching a picture when its src is set: a loading="lazy" set after it comes too late.
    const banners = await donate
      .locator('[data-testid="mission-card"]')
      .first()
      .locator('img.sm-banner')
      .evaluateAll((images) =>
        images.map((img) => ({
          names: img.getAttributeNames(),
          loading: img.getAttribute('loading'),
          priority: img.getAttribute('fetchpriority'),
        })),
      );
    expect(banners.length).toBeGreaterThan(1);
    for (const { names } of banners) expect(names.indexOf('loading')).toBeLessThan(names.indexOf('src'));
    expect(banners.map((b) => [b.loading, b.priority])).toEqual(
      banners.map((_, i) => (i === 0 ? ['eager', 'high'] : ['lazy', 'auto'])),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([1, 0])(
    'a mission whose banner has %i picture(s) fills its page without moving the form',
    async (pictures) => {
      const created = await fetch(`${baseUrl()}/sandbox/missions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          organization: 'Test Ministry',
          title: `A mission with ${pictures} picture(s)`,
          description: 'Its story.',
          banners: pictures,
        }),
      });
      const { data } = (await created.json()) as { data: { id: number } };
      const { page, context, errors } = await newPage(browser());
      // The page is drawn by its script (the address has a query); the mission is held back, so its placeholder shows.
      const { release } = await hold(page, /\/webclient\/donation\/ongoing-project/);
      await page.goto(`${baseUrl()}/#/donation-page?_d=${data.id}`);
      const donate = page.locator('sm-donate').first();
      await donate.locator('[data-testid="mission-skeleton"]').first().waitFor();
      const top = () => donate.locator('[part~="slider"]').evaluate((n) => Math.round(n.getBoundingClientRect().top));
      const before = await top();
      release();
      await donate.getByRole('heading', { level: 1, name: `A mission with ${pictures} picture(s)` }).waitFor();
      expect(await top()).toBe(before);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(['/missions', '/donation-page', '/register', '/forgot-password', '/premium'])(
    'hydrates %s without drawing it again',
    async (route) => {
      const { page, context, errors } = await newPage(browser());
      await page.goto(`${baseUrl()}/#${route}`);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('sm-login, sm-donate, sm-newsletter')].every((el) =>
          customElements.get(el.localName),
        ),
      );
      await page.waitForTimeout(500);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows the footer only whole: a page whose parse stopped inside it shows the route and no footer', async () => {
    const { page, context } = await newPage(browser());
    const whole = await (await fetch(`${baseUrl()}/`)).text();
    // The page as a frame may see it while it is parsed: up to the middle of the footer's newsletter.
    const half = whole.slice(0, whole.indexOf('<sm-newsletter', whole.indexOf('id="portal-footer"')) + 200);
    await page.route(`${baseUrl()}/`, (route) => route.fulfill({ contentType: 'text/html', body: half }));
    // Before the portal's code, which shows it as it draws the page.
    const { release } = await holdCode(page);
    await page.goto(`${baseUrl()}/#/login`, { waitUntil: 'commit' });
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(await page.locator('#portal-footer').isVisible()).toBe(false);
    // The whole page shows it under the route, before any code: its place is kept.
    await page.unroute(`${baseUrl()}/`);
    await page.reload({ waitUntil: 'commit' });
    await page.locator('#portal-footer sm-newsletter').waitFor();
    expect(await page.locator('#portal-footer').isVisible()).toBe(true);
    release();
    await context.close();
  });
});
