/**
 * The portal as it is deployed (`npm run start:production`, sandbox/production.ts), started here on free ports: its
 * files built with VITE_API_BASE and served statically on one origin, the sandbox as the API on another, a blog on a
 * third. The suite's own sandbox serves the portal and the API on one origin, which hides what breaks here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/core/emulator';
import {
  browserPerFile,
  drawn,
  logInOnForm,
  newPage,
  payByCard,
  recordDrawn,
  slowPhone,
  startScript,
  type Script,
} from './support';

const browser = browserPerFile();
/** The three origins the command printed. */
const shape = { portal: '', api: '', blog: '' };
let running: Script | undefined;
let dir: string | undefined;

/** Whether the command has printed the three addresses (it does once all three answer); reads them into `shape`. */
function printedShape(output: string): boolean {
  const printed = [...output.matchAll(/^ {2}(portal|API|blog) +(http:\/\/\S+)\/ /gm)];
  if (printed.length !== 3) return false;
  for (const [, name, origin] of printed) shape[name!.toLowerCase() as keyof typeof shape] = origin!;
  return true;
}

// The command on free ports, in a folder of its own (it builds the portal first, hence the long wait).
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sm-production-'));
  const [portal, api, blog] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORTAL_PORT: String(portal),
    API_PORT: String(api),
    BLOG_PORT: String(blog),
    SM_OUT_DIR: join(dir, 'dist'),
    SANDBOX_DB: join(dir, 'sm.sqlite'),
    SANDBOX_SCRYPT_N: '1024',
  };
  running = await startScript('sandbox/production.ts', env, printedShape, 150_000);
}, 180_000);
afterAll(async () => {
  await running?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const GRACE = { email: 'listener@example.org', password: 'listen-2026', name: 'Grace Listener' };

/** Signs Grace in on the portal's own origin and waits for her dashboard. */
async function signInOnPortal(page: Page): Promise<void> {
  await page.goto(`${shape.portal}/#/login`);
  await logInOnForm(page, GRACE.email, GRACE.password);
  await page.waitForURL(/#\/home$/);
}

/** Calls the API host as Grace (to read what the browser's steps changed). */
async function apiAsGrace<T>(path: string): Promise<T> {
  const login = await fetch(`${shape.api}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: GRACE.email, password: GRACE.password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const response = await fetch(`${shape.api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: T }).data;
}

async function missionTotal(id: number): Promise<number> {
  const response = await fetch(`${shape.api}/webclient/donation/ongoing-project`);
  const missions = ((await response.json()) as { data: { id: number; total_donation: number }[] }).data;
  return missions.find((m) => m.id === id)!.total_donation;
}

/** On the API host's checkout page (it must be there): pays with the card that succeeds. */
async function payOnCheckout(page: Page): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${shape.api}/sandbox/checkout/`));
  await payByCard(page);
}

describe('the portal on its own origin, the API on another', () => {
  it('a signed-in person who reloads a public route on a slow phone never sees the signed-out header', async () => {
    const { page, context, errors } = await newPage(browser());
    await signInOnPortal(page);
    await page.goto(`${shape.portal}/#/missions`);
    await context.addInitScript(recordDrawn);
    const fullSpeed = await slowPhone(context, page);
    await page.reload();
    await page.getByRole('button', { name: GRACE.name }).waitFor();
    await page.getByText('Hymnals for Rural Churches').first().waitFor();
    const seen = await drawn(page);
    expect(seen.frames).toBeGreaterThan(2);
    expect(seen.signedOutHeader, 'frames and changes that drew the signed-out header').toBe(0);
    await fullSpeed();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a card top-up leaves for the API host's checkout and returns to the portal with the credits added", async () => {
    const { page, context, errors } = await newPage(browser());
    await signInOnPortal(page);
    const before = (await apiAsGrace<{ credit_balance: number }>('/webclient/account/profile')).credit_balance;
    await page.getByRole('link', { name: 'Top Up' }).click();
    await page.waitForURL(/#\/top-up/);
    await page.getByRole('radio', { name: /^100 Credits/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnCheckout(page);
    await page.waitForURL((url) => url.href.startsWith(`${shape.portal}/#/success?type=self`));
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    expect(await page.getByTestId('new-balance').textContent()).toBe(`${before + 100} Credits`);
    expect((await apiAsGrace<{ credit_balance: number }>('/webclient/account/profile')).credit_balance).toBe(
      before + 100,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a gift to a mission goes round the same way: the portal, the checkout, the portal', async () => {
    const { page, context, errors } = await newPage(browser());
    await signInOnPortal(page);
    const before = await missionTotal(2);
    await page.goto(`${shape.portal}/#/donations?_d=2`);
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    await page.getByRole('button', { name: /Donate Now · \$10\.00/ }).click();
    await payOnCheckout(page);
    await page.waitForURL((url) => url.href.startsWith(`${shape.portal}/#/donation-success`));
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    await expect.poll(() => page.getByTestId('donation-result').textContent()).toContain('$10.00');
    expect(await missionTotal(2)).toBeCloseTo(before + 10, 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a blog with the script tag and no api-base subscribes through the build's API host", async () => {
    const { page, context, errors } = await newPage(browser());
    const calls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/subscribe-newsletter') && calls.push(request.url()));
    await page.goto(`${shape.blog}/`);
    // The donation form beside it draws its mission from the same host.
    await page.locator('sm-donate').getByText('Music Scholarships for Young Worship Leaders').first().waitFor();
    const newsletter = page.locator('sm-newsletter');
    await newsletter.getByRole('textbox', { name: 'Email' }).fill('blog.reader@example.org');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter
      .getByRole('status')
      .filter({ hasText: /subscrib/i })
      .waitFor();
    expect(calls).toEqual([`${shape.api}/subscribe-newsletter`]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
