/**
 * Embedding the built widgets on other pages through the loader (dist/widgets/loader.js), end to
 * end in Chromium: a blog on another origin (tests/e2e/pages/blog-loader.html) and a phone-sized
 * app webview (tests/e2e/pages/webview.html). The loader defines every tag, fetches only the
 * code of the tags on the page, keeps their space while it loads, survives a second copy, warns
 * about bad attributes and themes light and dark.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY as STORAGE_KEY, sessionKeyFor as storageKeyFor } from '../../shared/boot/boot';
import { storedSignIn } from '../../shared/session/session';
import {
  appLinks,
  baseUrl,
  blogUrl,
  browserPerFile,
  createVerifiedUser,
  hold,
  newPage,
  recordAppLinks,
  signedInElsewhere,
  shiftsSince,
  watchLayoutShifts,
  newsletterThanks,
} from './support';

/** Each API host has its own sign-in (shared/session/session.ts): a tag with api-base keeps it under that host's key. */
const sessionKeyOf = (apiBase: string) => storageKeyFor(apiBase.replace(/\/+$/, ''));
/** A person signed in with `token` until `expiresAt`, as the session stores it. */
const signedIn = (token: string, expiresAt = Date.now() + 3_600_000) =>
  storedSignIn({ accessToken: token, tokenType: 'Bearer', expiresAt });
/** A page that starts with `value` stored under `key`. */
const storing = (page: Page, key: string, value: string) =>
  page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [key, value]);

const pageUrl = (name: string) => new URL(name, blogUrl()).href;

const browser = browserPerFile();
/** Every widget file but the loader's. */
const ALL_BUT_LOADER = /\/(assets|widgets)\/(?!loader)[^/]+\.js$/;
/** Every tag's code and the shared chunks: all the loader fetches. */
const TAG_CODE = /\/(widgets\/sm-[\w-]+|assets\/[^/]+)\.js$/;

/**
 * Puts tags into the blog's main column, each naming the API host: 'sm-history tab="content"' is
 * <sm-history api-base="…" tab="content">.
 */
async function addTags(page: Page, tags: string[], where: InsertPosition = 'afterbegin'): Promise<void> {
  const html = tags
    .map((tag) => {
      const [name, ...attributes] = tag.split(' ');
      return `<${[name, `api-base="${baseUrl()}"`, ...attributes].join(' ')}></${name}>`;
    })
    .join('');
  await page.evaluate(([at, markup]) => document.querySelector('main')!.insertAdjacentHTML(at, markup), [
    where,
    html,
  ] as const);
}

/**
 * A fresh page opened on one of the blog's pages while the code matching `held` (by default the shared chunks) is held
 * back, until `code.release()`; `urls` lists every request the page made.
 */
async function openWithCodeHeld(name: string, options: { held?: RegExp; watchShifts?: boolean } = {}) {
  const opened = await newPage(browser());
  const urls: string[] = [];
  opened.page.on('request', (request) => urls.push(request.url()));
  if (options.watchShifts) await watchLayoutShifts(opened.page);
  const code = await hold(opened.page, options.held ?? /\/assets\/[^/]+\.js$/);
  await opened.page.goto(pageUrl(name));
  return { ...opened, code, urls };
}

/** The widget code a page asked for: entry and chunk names without hashes (sm-donate, donate.element, ...). */
function widgetCode(urls: string[]): string[] {
  const names = urls
    .filter((u) => u.startsWith(baseUrl()) && /\/(widgets|assets)\/[^/]+\.js$/.test(u))
    .map((u) =>
      u
        .split('/')
        .pop()!
        .replace(/-[\w-]{8}\.js$|\.js$/, ''),
    );
  return [...new Set(names)].sort();
}

const hasCard = (page: Page, tag: string) =>
  page.evaluate((t) => !!document.querySelector(t)?.shadowRoot?.querySelector('[part~="card"]'), tag);

describe('embedding with the loader', () => {
  it('script tag alone: each tag gets its markup before its code, and only the code of the tags on the page is fetched', async () => {
    const { page, context, errors, code, urls } = await openWithCodeHeld('blog-loader.html', { held: ALL_BUT_LOADER });
    // Before any widget code: the newsletter form is there and takes typing.
    const input = page.locator('sm-newsletter').getByRole('textbox', { name: 'Email' });
    await input.waitFor();
    expect(await page.evaluate(() => !!customElements.get('sm-newsletter'))).toBe(false);
    await input.fill('reader@example.org');
    expect(await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).isEnabled()).toBe(true);
    // Meanwhile the API host's connection is opened, and the donate form's public data is on its way.
    const api = new URL(baseUrl()).origin;
    expect(
      await page.$$eval('link[rel="preconnect"]', (links) =>
        links.map((l) => new URL((l as HTMLLinkElement).href).origin),
      ),
    ).toContain(api);
    await expect
      .poll(() =>
        urls
          .filter((u) => u.startsWith(`${api}/webclient/donation/`))
          .map((u) => new URL(u).pathname)
          .sort(),
      )
      .toEqual(['/webclient/donation/donation-plan', '/webclient/donation/ongoing-project']);
    code.release();
    await page.waitForFunction(() => !!customElements.get('sm-donate') && !!customElements.get('sm-newsletter'));
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    expect(await input.inputValue()).toBe('reader@example.org');
    const first = widgetCode(urls);
    expect(first.filter((n) => /^sm-/.test(n))).toEqual(['sm-donate', 'sm-newsletter']);
    for (const other of ['login', 'topup', 'subscribe', 'history', 'survey'])
      expect(first.some((n) => n === `sm-${other}` || n.startsWith(`${other}.element`))).toBe(false);
    expect(urls.filter((u) => /\/assets\/runtime-/.test(u))).toHaveLength(1);
    // A tag added later gets its markup and, once wanted, its code.
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('sm-login')));
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    await expect.poll(() => page.evaluate(() => !!customElements.get('sm-login'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('script tag alone: every tag on the page asks for its markup before any code is asked for', async () => {
    const { page, context, errors } = await newPage(browser());
    const urls: string[] = [];
    page.on('request', (request) => urls.push(new URL(request.url()).pathname));
    await page.goto(pageUrl('blog-loader.html'));
    await page.waitForFunction(() => !!customElements.get('sm-donate') && !!customElements.get('sm-newsletter'));
    // The markup makes a tag usable; over HTTP/1.1 a request asked for after nine files of code waits for a connection.
    const markup = urls.filter((u) => u.includes('/widgets/markup/'));
    const code = urls.findIndex((u) => /\/(assets|widgets)\/(?!loader)[^/]+\.js$/.test(u));
    expect(markup.map((u) => u.split('/').pop()).sort()).toEqual(['sm-donate.html', 'sm-newsletter.html']);
    expect(Math.max(...markup.map((u) => urls.indexOf(u))), urls.join('\n')).toBeLessThan(code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a snippet centred in a flex column keeps its content's width: nothing in a card is squeezed out of it", async () => {
    const { page, context, errors } = await newPage(browser(), { width: 1024 });
    for (const tag of [
      'sm-login',
      'sm-topup',
      'sm-subscribe',
      'sm-donate',
      'sm-history',
      'sm-survey',
      'sm-newsletter',
    ]) {
      const snippet = readFileSync(join(import.meta.dirname, '../../dist/snippets', `${tag}.html`), 'utf8');
      await page.setContent(`<div style="display:flex;flex-direction:column;align-items:center">${snippet}</div>`);
      // A card whose width does not come from its content (CSS containment, a container query's container) is squeezed to its padding.
      const [width, needed] = await page.evaluate((t) => {
        const card = document.querySelector(t)!.shadowRoot!.querySelector('.sm-card')!;
        return [card.clientWidth, card.scrollWidth];
      }, tag);
      expect(width, tag).toBeGreaterThan(100);
      expect(needed, tag).toBeLessThanOrEqual(width);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tag out of view waits for the page to load and for the code of the tag in view before it fetches its own', async () => {
    const { page, context, errors } = await newPage(browser());
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const donate = await hold(page, /\/widgets\/sm-donate\.js$/);
    // Snippets pasted: each tag's markup is there from the start, so the loader sees where each one is.
    await page.goto(pageUrl('blog-snippet.html'), { waitUntil: 'load' });
    // On a phone the newsletter is below the donation form, out of view.
    expect(await page.locator('sm-newsletter').evaluate((el) => el.getBoundingClientRect().top > innerHeight)).toBe(
      true,
    );
    await expect.poll(() => donate.requested()).toBe(true);
    // The page is idle while the donation form's code is on its way: the newsletter's code still waits, leaving the link to it.
    await page.waitForTimeout(1500);
    expect(urls.some((u) => /\/widgets\/sm-newsletter\.js$/.test(u))).toBe(false);
    donate.release();
    await page.waitForFunction(() => !!customElements.get('sm-donate'));
    // Then, the page idle, the newsletter's code comes without the person scrolling to it.
    await page.waitForFunction(() => !!customElements.get('sm-newsletter'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('snippet pasted: typing and Subscribe before the code arrives are kept, and the server thanks the person', async () => {
    const { page, context, errors, code } = await openWithCodeHeld('blog-snippet.html', { watchShifts: true });
    const newsletter = page.locator('sm-newsletter');
    const input = newsletter.getByRole('textbox', { name: 'Email' });
    await input.click();
    await page.keyboard.type('early.reader@example.org', { delay: 20 });
    await page.keyboard.press('Enter');
    // Busy at once, before any widget code: nothing lost, nothing sent yet.
    await newsletter.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await page.evaluate(() => !!customElements.get('sm-newsletter'))).toBe(false);
    const node = await input.elementHandle();
    code.release();
    await newsletterThanks(newsletter);
    // The same field (hydrated, not replaced), still focused; cleared after the thank-you.
    expect(
      await page.evaluate(
        (el) => el === document.querySelector('sm-newsletter')!.shadowRoot!.querySelector('input'),
        node,
      ),
    ).toBe(true);
    expect(
      await page.evaluate(() => document.querySelector('sm-newsletter')!.shadowRoot!.activeElement?.localName),
    ).toBe('input');
    expect(await input.inputValue()).toBe('');
    // The newsletter never moves (the donation form above it grows when its mission arrives: its skeleton is shorter).
    const shifts = (await shiftsSince(page, 0)) as unknown as { by: string }[];
    expect(
      shifts.filter((s) => /sm-newsletter/.test(s.by)),
      JSON.stringify(shifts),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('snippet pasted: when the code fails to come, Subscribe stays pressed, the form says the script did not load, and a tap asks again and sends once', async () => {
    const { page, context, errors } = await newPage(browser());
    // The network drops every widget file at first (a phone losing its signal), and comes back later.
    let online = false;
    await page.route(/\/(widgets\/sm-[\w-]+|assets\/[^/]+)\.js$/, (route) =>
      online ? route.continue() : route.abort('internetdisconnected'),
    );
    const sent: string[] = [];
    page.on(
      'request',
      (request) => request.url().endsWith('/subscribe-newsletter') && sent.push(request.postData() ?? ''),
    );
    await page.goto(pageUrl('blog-snippet.html'));
    const newsletter = page.locator('sm-newsletter');
    await newsletter.getByRole('textbox', { name: 'Email' }).fill('patient.reader@example.org');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByRole('button', { name: 'Sending...' }).waitFor();
    // Its code did not come: the form says so, and the press is still kept (nothing was sent).
    await newsletter
      .getByText('Subscribing needs JavaScript, which is off or did not load on this page.')
      .waitFor({ timeout: 8000 });
    expect(await page.evaluate(() => !!customElements.get('sm-newsletter'))).toBe(false);
    expect(sent).toEqual([]);
    // The signal is back; the person taps the form again: its code is asked for again, and the press made before is sent, once.
    online = true;
    await newsletter.getByRole('button', { name: 'Sending...' }).dispatchEvent('pointerdown');
    await newsletter.getByRole('status').filter({ hasText: 'Thank you for subscribing to our newsletter!' }).waitFor();
    expect(sent).toEqual([JSON.stringify({ email: 'patient.reader@example.org' })]);
    expect(await newsletter.getByText('Subscribing needs JavaScript').isVisible()).toBe(false);
    // The loader said which tag's code did not come (the console errors of the failed loads besides).
    expect(errors.some((e) => e.includes('[sm-newsletter]'))).toBe(true);
    await context.close();
  });

  it('snippet pasted: an amount typed and a frequency chosen on the donation form before the code arrives reach the form', async () => {
    const { page, context, errors, code } = await openWithCodeHeld('blog-snippet.html');
    const donate = page.locator('sm-donate');
    const custom = donate.getByRole('spinbutton', { name: 'Custom amount' });
    await custom.click();
    await page.keyboard.type('25');
    await donate.getByRole('radio', { name: 'Recurring (monthly)' }).check();
    await custom.click();
    expect(await page.evaluate(() => !!customElements.get('sm-donate'))).toBe(false);
    code.release();
    // Once the mission has arrived the form gives what the person chose: $25, monthly (which asks to sign in first).
    await donate.getByRole('button', { name: 'Donate Now · $25.00' }).waitFor();
    expect(await custom.inputValue()).toBe('25');
    expect(await donate.getByRole('radio', { name: 'Recurring (monthly)' }).isChecked()).toBe(true);
    // The same field, still focused: the form kept its nodes from the markup to the loaded mission.
    expect(
      await page.evaluate(() => document.querySelector('sm-donate')!.shadowRoot!.activeElement?.getAttribute('type')),
    ).toBe('number');
    await donate.getByRole('button', { name: 'Donate Now · $25.00' }).click();
    await donate.getByRole('dialog', { name: 'Sign in to give monthly' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with JavaScript off the snippet still shows the form, says it needs JavaScript, and has no live button', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(pageUrl('blog-snippet.html'));
    const newsletter = page.locator('sm-newsletter');
    await newsletter.getByRole('textbox', { name: 'Email' }).waitFor();
    expect(await newsletter.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
    await newsletter
      .getByText('Subscribing needs JavaScript, which is off or did not load on this page.')
      .waitFor({ timeout: 8000 });
    await context.close();
  });

  it("a tag's own loader: the tag shows with no markup to fetch, and what is typed meanwhile reaches the form", async () => {
    // The musicians' page: <sm-donate> and its own copy of the loader, in place of loader.js (docs/loader.md).
    const { page, context, errors, code, urls } = await openWithCodeHeld('musicians.html', { held: ALL_BUT_LOADER });
    const donate = page.locator('sm-donate');
    const custom = donate.getByRole('spinbutton', { name: 'Custom amount' });
    await custom.click();
    await page.keyboard.type('40');
    expect(await page.evaluate(() => !!customElements.get('sm-donate'))).toBe(false);
    // The markup came in the loader; the mission was asked for at once, while the code is on its way.
    await expect.poll(() => urls.filter((u) => u.includes('/webclient/donation/ongoing-project'))).toHaveLength(1);
    expect(urls.filter((u) => u.includes('/widgets/markup/'))).toEqual([]);
    code.release();
    await donate.getByRole('button', { name: 'Donate Now · $40.00' }).waitFor();
    expect(await custom.inputValue()).toBe('40');
    expect(urls.filter((u) => u.includes('/widgets/markup/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a second copy of the loader, a tag's own copy, and a per-tag module beside them, do not throw", async () => {
    const { page, context, errors } = await newPage(browser());
    await page.goto(pageUrl('blog-loader.html'));
    await page.waitForFunction(() => !!customElements.get('sm-newsletter'));
    // Another URL is another module instance: it runs again and must leave the tags as they are.
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader.js?copy=2` });
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader-sm-newsletter.js` });
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/sm-donate.js` });
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/sm-survey.js?copy=2` });
    await page.evaluate(() => document.querySelector('footer')!.append(document.createElement('sm-newsletter')));
    await expect.poll(() => page.locator('sm-newsletter').count()).toBe(2);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('sm-newsletter')].every(
            (el) => !!el.shadowRoot?.querySelector('[part~="card"]'),
          ),
        ),
      )
      .toBe(true);
    expect(await page.locator('sm-newsletter').first().getByRole('textbox', { name: 'Email' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a second copy of the loader finding a pasted tag the first has leaves it: the tag's early data is taken once, none left over", async () => {
    const { page, context, errors, code } = await openWithCodeHeld('blog-snippet.html');
    const early = () =>
      page.evaluate(
        () =>
          Object.keys(
            (globalThis as unknown as Record<symbol, { early: object } | undefined>)[Symbol.for('sm.page')]?.early ??
              {},
          ).length,
      );
    await expect.poll(early).toBeGreaterThan(0);
    // Another copy (a tag's own) arrives while the code is on its way, and has had time to do its work.
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader-sm-donate.js` });
    await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
    code.release();
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    // Each early answer was named once, and taken: a later call asks the server again.
    await expect.poll(early).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a second copy of the loader starting after a press keeps that press: the first copy's record stays", async () => {
    const { page, context, errors, code } = await openWithCodeHeld('blog-snippet.html');
    const newsletter = page.locator('sm-newsletter');
    await newsletter.getByRole('textbox', { name: 'Email' }).fill('two.loaders@example.org');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByRole('button', { name: 'Sending...' }).waitFor();
    await page.addScriptTag({ type: 'module', url: `${baseUrl()}/widgets/loader.js?copy=2` });
    code.release();
    await newsletterThanks(newsletter);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bad attribute gives a console message and a safe default, never a broken page', async () => {
    const { page, context, errors } = await newPage(browser());
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(pageUrl('blog-loader.html'));
    await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    await page.evaluate(() => {
      document
        .querySelector('main')!
        .insertAdjacentHTML(
          'beforeend',
          '<sm-newsletter id="odd" theme="purple" language="fr" api-base="ftp://example.org"></sm-newsletter><sm-login id="odd-view" view="favourites"></sm-login>',
        );
    });
    await expect.poll(() => hasCard(page, '#odd')).toBe(true);
    await expect.poll(() => hasCard(page, '#odd-view')).toBe(true);
    // Their code loads once they are wanted (here: scrolled into view).
    await page.locator('#odd').scrollIntoViewIfNeeded();
    await page.locator('#odd-view').scrollIntoViewIfNeeded();
    await expect.poll(() => warnings.join('\n')).toMatch(/theme="purple".*light.*dark/);
    expect(warnings.join('\n')).toMatch(/language="fr".*only "en"/);
    expect(warnings.join('\n')).toMatch(/api-base="ftp:\/\/example.org".*http/);
    expect(warnings.join('\n')).toMatch(/view="favourites".*login/);
    // The unknown theme follows the system's scheme (light here): the card is light.
    expect(
      await page
        .locator('#odd')
        .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor),
    ).toBe('rgb(255, 255, 255)');
    // The login shows its default view.
    await page.locator('#odd-view').getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders a widget's data on a slow phone too (CPU 6x slower)", async () => {
    // A regression guard: rendering the loaded widget in time slices (React.lazy and Suspense)
    // left inner components, which read signals through their parent's useSignals(),
    // unsubscribed: the history stayed on "please wait..." for good.
    const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'listener@example.org', password: 'listen-2026' }),
    });
    const { data } = (await login.json()) as { data: { access_token: string; expires_in: number } };
    const { page, context, errors } = await newPage(browser());
    await storing(page, sessionKeyOf(baseUrl()), signedIn(data.access_token));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(pageUrl('blog-loader.html'));
    await addTags(page, ['sm-history'], 'beforeend');
    await page.locator('sm-history').getByRole('table').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a signed-in person's tag gets its markup and its first data while the code is on its way; the log-in screen does not", async () => {
    const person = await createVerifiedUser({ first: 'Early' });
    const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    const { data } = (await login.json()) as { data: { access_token: string } };
    const { page, context, errors } = await newPage(browser());
    // Signed in on the API host the tags name (its own key: the blog is on another origin).
    await storing(page, sessionKeyOf(baseUrl()), signedIn(data.access_token));
    const choices: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/webclient/in-web-purchase/credit-list'))
        choices.push(request.headers().authorization);
    });
    const code = await hold(page, TAG_CODE);
    await page.goto(pageUrl('blog-loader.html'));
    await addTags(page, ['sm-topup', 'sm-login', 'sm-history tab="content"']);
    // No code has run: the top-up shows its first view, and its credit choices are asked for with the person's token.
    await page.locator('sm-topup').getByRole('heading', { name: 'Top Up' }).waitFor();
    await expect.poll(() => choices).toEqual([`Bearer ${data.access_token}`]);
    expect(await page.evaluate(() => !!customElements.get('sm-topup'))).toBe(false);
    // The log-in screen's markup came too, but it is for visitors who are not signed in: it is not drawn.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => e.name.endsWith('/markup/sm-login.html')),
    );
    await page.waitForTimeout(300);
    expect(await page.locator('sm-login').evaluate((el) => el.shadowRoot)).toBeNull();
    // The history's markup shows its first tab: a history asked to open on another tab waits for its code.
    expect(await page.locator('sm-history').evaluate((el) => el.shadowRoot)).toBeNull();
    // Who the credits are for needs no data: the person answers it before any code. The credit choices' places are
    // held, out of the accessibility tree (the status line says it is loading).
    const topup = page.locator('sm-topup');
    await topup.getByRole('status').filter({ hasText: 'please wait...' }).waitFor();
    expect(await topup.locator('[aria-hidden="true"] .sm-skeleton-line').count()).toBe(5);
    expect(await topup.getByRole('radio').count()).toBe(2);
    await topup.getByRole('radio', { name: /As a gift/ }).check();
    // The code arrives: the choices show from the answer already here, not asked for again, and the gift is still
    // the choice, now the view's (it marks the card chosen) and so the payment's.
    await page.locator('sm-login').evaluate((el) => el.remove()); // signed in, it would send the person on
    code.release();
    await topup.locator('input[name="credit-option"]').first().waitFor();
    expect(choices).toHaveLength(1);
    await topup.locator('label[data-checked="true"]', { hasText: 'As a gift' }).waitFor();
    expect(await topup.getByRole('radio', { name: /As a gift/ }).isChecked()).toBe(true);
    await topup.getByRole('radio', { name: /^50 Credits/ }).check();
    await topup.getByRole('button', { name: 'Next' }).click();
    await topup.getByText('50 Credits for $5.00').waitFor();
    await page.locator('sm-history').getByRole('tab', { name: 'Content Purchase', selected: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a returning visitor whose sign-in has run out gets the log-in screen's markup, and nothing is asked with the old token", async () => {
    const { page, context, errors } = await newPage(browser());
    await storing(page, sessionKeyOf(baseUrl()), signedIn('run-out', Date.now() - 60_000));
    const tokens: string[] = [];
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization) tokens.push(`${authorization} ${request.url()}`);
    });
    const code = await hold(page, TAG_CODE);
    await page.goto(pageUrl('blog-loader.html'));
    await addTags(page, ['sm-login', 'sm-topup']);
    // Before any code: the log-in screen shows, as for anyone not signed in.
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    await page.locator('sm-topup').getByRole('heading', { name: 'Top Up' }).waitFor();
    await page.waitForTimeout(300);
    expect(tokens).toEqual([]);
    code.release();
    await page.waitForFunction(() => !!customElements.get('sm-login'));
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(tokens).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("markup pasted into a page that names a path on another host never sends the signed-in person's token there", async () => {
    const { page, context } = await newPage(browser());
    for (const key of [sessionKeyOf(baseUrl()), STORAGE_KEY]) await storing(page, key, signedIn('secret'));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.headers().authorization) asked.push(new URL(request.url()).host);
    });
    await hold(page, TAG_CODE);
    await page.goto(pageUrl('blog-loader.html'));
    // What a page that lets visitors post HTML, but no script, could be given: a tag with its own declarative shadow root.
    const named = '@evil.example/a //evil.example/b /\\evil.example/c /webclient/in-web-purchase/credit-list';
    await page.evaluate(
      ([api, paths]) => {
        const root = `<template shadowrootmode="open"><p data-sm-early-signed-in="${paths}">Loading</p></template>`;
        (document.querySelector('main') as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(
          `<sm-topup api-base="${api}">${root}</sm-topup><sm-survey>${root}</sm-survey>`,
        );
      },
      [baseUrl(), named],
    );
    // The one path on the tag's own host is asked for, with the token; nothing goes anywhere else.
    await expect.poll(() => asked).toContain(new URL(baseUrl()).host);
    await page.waitForTimeout(300);
    expect(
      asked.filter((host) => host !== new URL(baseUrl()).host && host !== new URL(pageUrl('blog-loader.html')).host),
    ).toEqual([]);
    await context.close();
  });

  it('the carousel does not move by itself when the person prefers reduced motion', async () => {
    const { page, context } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(pageUrl('blog-loader.html'));
    const donate = page.locator('sm-donate');
    await donate.getByRole('button', { name: 'Play' }).waitFor();
    const active = () =>
      donate.evaluate((el) =>
        [...el.shadowRoot!.querySelectorAll('.sm-slide')].findIndex((s) => s.getAttribute('data-active') === 'true'),
      );
    const start = await active();
    await page.waitForTimeout(4500);
    expect(await active()).toBe(start);
    await context.close();

    const moving = await newPage(browser());
    await moving.page.goto(pageUrl('blog-loader.html'));
    await moving.page.locator('sm-donate').getByRole('button', { name: 'Pause' }).waitFor();
    await moving.context.close();
  });
});

describe('the app webview', () => {
  async function openWebview(options: { colorScheme?: 'light' | 'dark' } = {}) {
    const person = await createVerifiedUser({ first: 'Webview' });
    // The app has signed the person in (its one-time token hand-off); the webview's storage holds the session.
    const opened = await signedInElsewhere(browser(), person.email, person.password, { fromApps: true });
    if (options.colorScheme) await opened.page.emulateMedia({ colorScheme: options.colorScheme });
    return opened;
  }
  const cardColour = (page: Page) =>
    page
      .locator('sm-survey')
      .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor);

  it('shows the survey on a phone, loads only its code, and the close icon asks the app to close', async () => {
    const { page, context, errors } = await openWebview();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await recordAppLinks(context);
    await page.goto(pageUrl('webview.html'));
    const survey = page.locator('sm-survey');
    await survey.getByText(/^1 of \d+$/).waitFor();
    // Its code, and no other tag's. The module that draws its first question before that code comes is asked for
    // only when the tag's markup came first (on a busy machine the code may win: React draws it then); the next test
    // holds the code back to see that module draw.
    const tags = widgetCode(urls).filter((n) => /^sm-/.test(n));
    expect(tags.filter((n) => n !== 'sm-survey.draw')).toEqual(['sm-survey']);
    // Fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await appLinks(page)).toEqual([]);
    await survey.getByRole('button', { name: 'Close survey' }).click();
    expect(await appLinks(page)).toEqual(['smapp://survey_done']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the first question the moment it arrives, before the code comes; a choice made then is kept and hydrated', async () => {
    const { page, context, errors } = await openWebview();
    // The survey's code (its entry and the shared chunks) is held; the loader and the survey's draw module come.
    const code = await hold(page, /\/(widgets\/sm-survey|assets\/[^/]+)\.js$/);
    await page.goto(pageUrl('webview.html'));
    const survey = page.locator('sm-survey');
    const answers = survey.locator('label.sm-option');
    await answers.first().waitFor();
    const drawn = await survey.evaluate((el) => {
      const root = el.shadowRoot!;
      // Marked, to tell the same nodes (hydrated) from nodes drawn again.
      (root.querySelector('h1') as HTMLElement & { __drawn?: boolean }).__drawn = true;
      return {
        defined: !!customElements.get('sm-survey'),
        progress: root.querySelector('.sm-progress')!.textContent,
        title: root.querySelector('h1')!.textContent,
        answers: [...root.querySelectorAll('label.sm-option')].map((l) => l.textContent),
      };
    });
    expect(drawn.defined).toBe(false);
    expect(drawn.progress).toMatch(/^1 of \d+$/);
    expect(drawn.title).not.toBe('');
    expect(drawn.answers.length).toBeGreaterThan(0);
    expect(code.requested()).toBe(true);
    // Before the code has come, the person chooses the first answer, and chooses the second and takes it back.
    await answers.nth(0).click();
    await answers.nth(1).click();
    await answers.nth(1).click();
    code.release();
    await page.waitForFunction(() => !!customElements.get('sm-survey'));
    // Once hydrated, the model has the first, and only it: Next is enabled, and the view marks that answer chosen.
    await survey.locator('label.sm-option[data-checked="true"]').first().waitFor();
    await expect.poll(() => survey.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await page.waitForTimeout(300);
    const after = await survey.evaluate((el) => {
      const root = el.shadowRoot!;
      const labels = [...root.querySelectorAll('label.sm-option')];
      return {
        same: !!(root.querySelector('h1') as HTMLElement & { __drawn?: boolean }).__drawn,
        title: root.querySelector('h1')!.textContent,
        answers: labels.map((l) => l.textContent),
        checked: labels.map((l) => (l.querySelector('input') as HTMLInputElement).checked),
        marked: labels.map((l) => l.getAttribute('data-checked') === 'true'),
      };
    });
    const only = drawn.answers.map((_, i) => i === 0);
    expect(after).toEqual({ same: true, title: drawn.title, answers: drawn.answers, checked: only, marked: only });
    // Next goes on to the second question, as without the early drawing.
    await survey.getByRole('button', { name: 'Next' }).click();
    await survey.getByText(/^2 of \d+$/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies the dark theme: from theme="dark", and from the system unless theme="light"', async () => {
    const [light, dark] = ['rgb(255, 255, 255)', 'rgb(27, 24, 32)'];
    // The system's scheme (light unless told), the card in it, and the theme attribute that turns it the other way.
    for (const [colorScheme, before, theme, after] of [
      [undefined, light, 'dark', dark],
      ['dark', dark, 'light', light],
    ] as const) {
      const { page, context, errors } = await openWebview(colorScheme ? { colorScheme } : {});
      await page.goto(pageUrl('webview.html'));
      await page
        .locator('sm-survey')
        .getByText(/^1 of \d+$/)
        .waitFor();
      expect(await cardColour(page), colorScheme ?? 'light').toBe(before);
      await page.locator('sm-survey').evaluate((el, value) => el.setAttribute('theme', value), theme);
      expect(await cardColour(page), `theme="${theme}"`).toBe(after);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
