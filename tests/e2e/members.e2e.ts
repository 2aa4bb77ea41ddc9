/**
 * A signed-in member opening the portal sees it signed in from the first paint: the page carries each member route's
 * markup as any signed-in person first sees it (tools/prerender.tsx), route.js shows it for a stored sign-in, and the
 * portal hydrates it (host/main.tsx, host/routes-shown.ts). On a phone's CPU (4x slower), for every member route and
 * the pages after a payment: the signed-out header never shows in any frame, nor the boot message, the markup
 * hydrates without a mismatch, and nothing moves as the data fills the places held for it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionKeyFor } from '../../shared/boot/boot';
import type { KeyValueStore } from '../../shared/deps/deps';
import { createRecords } from '../../shared/payments/records';
import { storedSignIn } from '../../shared/session/session';
import {
  baseUrl,
  browserPerFile,
  createVerifiedUser,
  drawn,
  hold,
  newPage,
  recordDrawn,
  slowPhone,
  watchLayoutShifts,
} from './support';

const browser = browserPerFile();

/** A free listener of this file's own (they pay on the pages after a payment: the seeded ones stay as they are). */
let listener: { email: string; password: string } | undefined;
beforeAll(async () => {
  listener = await createVerifiedUser({ first: 'Mira' });
});
/** The seeded monthly partner, only looked at (the change of amount's pages read what this browser keeps). */
const PARTNER = { email: 'partner@example.org', password: 'partner-2026' };

async function tokenOf(person: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl()}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(person),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** A checkout session of a kind, paid at the sandbox's checkout with a test card: the success page's session_id. */
async function paidSession(token: string, kind: 'credit' | 'subscription' | 'donation', pay = true): Promise<string> {
  const back = `${baseUrl()}/#/home?session_id={CHECKOUT_SESSION_ID}`;
  const [path, body] = {
    credit: [
      '/webclient/in-web-purchase/create-session',
      { currency: 'USD', amount: 10, credit: 100, identifier: 'credits_100', purchasefor: 1 },
    ],
    subscription: [
      '/webclient/subscription/create-session',
      { currency: 'USD', amount: 1, identifier: 'premium-one-time', recurring: 0, interval: 1 },
    ],
    donation: [
      '/webclient/donation/create-session',
      { currency: 'USD', amount: 10, identifier: 'donation', donation_id: 2, recurring: 0, frequency: 1 },
    ],
  }[kind] as [string, Record<string, unknown>];
  const created = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...body, success_url: back, cancel_url: back }),
  });
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  if (!pay) return id;
  await fetch(`${baseUrl()}/sandbox/checkout/${id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'card=4242424242424242',
    redirect: 'manual',
  });
  return id;
}

/** What a payment keeps in this browser, as its code writes it (shared/payments/records.ts). */
function paymentRecords(write: (records: ReturnType<typeof createRecords>) => void): Record<string, string> {
  const stored: Record<string, string> = {};
  const storage: KeyValueStore = {
    get: (key) => stored[key] ?? null,
    set: (key, value) => void (stored[key] = value),
    remove: (key) => void delete stored[key],
  };
  write(createRecords(storage, ''));
  return stored;
}

/** Counts the frames that showed the boot message ('please wait...'), from the document's first parse. */
function recordBoot(): void {
  const w = window as unknown as { __boot: number };
  w.__boot = 0;
  const frame = () => {
    if ([...document.querySelectorAll('.portal-boot')].some((e) => e.getClientRects().length > 0)) w.__boot += 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface Visit {
  /** The address (its hash), with {credit}, {subscription} or {donation} for a paid session's id. */
  address: string;
  /** The route the portal shows at the end. */
  ends?: RegExp;
  person?: { email: string; password: string };
  /** What this browser keeps of a payment (the pages after one read it). */
  records?: (records: ReturnType<typeof createRecords>) => void;
}

/** A phone that has this person signed in (as the session stores it) and this browser's records, before the page. */
async function signedInPhone(
  visit: Visit,
  record?: () => void,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser());
  const person = visit.person ?? listener!;
  const token = await tokenOf(person);
  const stored: Record<string, string> = {
    [sessionKeyFor('')]: storedSignIn({ accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 }),
    ...(visit.records ? paymentRecords(visit.records) : {}),
  };
  await opened.context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await opened.context.addInitScript(recordDrawn);
  await opened.context.addInitScript(recordBoot);
  if (record) await opened.context.addInitScript(record);
  await watchLayoutShifts(opened.page);
  await slowPhone(opened.context, opened.page);
  let address = visit.address;
  for (const kind of ['credit', 'subscription', 'donation'] as const)
    if (address.includes(`{${kind}}`)) address = address.replace(`{${kind}}`, await paidSession(token, kind));
  // A checkout opened and not paid: the page that confirms it hears that it waits.
  for (const kind of ['credit', 'subscription', 'donation'] as const)
    if (address.includes(`{unpaid ${kind}}`))
      address = address.replace(`{unpaid ${kind}}`, await paidSession(token, kind, false));
  await opened.page.goto(`${baseUrl()}/#${address}`);
  return opened;
}

interface HistoryFrame {
  /** The dashboard card is drawn (on home, above the history). */
  dashboard: boolean;
  /** The history's content (its tabs) is drawn: not skipped by the browser's rendering. */
  history: boolean;
  /** The height of the history's box. */
  height: number;
}

/** Records, at each animation frame from the first parse until the history's content is drawn, a HistoryFrame. */
function recordHistory(): void {
  const w = window as unknown as { __history: HistoryFrame[] };
  w.__history = [];
  const frame = () => {
    const history = document.querySelector('#portal sm-history');
    const content = history?.shadowRoot?.querySelector('[role="tablist"]');
    const dashboard = document.querySelector('#portal [data-testid="my-dashboard"]');
    if (history && content) {
      w.__history.push({
        dashboard: !!dashboard?.checkVisibility(),
        history: content.checkVisibility(),
        height: Math.round(history.getBoundingClientRect().height),
      });
    }
    if (!w.__history.some((f) => f.history) || w.__history.length < 5) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const now = Date.now();
const VISITS: Visit[] = [
  { address: '/home' },
  { address: '/history', ends: /#\/home$/ },
  { address: '/top-up' },
  { address: '/subscription' },
  { address: '/change-subscription', person: PARTNER },
  { address: '/donations?_d=2' },
  { address: '/survey' },
  { address: '/success?type=self&session_id={credit}' },
  { address: '/subscription-success?session_id={subscription}' },
  { address: '/donation-success?session_id={donation}&_d=2' },
  {
    address: '/change-subscription-success',
    person: PARTNER,
    records: (r) => r.write('change-subscription', { amount: 7, currency: 'USD', at: now }),
  },
  { address: '/transaction-success' },
  // A payment page with no payment to finish: where it goes, from the first paint (shared/payments/arrival.ts).
  { address: '/success', ends: /#\/home$/ },
  { address: '/subscription-success', ends: /#\/home$/ },
  { address: '/donation-success', ends: /#\/home$/ },
  { address: '/checkout', ends: /#\/top-up$/ },
  { address: '/subscription-checkout', ends: /#\/subscription$/ },
  {
    address: '/transaction-failed',
    records: (r) => r.write('payment-error', { message: 'Your card was declined.', at: now }),
  },
  {
    address: '/result/pending',
    records: (r) =>
      r.write('payment-pending', { kind: 'credit', sessionId: 'cs_pending', method: 'credit_card', tries: 0, at: now }),
  },
  { address: '/missions' },
  { address: '/premium' },
  { address: '/donation-page' },
];

describe('a signed-in member on a phone', () => {
  it.each(VISITS)(
    'opens $address signed in from the first paint, hydrated as prerendered, nothing moving',
    async (visit) => {
      const { page, context, errors } = await signedInPhone(visit);
      // The profile has come and the portal shows it: hydrated, then filled.
      await page.locator('header .portal-user-button').waitFor();
      // The tags below the fold hydrate when the page is idle: a mismatch of theirs is reported by then. (The missions'
      // pictures keep coming as their carousels turn: the network is not always idle.)
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      await page.waitForTimeout(1500);
      expect(page.url()).toMatch(visit.ends ?? new RegExp(`#${visit.address.split('?')[0]!.replace(/[{}]/g, '')}`));
      const frames = await drawn(page);
      expect(frames.frames).toBeGreaterThan(0);
      expect(frames.signedOutHeader).toBe(0);
      expect(frames.signInPage).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __boot: number }).__boot)).toBe(0);
      // No hydration mismatch (newPage counts "did not match" warnings, and errors, as errors).
      expect(errors).toEqual([]);
      // The page holds each tag's style once, in a template (tools/prerender.tsx shareStyles): route.js wrote this block's.
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll('#portal *')].flatMap((tag) =>
          tag.shadowRoot
            ? [[tag.localName, tag.shadowRoot.querySelector('style')?.textContent?.length ?? 0] as const]
            : [],
        ),
      );
      for (const [tag, length] of styles) expect(length, tag).toBeGreaterThan(1000);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts);
      // Said with what moved, and when (support.ts watchLayoutShifts).
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThanOrEqual(0.05);
      await context.close();
    },
  );

  it('draws the history, far below the first screen, a frame after the rest of home, in the place kept for it', async () => {
    const { page, context, errors } = await signedInPhone({ address: '/home' }, recordHistory);
    await page.locator('sm-history').getByRole('tab', { name: 'Credit Purchase' }).waitFor();
    const frames = await page.evaluate(() => (window as unknown as { __history: HistoryFrame[] }).__history);
    // The first frame that draws home draws its dashboard, not yet the history's content.
    const first = frames.findIndex((f) => f.dashboard);
    expect(first, JSON.stringify(frames)).toBeGreaterThanOrEqual(0);
    expect(frames[first], JSON.stringify(frames)).toMatchObject({ dashboard: true, history: false });
    // Its content is drawn within a few frames, in a box of the same height before and after: nothing below it moves.
    const shown = frames.findIndex((f) => f.history);
    expect(shown - first, JSON.stringify(frames)).toBeGreaterThan(0);
    expect(shown - first, JSON.stringify(frames)).toBeLessThanOrEqual(3);
    expect(new Set(frames.slice(first).map((f) => f.height)).size, JSON.stringify(frames)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a donation that waits', '/donation-success?session_id={unpaid donation}', /#\/result\/pending$/, 'Missions'],
    [
      'a membership that failed',
      '/subscription-success?session_id={unpaid subscription}',
      /#\/transaction-failed$/,
      'Partner with',
    ],
    [
      'a top-up that failed',
      '/success?type=self&session_id={unpaid credit}',
      /#\/transaction-failed$/,
      'Pay-as-you-go',
    ],
  ])(
    'shows %s in the place of the page that confirmed it, under the same banner, with no wait between',
    async (_what, address, result, bannerSays) => {
      const { page, context, errors } = await signedInPhone({ address });
      // The frames where the portal's wait stood in for a page whose code had not come (host/Portal.tsx Later).
      await page.evaluate(() => {
        const w = window as unknown as { __waits: number };
        w.__waits = 0;
        const frame = () => {
          if ([...document.querySelectorAll('main .sm-overlay')].some((e) => e.getClientRects().length > 0))
            w.__waits += 1;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.waitForURL(result, { timeout: 20_000 });
      await page.getByRole('heading', { name: /^Payment (Pending|Failed!)$/ }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __waits: number }).__waits)).toBe(0);
      // The result page takes the place of the page it replaced (routes.ts keepsBanner): its banner and at least its
      // height, so nothing below it moves. Before, the wait in between moved the footer up and back (0.39), the
      // portal's own banner, of another height, moved the page (0.06 to 0.2), and a shorter card moved the footer up
      // (0.04).
      expect(await page.locator('.portal-banner').first().textContent()).toContain(bannerSays);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts);
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThanOrEqual(0.01);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("draws /survey's first question before any script has come, and keeps the answer chosen then", async () => {
    const opened = await newPage(browser());
    // The loader, the tags' code and the portal's: only the page (and its route.js) and the API answer.
    const code = await hold(opened.page, /\/(assets|widgets)\/[^/]+\.js$/);
    const token = await tokenOf(listener!);
    await opened.context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [sessionKeyFor(''), storedSignIn({ accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 })],
    );
    const { page, context, errors } = opened;
    await page.goto(`${baseUrl()}/#/survey`, { waitUntil: 'commit' });
    const survey = page.locator('sm-survey');
    const first = survey.locator('label.sm-option').first();
    await first.waitFor();
    expect(code.requested()).toBe(true);
    expect(await page.evaluate(() => !!customElements.get('sm-survey'))).toBe(false);
    await survey.getByText(/^1 of \d+$/).waitFor();
    await first.click();
    code.release();
    // The model has the answer chosen before its code came, and the survey goes on from it.
    await survey.locator('label.sm-option[data-checked="true"]').first().waitFor();
    await expect.poll(() => survey.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await survey.getByRole('button', { name: 'Next' }).click();
    await survey.getByText(/^2 of \d+$/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a choice made on /top-up before its code came, and the header holds its place meanwhile', async () => {
    const opened = await newPage(browser());
    const code = await hold(opened.page, /\/assets\/[^/]+\.js$/);
    const token = await tokenOf(listener!);
    await opened.context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [sessionKeyFor(''), storedSignIn({ accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 })],
    );
    const { page, context, errors } = opened;
    await page.goto(`${baseUrl()}/#/top-up`, { waitUntil: 'commit' });
    const topup = page.locator('sm-topup');
    const gift = topup.locator('label:nth-of-type(2) > input[name="purchasefor"]');
    await gift.waitFor();
    // Before any code: the signed-in header with a place for the person, nothing of theirs, nothing to press.
    const header = page.locator('header.portal-header');
    await header.locator('.portal-user-place').waitFor();
    expect(await header.locator('button').count()).toBe(0);
    await gift.check();
    code.release();
    await topup.locator('label[data-checked="true"] > input[name="purchasefor"][value="2"]').waitFor();
    await header.locator('.portal-user-button').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
