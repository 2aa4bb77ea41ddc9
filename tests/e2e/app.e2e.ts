/**
 * The mobile app's webviews, walked through as the app would: a page playing the app mints a
 * one-time token and opens each entry with _t; each lands where the product says, _t leaves
 * the address bar at once, success returns through the app's deep links, and a used or
 * expired token shows the login form, never another person's session.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appLinks,
  appToken,
  appUrl,
  baseUrl,
  browserPerFile,
  chooseTopUp,
  createVerifiedUser,
  drawn,
  newPage,
  payByCard,
  recordAppLinks,
  recordDrawn,
  signInNewPerson,
  slowPhone,
  storedEmail,
} from './support';

const browser = browserPerFile();

async function openEntry(page: Page, entry: string, email: string) {
  await page.goto(appUrl());
  await page.getByLabel('App user').fill(email);
  await page.getByRole('button', { name: `Open ${entry}`, exact: true }).click();
  await page.waitForURL((url) => url.href.startsWith(baseUrl()));
}

async function expectNoToken(page: Page) {
  await expect.poll(() => page.url()).not.toContain('_t=');
}

describe('mobile app entries', () => {
  it('top-up: lands on Top Up, pays, and returns through transaction_done', async () => {
    const person = await createVerifiedUser({ first: 'Ada' });
    const { page, context, errors } = await newPage(browser());
    await recordAppLinks(context);
    await openEntry(page, 'topup', person.email);
    await expectNoToken(page);
    await page.waitForURL(/#\/top-up$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sm.session.v1') ?? '{}'));
    expect(stored.fromApps).toBe(true);
    await expect.poll(() => storedEmail(page)).toBe(person.email);
    await chooseTopUp(page, { credits: '50 Credits', method: 'Credit / Debit Card' });
    await payByCard(page);
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect.poll(() => appLinks(page)).toEqual(['smapp://transaction_done']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['subscription', /#\/subscription$/],
    ['donation', /#\/donations\?_d=2$/],
  ])('%s: lands where the product says', async (entry, landing) => {
    const person = await createVerifiedUser({ first: 'Eve' });
    const { page, context } = await newPage(browser());
    await openEntry(page, entry, person.email);
    await expectNoToken(page);
    await page.waitForURL(landing);
    await context.close();
  });

  it('survey: lands on the survey and its close icon returns through survey_done', async () => {
    const person = await createVerifiedUser({ first: 'Sol' });
    const { page, context } = await newPage(browser());
    await recordAppLinks(context);
    await openEntry(page, 'survey', person.email);
    await expectNoToken(page);
    await page.waitForURL(/#\/survey$/);
    await page
      .locator('sm-survey')
      .getByText(/^1 of \d+$/)
      .waitFor();
    await page.getByRole('button', { name: 'Close survey' }).click();
    await expect.poll(() => appLinks(page)).toEqual(['smapp://survey_done']);
    await context.close();
  });

  it("survey: a token exchange that answers after the page's code has come still lands signed in", async () => {
    // A webview with the portal's code at hand (cached) and a slow API: the tags are defined before the head script has
    // signed the link in. They must wait for it, not read a signed-out session ("Your session has ended").
    const person = await createVerifiedUser({ first: 'Tom' });
    const { page, context, errors } = await newPage(browser());
    await page.route(/\/webclient\/auth\/mobile-login/, async (route) => {
      await new Promise((answer) => setTimeout(answer, 3000));
      await route.continue();
    });
    await openEntry(page, 'survey', person.email);
    await page.waitForURL(/#\/survey$/, { timeout: 15_000 });
    await page
      .locator('sm-survey')
      .getByText(/^1 of \d+$/)
      .waitFor();
    await expect.poll(() => storedEmail(page)).toBe(person.email);
    await expect(page.locator('sm-survey').getByRole('alert').count()).resolves.toBe(0);
    expect(page.url()).toMatch(/#\/survey$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('change-subscription: a monthly partner lands on Select Amount; Continue returns transaction_done with the price', async () => {
    const { page, context } = await newPage(browser());
    await recordAppLinks(context);
    await openEntry(page, 'change-subscription', 'partner@example.org');
    await expectNoToken(page);
    await page.waitForURL(/#\/change-subscription$/);
    await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
    const slider = page.getByRole('slider', { name: 'Amount in dollars' });
    await slider.focus();
    await slider.fill('12');
    await page.getByRole('button', { name: 'Change Amount' }).click();
    await page.getByRole('heading', { name: 'Amount Changed' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => appLinks(page)).toEqual(['smapp://transaction_done?price=12']);
    await context.close();
  });

  it('update-payment and direct-subscribe go straight to the card checkout', async () => {
    const { page, context } = await newPage(browser());
    await openEntry(page, 'update-payment', 'partner@example.org');
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Save card' }).waitFor();
    const person = await createVerifiedUser({ first: 'Dot' });
    await openEntry(page, 'direct-subscribe', person.email);
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('$9.00').first().waitFor();
    await context.close();
  });

  it('a used token shows the login form and no session, and so does an expired one', async () => {
    const person = await createVerifiedUser({ first: 'Ula' });
    const { page, context } = await newPage(browser());
    await openEntry(page, 'topup', person.email);
    await page.waitForURL(/#\/top-up$/);
    await expect.poll(() => storedEmail(page)).toBe(person.email);
    // A token used once, then opened again in a fresh webview.
    const replay = await newPage(browser());
    const minted = await appToken(person.email);
    await replay.page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(minted)}&type=topup`);
    await replay.page.waitForURL(/#\/top-up$/);
    const second = await newPage(browser());
    await second.page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(minted)}&type=topup`);
    await second.page.getByText(/This sign-in link has expired/).waitFor();
    await second.page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(await second.page.evaluate(() => localStorage.getItem('sm.session.v1'))).toBeNull();
    // An expired token: minted, then the sandbox clock moves past its 10 minutes.
    const stale = await appToken(person.email);
    await fetch(`${baseUrl()}/sandbox/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_days: 1 }),
    });
    const third = await newPage(browser());
    await third.page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(stale)}&type=topup`);
    await third.page.getByText(/This sign-in link has expired/).waitFor();
    expect(third.page.url()).not.toContain('_t=');
    expect(await third.page.evaluate(() => localStorage.getItem('sm.session.v1'))).toBeNull();
    for (const c of [replay, second, third]) await c.context.close();
    await context.close();
  });
});

describe('app links on a slow phone', () => {
  it.each([
    ['topup', /#\/top-up$/, (page: Page) => page.getByRole('radio', { name: /^50 Credits/ })],
    ['donation', /#\/donations\?_d=2$/, (page: Page) => page.getByRole('button', { name: /Donate/ }).first()],
  ])(
    '%s: the type page from the first frame, never the sign-in page or the signed-out header',
    async (type, landing, ready) => {
      const person = await createVerifiedUser({ first: 'Ida' });
      const { page, context, errors } = await newPage(browser());
      await context.addInitScript(recordDrawn);
      const fullSpeed = await slowPhone(context, page);
      await page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(await appToken(person.email))}&type=${type}`);
      await page.waitForURL(landing);
      await ready(page).waitFor();
      const seen = await drawn(page);
      expect(seen.frames).toBeGreaterThan(2);
      expect(seen, 'frames and changes that drew the sign-in page or the signed-out header').toMatchObject({
        signInPage: 0,
        signedOutHeader: 0,
      });
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sm.session.v1') ?? '{}'));
      expect(stored.fromApps).toBe(true);
      await fullSpeed();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['update-payment', '', 'Opening the card update...'],
    ['direct-subscribe', '&price=9&method=credit_card&recurring=1', 'Preparing your membership...'],
  ])(
    '%s: its page signed in from the first frame, never the sign-in page or the signed-out header, on to the checkout',
    async (link, query, working) => {
      // The seeded partner has a monthly membership whose card can be updated; a new listener subscribes.
      const email =
        link === 'update-payment' ? 'partner@example.org' : (await createVerifiedUser({ first: 'Dee' })).email;
      const { page, context, errors } = await newPage(browser());
      await context.addInitScript(recordDrawn);
      const fullSpeed = await slowPhone(context, page);
      // The checkout's session is held until the page has been read: then the page leaves for the hosted checkout.
      let leave = () => {};
      const left = new Promise<void>((resolve) => (leave = resolve));
      let reached = () => {};
      const reaching = new Promise<void>((resolve) => (reached = resolve));
      await page.route(/\/webclient\/subscription\/(update-payment-)?create-session$/, async (route) => {
        reached();
        await left;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/#/${link}?_t=${encodeURIComponent(await appToken(email))}${query}`, {
        waitUntil: 'commit',
      });
      // The entry's card, prerendered, under the signed-in header (its places held) before any code has come.
      await page.locator('sm-subscribe').getByText(working).waitFor();
      expect(await page.locator('header .portal-user').count()).toBe(1);
      await reaching;
      const seen = await drawn(page);
      expect(seen.frames).toBeGreaterThan(2);
      expect(seen, 'frames and changes that drew the sign-in page or the signed-out header').toMatchObject({
        signInPage: 0,
        signedOutHeader: 0,
      });
      leave();
      await page.waitForURL(/\/sandbox\/checkout\//);
      await fullSpeed();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a link for another account than the one signed in here still asks "Continue as <email>?"', async () => {
    const { page, context, errors } = await signInNewPerson(browser(), { first: 'Una' });
    const linked = await createVerifiedUser({ first: 'Ola' });
    await page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(await appToken(linked.email))}&type=topup`);
    await page.getByText(`Continue as ${linked.email}?`).waitFor();
    await page.getByRole('button', { name: `Continue as ${linked.email}` }).click();
    await page.waitForURL(/#\/top-up$/);
    await expect.poll(() => storedEmail(page)).toBe(linked.email);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('premium page on a phone', () => {
  it('opens the app through its gopremium deep link after 500 ms', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    await recordAppLinks(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/#/premium`);
    await page.getByRole('heading', { name: 'Go Premium for as low as $1!' }).waitFor();
    await page.getByText('Premium Perks').waitFor();
    await expect.poll(() => appLinks(page)).toEqual(['smapp://gopremium']);
    expect(await page.getByTestId('payment-partners').textContent()).not.toContain('Apple Pay');
    await context.close();
  });
});
