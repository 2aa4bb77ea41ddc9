/**
 * Embedding the built widgets on other pages through the loader (dist/widgets/loader.js), end to
 * end in Chromium: a blog on another origin (tests/e2e/pages/blog-loader.html) and a phone-sized
 * app webview (tests/e2e/pages/webview.html). The loader defines every tag, fetches only the
 * code of the tags on the page, keeps their space while it loads, survives a second copy, warns
 * about bad attributes and themes light and dark.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, blogUrl, createVerifiedUser, launch, newPage } from './support';

const TAGS = ['sm-login', 'sm-topup', 'sm-subscribe', 'sm-donate', 'sm-history', 'sm-survey', 'sm-newsletter'];
/** The session record the widgets keep in the page's local storage (shared/session/session.ts). */
const SESSION_KEY = 'sm.session.v1';
/** Each API host has its own sign-in: a tag with api-base keeps it under that host's key. */
const sessionKeyOf = (apiBase: string) => `${SESSION_KEY}@${apiBase.replace(/\/+$/, '')}`;

const pageUrl = (name: string) => new URL(name, blogUrl()).href;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The widget code a page asked for: entry and chunk names without hashes (sm-donate, donate.element, ...). */
function widgetCode(urls: string[]): string[] {
  const names = urls
    .filter((u) => u.startsWith(baseUrl()) && /\/(widgets|assets)\/[^/]+\.js$/.test(u))
    .map((u) => u.split('/').pop()!.replace(/-[\w-]{8}\.js$|\.js$/, ''));
  return [...new Set(names)].sort();
}

/** Holds requests matching a pattern until released (to look at the page while a widget's code or data is on its way). */
async function hold(page: Page, pattern: string | RegExp): Promise<{ release: () => void; requested: () => boolean }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let seen = false;
  await page.route(pattern, async (route: Route) => {
    seen = true;
    await gate;
    await route.continue();
  });
  return { release, requested: () => seen };
}

const height = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().height);
const hasCard = (page: Page, tag: string) => page.evaluate((t) => !!document.querySelector(t)?.shadowRoot?.querySelector('[part~="card"]'), tag);

/** Collects layout shifts from the start of the page (PerformanceObserver, buffered). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { start: number; value: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.__shifts.push({ start: entry.startTime, value: entry.value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftsSince = (page: Page, since: number) =>
  page.evaluate((t) => (window as unknown as { __shifts: { start: number; value: number }[] }).__shifts.filter((s) => s.start >= t), since);

describe('embedding with the loader', () => {
  it('defines every tag from one script and fetches only the code of the tags on the page', async () => {
    const { page, context, errors } = await newPage(browser);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto(pageUrl('blog-loader.html'));
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(await page.evaluate((tags) => tags.filter((t) => !customElements.get(t)), TAGS)).toEqual([]);

    const first = widgetCode(urls);
    expect(first).toContain('loader');
    expect(first).toContain('runtime');
    expect(first.filter((n) => /^sm-/.test(n))).toEqual(['sm-donate', 'sm-newsletter']);
    for (const other of ['login', 'topup', 'subscribe', 'history', 'survey']) {
      expect(first.some((n) => n === `sm-${other}` || n.startsWith(`${other}.element`))).toBe(false);
    }
    // One runtime file for the whole page, however many tags.
    expect(urls.filter((u) => /\/assets\/runtime-/.test(u))).toHaveLength(1);

    // An element that is created but not connected costs nothing; connecting it fetches its code.
    await page.evaluate(() => document.createElement('sm-topup'));
    await page.waitForTimeout(300);
    expect(widgetCode(urls).some((n) => n.startsWith('topup.element') || n === 'sm-topup')).toBe(false);
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('sm-login'), {})));
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(widgetCode(urls)).toContain('sm-login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps each element\'s space while its code loads: no layout shift', async () => {
    const { page, context, errors } = await newPage(browser);
    await watchLayoutShifts(page);
    const donateCode = await hold(page, /\/assets\/donate\.element-[\w-]+\.js$/);
    const newsletterCode = await hold(page, /\/assets\/newsletter\.element-[\w-]+\.js$/);
    const missions = await hold(page, /\/webclient\/donation\//);
    await page.goto(pageUrl('blog-loader.html'));
    // The loader has run: both tags are defined, their code is on its way (held here).
    await page.waitForFunction(() => !!customElements.get('sm-donate') && !!customElements.get('sm-newsletter'));
    await expect.poll(() => donateCode.requested() && newsletterCode.requested()).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const before = { donate: await height(page, 'sm-donate'), newsletter: await height(page, 'sm-newsletter'), after: await page.locator('#after-donate').evaluate((el) => el.getBoundingClientRect().top) };
    expect(before.donate).toBeGreaterThan(300);
    expect(before.newsletter).toBeGreaterThan(100);
    expect(await hasCard(page, 'sm-donate')).toBe(false);
    const since = await page.evaluate(() => performance.now());

    donateCode.release();
    newsletterCode.release();
    await expect.poll(async () => (await hasCard(page, 'sm-donate')) && (await hasCard(page, 'sm-newsletter'))).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The code has loaded and rendered (the donation form waits for its mission): nothing moved.
    expect(await height(page, 'sm-donate')).toBe(before.donate);
    expect(await height(page, 'sm-newsletter')).toBe(before.newsletter);
    expect(await page.locator('#after-donate').evaluate((el) => el.getBoundingClientRect().top)).toBe(before.after);
    expect(await shiftsSince(page, since)).toEqual([]);

    missions.release();
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a second copy of the loader, and a per-tag module beside it, do not throw', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(pageUrl('blog-loader.html'));
    await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    // Another URL is another module instance: it runs again and must skip the defined tags.
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader.js?copy=2` });
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/sm-donate.js` });
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/sm-survey.js?copy=2` });
    await page.evaluate(() => document.querySelector('footer')!.append(document.createElement('sm-newsletter')));
    await expect.poll(() => page.locator('sm-newsletter').count()).toBe(2);
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('sm-newsletter')].every((el) => !!el.shadowRoot?.querySelector('[part~="card"]')))).toBe(true);
    expect(errors).toEqual([]);

    // The per-tag page (blog.html) with the loader added later: the loader skips its tags.
    const other = await newPage(browser);
    await other.page.goto(blogUrl());
    await other.page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    await other.page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader.js` });
    expect(await other.page.evaluate((tags) => tags.filter((t) => !customElements.get(t)), TAGS)).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('a bad attribute gives a console message and a safe default, never a broken page', async () => {
    const { page, context, errors } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(pageUrl('blog-loader.html'));
    await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    await page.evaluate(() => {
      document.querySelector('main')!.insertAdjacentHTML(
        'beforeend',
        '<sm-newsletter id="odd" theme="purple" language="fr" api-base="ftp://example.org"></sm-newsletter><sm-login id="odd-view" view="favourites"></sm-login>',
      );
    });
    await expect.poll(() => hasCard(page, '#odd')).toBe(true);
    await expect.poll(() => hasCard(page, '#odd-view')).toBe(true);
    await expect.poll(() => warnings.join('\n')).toMatch(/theme="purple".*light.*dark/);
    expect(warnings.join('\n')).toMatch(/language="fr".*only "en"/);
    expect(warnings.join('\n')).toMatch(/api-base="ftp:\/\/example.org".*http/);
    expect(warnings.join('\n')).toMatch(/view="favourites".*login/);
    // The unknown theme follows the system's scheme (light here): the card is light.
    expect(await page.locator('#odd').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor)).toBe('rgb(255, 255, 255)');
    // The login shows its default view.
    await page.locator('#odd-view').getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders a widget\'s data on a slow phone too (CPU 6x slower)', async () => {
    // A regression guard: rendering the loaded widget in time slices (React.lazy and Suspense)
    // left inner components, which read signals through their parent's useSignals(),
    // unsubscribed: the history stayed on "please wait..." for good.
    const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'listener@example.org', password: 'listen-2026' }),
    });
    const { data } = (await login.json()) as { data: { access_token: string; expires_in: number } };
    const { page, context, errors } = await newPage(browser);
    await page.addInitScript(
      ([key, token]) => localStorage.setItem(key!, JSON.stringify({ v: 1, auth: { accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 }, user: null, fromApps: false, nextPage: null })),
      [sessionKeyOf(baseUrl()), data.access_token],
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(pageUrl('blog-loader.html'));
    await page.evaluate((api) => document.querySelector('main')!.insertAdjacentHTML('beforeend', `<sm-history api-base="${api}"></sm-history>`), baseUrl());
    await page.locator('sm-history').getByRole('table').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the carousel does not move by itself when the person prefers reduced motion', async () => {
    const { page, context } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(pageUrl('blog-loader.html'));
    const donate = page.locator('sm-donate');
    await donate.getByRole('button', { name: 'Play' }).waitFor();
    const active = () => donate.evaluate((el) => [...el.shadowRoot!.querySelectorAll('.sm-slide')].findIndex((s) => s.getAttribute('data-active') === 'true'));
    const start = await active();
    await page.waitForTimeout(4500);
    expect(await active()).toBe(start);
    await context.close();

    const moving = await newPage(browser);
    await moving.page.goto(pageUrl('blog-loader.html'));
    await moving.page.locator('sm-donate').getByRole('button', { name: 'Pause' }).waitFor();
    await moving.context.close();
  });
});

describe('the app webview', () => {
  async function openWebview(options: { colorScheme?: 'light' | 'dark' } = {}) {
    const person = await createVerifiedUser({ first: 'Webview' });
    const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    const { data } = (await login.json()) as { data: { access_token: string; expires_in: number } };
    const opened = await newPage(browser);
    if (options.colorScheme) await opened.page.emulateMedia({ colorScheme: options.colorScheme });
    // The app has signed the person in (its one-time token hand-off); the webview's storage holds the session.
    await opened.page.addInitScript(
      ([key, token, expiresIn]) => {
        localStorage.setItem(key as string, JSON.stringify({ v: 1, auth: { accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + Number(expiresIn) * 1000 }, user: null, fromApps: true, nextPage: null }));
      },
      [sessionKeyOf(baseUrl()), data.access_token, data.expires_in],
    );
    return opened;
  }
  const cardColour = (page: Page) => page.locator('sm-survey').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor);

  it('shows the survey on a phone, loads only its code, and the close icon asks the app to close', async () => {
    const { page, context, errors } = await openWebview();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto(pageUrl('webview.html'));
    const survey = page.locator('sm-survey');
    await survey.getByText(/^1 of \d+$/).waitFor();
    expect(widgetCode(urls).filter((n) => /^sm-/.test(n))).toEqual(['sm-survey']);
    // Fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => document.addEventListener('sm-app-link', (event) => {
      event.preventDefault();
      (window as unknown as { __links: string[] }).__links = [...((window as unknown as { __links?: string[] }).__links ?? []), (event as CustomEvent<{ url: string }>).detail.url];
    }));
    await survey.getByRole('button', { name: 'Close survey' }).click();
    expect(await page.evaluate(() => (window as unknown as { __links: string[] }).__links)).toEqual(['smapp://survey_done']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies the dark theme: from theme="dark", and from the system unless theme="light"', async () => {
    const light = await openWebview();
    await light.page.goto(pageUrl('webview.html'));
    await light.page.locator('sm-survey').getByText(/^1 of \d+$/).waitFor();
    expect(await cardColour(light.page)).toBe('rgb(255, 255, 255)');
    await light.page.locator('sm-survey').evaluate((el) => el.setAttribute('theme', 'dark'));
    expect(await cardColour(light.page)).toBe('rgb(27, 24, 32)');
    await light.context.close();

    const dark = await openWebview({ colorScheme: 'dark' });
    await dark.page.goto(pageUrl('webview.html'));
    await dark.page.locator('sm-survey').getByText(/^1 of \d+$/).waitFor();
    expect(await cardColour(dark.page)).toBe('rgb(27, 24, 32)');
    await dark.page.locator('sm-survey').evaluate((el) => el.setAttribute('theme', 'light'));
    expect(await cardColour(dark.page)).toBe('rgb(255, 255, 255)');
    expect(dark.errors).toEqual([]);
    await dark.context.close();
  });
});
