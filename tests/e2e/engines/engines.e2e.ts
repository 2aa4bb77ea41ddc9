/**
 * The main flows in the other engines (issue #53): Firefox (Gecko, puppeteer-core over WebDriver BiDi) and WebKit
 * (WebKitGTK through WebKitWebDriver, as Safari and the iOS app's webviews), against the same built portal, sandbox and
 * blog as the Chromium suite. The scenarios are written once against engines/driver.ts and run in each engine: one
 * browser per engine for the file, a fresh profile per scenario. A person finds what they read (roles, labels, text,
 * through the tags' shadow roots) and uses a real mouse and keyboard; every page is checked to have logged no error
 * and no CSP or Trusted Types violation (the portal runs with both enforced).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import es from '../../../shared/i18n/messages/es.json';
import {
  appToken,
  baseUrl,
  blogUrl,
  createVerifiedUser,
  creditBalance,
  intlWorkerFetches,
  uniqueEmail,
} from '../support';
import { logIn, payByCard, Person, type Engine, type EnginePage, type Target } from './driver';
import { firefoxEngine } from './firefox';
import { webkitEngine } from './webkit';

const LISTENER = { email: 'listener@example.org', password: 'listen-2026' };
const PARTNER = { email: 'partner@example.org', password: 'partner-2026' };

const IN_LOGIN = 'sm-login';

async function missionTotal(id: number): Promise<number> {
  const response = await fetch(`${baseUrl()}/webclient/donation/ongoing-project`);
  const body = (await response.json()) as { data: { id: number; total_donation: number }[] };
  return body.data.find((m) => m.id === id)!.total_donation;
}

/** Each type of app link (docs/mobile-app.md), where it lands, and what shows there when it is ready. */
const APP_LINKS: { type: string; who?: typeof PARTNER; lands: RegExp; ready: Target }[] = [
  { type: 'topup', lands: /#\/top-up$/, ready: { role: 'radio', name: /^50 Credits/, within: 'sm-topup' } },
  {
    type: 'subscription',
    lands: /#\/subscription$/,
    ready: { role: 'radio', name: /^Monthly/, within: 'sm-subscribe' },
  },
  {
    type: 'change-subscription',
    who: PARTNER,
    lands: /#\/change-subscription$/,
    ready: { role: 'heading', name: 'Select Amount' },
  },
  {
    type: 'donation',
    lands: /#\/donations\?_d=2$/,
    ready: { role: 'heading', level: 1, name: 'Music Scholarships for Young Worship Leaders' },
  },
  { type: 'survey', lands: /#\/survey$/, ready: { text: /^1 of \d+$/, within: 'sm-survey' } },
  // Any other type lands on Home.
  { type: 'dashboard', lands: /#\/home$/, ready: { role: 'heading', name: 'My Dashboard' } },
];

/** The signed-in routes (spec section 4) and what shows on each when it is ready; /history is home's page. */
const MEMBER_ROUTES: { route: string; ready: Target }[] = [
  { route: '/home', ready: { role: 'heading', name: 'My Dashboard' } },
  { route: '/top-up', ready: { role: 'radio', name: /^50 Credits/, within: 'sm-topup' } },
  { route: '/subscription', ready: { role: 'radio', name: /^Monthly/, within: 'sm-subscribe' } },
  {
    route: '/donations?_d=2',
    ready: { role: 'heading', level: 1, name: 'Music Scholarships for Young Worship Leaders' },
  },
  { route: '/survey', ready: { text: /^1 of \d+$/, within: 'sm-survey' } },
  // Its tabs are drawn a frame after the rest of home (host/styles/pages.css): they show in this engine too.
  { route: '/history', ready: { role: 'tab', name: 'Credit Purchase', within: 'sm-history' } },
];

const ENGINES: Engine[] = [firefoxEngine(), webkitEngine()];

describe.each(ENGINES.map((engine) => [engine.name, engine] as const))('in %s', (_name, engine) => {
  const opened: EnginePage[] = [];
  /** A person on a fresh page (a fresh profile) of this engine's browser. */
  const newPerson = async () => {
    const page = await engine.newPage();
    opened.push(page);
    return new Person(page);
  };
  /** A listener of this engine's own, for the app links (nothing of theirs changes). */
  let member: { email: string; password: string };

  beforeAll(async () => {
    await engine.start();
    member = await createVerifiedUser({ first: engine.name });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await engine.stop();
  });

  it('signs in with email and password and sees My Dashboard', async () => {
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login`);
    // The worker that loads Intl's data off the main thread started, past the page's CSP and Trusted Types.
    const workers = () => person.page.evaluate(intlWorkerFetches);
    await person.until(
      async () => (await workers()) === 1,
      async () => `The page fetched intl-worker.js ${await workers()} times, not once`,
    );
    await logIn(person, LISTENER);
    await person.waitForUrl(/#\/home$/);
    const dashboard = '[data-testid="my-dashboard"]';
    await person.waitFor({ role: 'heading', name: 'My Dashboard', within: dashboard });
    await person.waitFor({ text: 'Grace Listener', within: dashboard });
    await person.waitFor({ text: LISTENER.email, within: dashboard });
    const credits = await creditBalance(LISTENER.email, LISTENER.password);
    await person.until(
      async () => (await person.text({ testId: 'credit-balance' })) === `${credits} Credits`,
      async () => `The balance says ${await person.text({ testId: 'credit-balance' })}, not ${credits} Credits`,
    );
    const screenshot = await person.page.screenshot();
    expect(screenshot.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.SCREENSHOTS) {
      const dir = join(import.meta.dirname, '../../../test-results/engines');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${engine.name.toLowerCase()}-dashboard.png`), screenshot);
    }
    expect(await person.page.errors()).toEqual([]);
  });

  it.each(APP_LINKS)(
    'app link type=$type: its page signed in from the first frame, never the sign-in page or the signed-out header',
    async ({ type, who, lands, ready }) => {
      const person = await newPerson();
      const token = await appToken((who ?? member).email);
      await person.page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(token)}&type=${type}`);
      await person.waitForUrl(lands);
      await person.waitFor(ready);
      // The token left the address at once.
      expect(await person.page.url()).not.toContain('_t=');
      // A few frames drawn, so that the record says something (a busy machine may have drawn only two by now).
      await person.until(
        async () => (await person.drawn()).frames > 2,
        async () => `only ${(await person.drawn()).frames} frames were drawn`,
      );
      const drawn = await person.drawn();
      // Recorded from the document's start: nothing parsed or painted before.
      expect(drawn.fromStart, 'recorded from the start of the document').toBe(true);
      expect(drawn, 'frames and changes that drew the sign-in page or the signed-out header').toMatchObject({
        signInPage: 0,
        signedOutHeader: 0,
      });
      // The session is the app's (its links end in smapp://), and the person's.
      const session = await person.until(
        () =>
          person.page.evaluate(() => {
            const stored = JSON.parse(localStorage.getItem('sm.session.v1') ?? '{}') as {
              fromApps?: boolean;
              user?: { email?: string };
            };
            return stored.user?.email ? stored : null;
          }),
        () => 'No signed-in person stored',
      );
      expect(session).toMatchObject({ fromApps: true, user: { email: (who ?? member).email } });
      expect(await person.page.errors()).toEqual([]);
    },
  );

  it('a member opening each signed-in route afresh sees it signed in from the first frame', async () => {
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login`);
    await logIn(person, member);
    await person.waitForUrl(/#\/home$/);
    for (const { route, ready } of MEMBER_ROUTES) {
      // A new document each time (a hash alone would move within the same one), with the stored sign-in.
      await person.page.goto(`${baseUrl()}/custom-elements.json`);
      await person.page.goto(`${baseUrl()}/#${route}`);
      await person.waitFor(ready);
      await person.until(
        async () => (await person.drawn()).frames > 2,
        async () => `only ${(await person.drawn()).frames} frames were drawn on ${route}`,
      );
      const drawn = await person.drawn();
      expect(drawn.fromStart, `${route}: recorded from the start of the document`).toBe(true);
      expect(drawn, `${route}: frames that drew the sign-in page or the signed-out header`).toMatchObject({
        signInPage: 0,
        signedOutHeader: 0,
      });
      // Left once every tag on it works.
      await person.until(
        () =>
          person.page.evaluate(() =>
            [...document.querySelectorAll('*')]
              .filter((element) => element.localName.startsWith('sm-'))
              .every((element) => customElements.get(element.localName)),
          ),
        () => `${route}: a tag's code did not come`,
      );
    }
    expect(await person.page.errors()).toEqual([]);
  });

  it('a refused app link shows the sign-in page with its message, and the recorder sees it drawn', async () => {
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login?_t=not-a-token&type=topup`);
    await person.waitFor({ text: /This sign-in link has expired/, within: IN_LOGIN });
    await person.waitFor({ role: 'button', name: 'Continue with Email', within: IN_LOGIN });
    expect(await person.page.url()).not.toContain('_t=');
    // What the app link scenarios count as never drawn is counted when it is.
    const drawn = await person.drawn();
    expect(drawn.fromStart).toBe(true);
    expect(drawn.signInPage).toBeGreaterThan(0);
  });

  it('tops up 100 credits by card: the checkout, then the new balance on the success page', async () => {
    const buyer = await createVerifiedUser({ first: 'Tess' });
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login`);
    await logIn(person, buyer);
    await person.waitForUrl(/#\/home$/);
    await person.click({ role: 'link', name: 'Top Up' });
    await person.waitForUrl(/#\/top-up$/);
    await person.waitFor({ text: 'Pay-as-you-go' });
    await person.click({ role: 'radio', name: /^100 Credits/ });
    await person.click({ role: 'button', name: 'Next' });
    await person.click({ role: 'radio', name: 'Credit / Debit Card' });
    await person.click({ role: 'button', name: 'Continue to Payment' });
    await person.waitForUrl(/\/sandbox\/checkout\//);
    await person.waitFor({ text: '$10.00' });
    await payByCard(person);
    await person.waitForUrl(/#\/success\?type=self/);
    await person.waitFor({ role: 'heading', name: 'Top Up Successful' });
    expect(await person.text({ testId: 'new-balance' })).toBe('100 Credits');
    expect(await creditBalance(buyer.email, buyer.password)).toBe(100);
    expect(await person.page.errors()).toEqual([]);
  });

  it('gives $10 anonymously on a blog of another origin: paid at the checkout, thanked on the blog', async () => {
    const person = await newPerson();
    const before = await missionTotal(2);
    await person.page.goto(blogUrl());
    await person.waitFor({ role: 'heading', level: 1, name: 'Music Scholarships for Young Worship Leaders' });
    await person.click({ role: 'button', name: /^Donate Now · \$10\.00/, within: 'sm-donate' });
    await payByCard(person);
    // Back on the blog (not the portal), the tag thanks the donor in place.
    await person.waitForUrl((url) => url.startsWith(blogUrl()));
    await person.waitFor({ role: 'heading', name: 'Thank You for Your Gift!', within: 'sm-donate' });
    await person.waitFor({ role: 'heading', name: 'Songs of the Harvest' });
    expect(await missionTotal(2)).toBeCloseTo(before + 10, 2);
    expect(await person.page.errors()).toEqual([]);
  });

  it('joins the newsletter and sees it confirmed', async () => {
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login`);
    await person.fill({ role: 'textbox', name: 'Email', within: 'sm-newsletter' }, uniqueEmail('engines'));
    await person.click({ role: 'button', name: 'Subscribe', within: 'sm-newsletter' });
    await person.waitFor({ text: 'Thank you for subscribing to our newsletter!', within: 'sm-newsletter' });
    expect(await person.page.errors()).toEqual([]);
  });

  it('switches the portal to Español from the language menu, and it stays so', async () => {
    const person = await newPerson();
    await person.page.goto(`${baseUrl()}/#/login`);
    await person.waitFor({ role: 'button', name: 'Continue with Email', within: IN_LOGIN });
    // The menu, named in every language at once; chosen with the keyboard once it has the focus (a native menu's
    // popup is the browser's, not the page's).
    await person.click({ role: 'combobox', name: /^Language/ });
    await person.page.press('Escape');
    await person.page.type('Esp');
    await person.until(
      () => person.page.evaluate(() => document.documentElement.lang === 'es'),
      () => 'The portal is not in Spanish',
    );
    await person.waitFor({ role: 'button', name: es['login.social.email'], within: IN_LOGIN });
    await person.waitFor({ role: 'heading', name: es['newsletter.title'], within: 'sm-newsletter' });
    // The choice is kept: the portal opens in Spanish again.
    await person.page.goto(`${baseUrl()}/#/login`);
    await person.waitFor({ role: 'button', name: es['login.social.email'], within: IN_LOGIN });
    expect(await person.page.errors()).toEqual([]);
  });

  it('signs in with the keyboard alone: Tab, typing and Enter, the focus drawn at every step', async () => {
    const person = await newPerson();
    const unseen: string[] = [];
    await person.page.goto(`${baseUrl()}/#/login`);
    await person.waitFor({ role: 'button', name: 'Continue with Email', within: IN_LOGIN });
    await person.tabTo(/^Continue with Email$/, unseen);
    await person.page.press('Enter');
    await person.waitFor({ label: 'Email', within: IN_LOGIN });
    await person.tabTo(/^Email$/, unseen);
    await person.page.type(LISTENER.email);
    await person.tabTo(/^Password$/, unseen);
    await person.page.type(LISTENER.password);
    await person.tabTo(/^Log In$/, unseen);
    await person.page.press('Enter');
    await person.waitForUrl(/#\/home$/);
    await person.waitFor({ role: 'heading', name: 'My Dashboard' });
    expect(unseen, 'focused elements without a visible focus').toEqual([]);
    expect(await person.page.errors()).toEqual([]);
  });
});
