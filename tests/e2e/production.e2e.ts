/**
 * The portal as it is deployed (`npm run start:production`, sandbox/production.ts), started here on free ports: its
 * files built with VITE_API_BASE and served statically on one origin, the sandbox as the API on another, a blog on a
 * third. The suite's own sandbox serves the portal and the API on one origin, which hides what breaks here.
 * It runs twice: with the sandbox's own static server, and with a real nginx configured only by a minimal server
 * block and the include the build wrote (PORTAL_SERVER=nginx, sandbox/nginx.ts), whose headers are checked against
 * the build's _headers file, and onto which a second build is deployed while a page of the first is open.
 */
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/core/emulator';
import { servedFiles } from '../../sandbox/core/portal-headers';
import { nginxMissing } from '../../sandbox/nginx';
import { buildPortal } from '../../sandbox/build';
import { logIn, payByCard as payByCardIn, Person, type Engine } from './engines/driver';
import { firefoxEngine } from './engines/firefox';
import { webkitEngine } from './engines/webkit';
import {
  browserPerFile,
  chooseTopUp,
  drawn,
  intlWorkerFetches,
  logInOnForm,
  newPage,
  payByCard,
  recordDrawn,
  slowPhone,
  startScript,
  type Script,
  joinNewsletter,
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

/** The command on free ports, in a folder of its own (it builds the portal first, hence the long wait). */
async function startShape(server: 'node' | 'nginx'): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'sm-production-'));
  // nginx's workers run as another user (nobody, when started as root), who must be able to read the build.
  chmodSync(dir, 0o755);
  const [portal, api, blog] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORTAL_PORT: String(portal),
    API_PORT: String(api),
    BLOG_PORT: String(blog),
    PORTAL_SERVER: server,
    SM_OUT_DIR: join(dir, 'dist'),
    SANDBOX_DB: join(dir, 'sm.sqlite'),
    SANDBOX_SCRYPT_N: '1024',
  };
  running = await startScript('sandbox/production.ts', env, printedShape, 150_000);
}
async function stopShape(): Promise<void> {
  await running?.stop();
  running = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}

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

/** The portal's flows on its own origin, the API on another; run with each server. */
function flowsOnThePortal(): void {
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
    await chooseTopUp(page, { credits: '100 Credits', method: 'Credit / Debit Card' });
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
    await joinNewsletter(newsletter, 'blog.reader@example.org');
    expect(calls).toEqual([`${shape.api}/subscribe-newsletter`]);
    expect(errors).toEqual([]);
    await context.close();
  });
}

describe('served by the sandbox (sandbox/production.ts portalFiles)', () => {
  beforeAll(() => startShape('node'), 180_000);
  afterAll(stopShape);
  flowsOnThePortal();
});

describe("served by nginx with the build's own include", () => {
  beforeAll(async () => {
    const missing = nginxMissing();
    // CI installs it (.ci/run): a machine without it fails here, saying what to install.
    if (missing) throw new Error(missing);
    await startShape('nginx');
  }, 180_000);
  afterAll(stopShape);
  flowsOnThePortal();
  deployedFiles();
  inTheOtherEngines();
});

/** The build's _headers file read as Netlify and Cloudflare Pages read it: each path pattern and its headers. */
function readHeadersFile(file: string): { path: string; headers: Record<string, string> }[] {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const [, name, value] = /^\s+([^:]+):\s*(.*)$/.exec(line)!;
      rules.at(-1)!.headers[name!.toLowerCase()] = value!;
    }
  }
  return rules;
}

/** What nginx must answer for the built files: as declared, nothing private, and a deploy over an open page. */
function deployedFiles(): void {
  const dist = () => join(dir!, 'dist');

  it('answers every file the build wrote with the headers its _headers file declares', async () => {
    const rules = readHeadersFile(join(dist(), '_headers'));
    const declared = (path: string) =>
      Object.assign(
        {},
        ...rules
          .filter((r) => (r.path.endsWith('/*') ? path.startsWith(r.path.slice(0, -1)) : r.path === path))
          .map((r) => r.headers),
      ) as Record<string, string>;
    const files = servedFiles(dist());
    expect(files.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const path of ['/', ...files]) {
      const response = await fetch(`${shape.portal}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      await response.arrayBuffer();
      const expected = { ...declared(path) };
      if (!expected['content-type']) {
        const ext = path.endsWith('/') ? '.html' : path.slice(path.lastIndexOf('.'));
        expected['content-type'] = {
          '.html': 'text/html; charset=utf-8',
          '.js': 'text/javascript; charset=utf-8',
          '.css': 'text/css; charset=utf-8',
          '.json': 'application/json; charset=utf-8',
        }[ext]!;
      }
      if (response.status !== 200) wrong.push(`${path}: ${response.status}`);
      for (const [name, value] of Object.entries(expected))
        if (response.headers.get(name) !== value) wrong.push(`${path}: ${name} is ${response.headers.get(name)}`);
      // The compressed copy the build wrote beside it is what goes, when there is one.
      const copy = readdirSync(join(dist(), path.replace(/[^/]*$/, ''))).includes(`${path.split('/').pop()}.br`);
      if (copy && response.headers.get('content-encoding') !== 'br') wrong.push(`${path}: not its .br copy`);
    }
    expect(wrong).toEqual([]);
    // Both kinds of caching are there: the hashed files for a year, the rest checked on every use.
    expect(declared('/assets/x.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/widgets/loader.js', '/widgets/markup/sm-login.html'])
      expect(declared(path)['cache-control'], path).toBe('no-cache');
  });

  it('revalidates a fixed name with a 304, and serves no source map, dot file or deployment file', async () => {
    const first = await fetch(`${shape.portal}/widgets/loader.js`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${shape.portal}/widgets/loader.js`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    for (const path of [
      '/widgets/loader.js.map',
      '/widgets/loader.js%2emap',
      '/widgets/loader.js.m%61p',
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/_headers',
      '/_nginx.conf',
      '/index.html.br',
      '/../package.json',
    ])
      expect((await fetch(`${shape.portal}${path}`)).status, path).toBe(404);
  });

  it("enforces the page's CSP and Trusted Types: its own script runs, nothing else writes HTML", async () => {
    const { page, context, errors } = await newPage(browser());
    const response = await page.goto(`${shape.portal}/#/login`);
    const policy = response!.headers()['content-security-policy']!;
    expect(policy).toContain("require-trusted-types-for 'script'");
    expect(policy).toContain(`connect-src 'self' ${shape.api}`);
    await logInOnForm(page, GRACE.email, GRACE.password);
    await page.waitForURL(/#\/home$/);
    await page.getByRole('button', { name: GRACE.name }).waitFor();
    expect(errors, 'the portal itself broke no rule').toEqual([]);
    // The worker that loads Intl's data started, past the same policy (host/boot/intl.ts).
    expect(policy).toMatch(/trusted-types sm-portal sm-intl$/);
    expect(await page.evaluate(intlWorkerFetches)).toBe(1);
    // A script of the page's (as an injected one would be) cannot write HTML past the policy.
    const refused = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x>';
        return false;
      } catch (error) {
        return error instanceof TypeError;
      }
    });
    expect(refused).toBe(true);
    expect(errors).toEqual(["This document requires 'TrustedHTML' assignment. The action has been blocked."]);
    await context.close();
  });

  it('a second build deployed over the first: an open page of the first goes on, and a reload takes the second', async () => {
    const { page, context, errors } = await newPage(browser());
    await signInOnPortal(page);
    const firstScript = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[src*="portal-"]')!.src,
    );
    // Another build (its code differs, so its hashed names do), deployed as docs/deploy.md says: copied over the
    // first, the files with fixed names replaced and the hashed ones of the first kept.
    const second = join(dir!, 'second');
    await buildPortal(second, shape.api, () => {}, { VITE_APP_SCHEME: 'smapp-next' });
    const before = new Set(readdirSync(join(dist(), 'assets')));
    const added = readdirSync(join(second, 'assets')).filter((file) => !before.has(file));
    expect(added.length).toBeGreaterThan(0);
    cpSync(second, dist(), { recursive: true });
    // The open page goes on: a top-up it had not loaded yet reaches the checkout and comes back.
    const before100 = (await apiAsGrace<{ credit_balance: number }>('/webclient/account/profile')).credit_balance;
    await page.getByRole('link', { name: 'Top Up' }).click();
    await chooseTopUp(page, { credits: '100 Credits', method: 'Credit / Debit Card' });
    await payOnCheckout(page);
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    expect(await page.getByTestId('new-balance').textContent()).toBe(`${before100 + 100} Credits`);
    // Coming back from the checkout loaded the portal anew: it is the second build now, signed in still.
    const script = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="portal-"]')!.src);
    expect(script).not.toBe(firstScript);
    await page.reload();
    await page.getByRole('button', { name: GRACE.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
}

/** A member signs in and tops up by card on the nginx-served portal, in Firefox and in WebKit (Chromium: above). */
function inTheOtherEngines(): void {
  it.each([
    ['Firefox', firefoxEngine],
    ['WebKit', webkitEngine],
  ] as [string, () => Engine][])(
    '%s: a member signs in and tops up 100 credits there',
    async (_, make) => {
      const engine = make();
      await engine.start();
      try {
        const person = new Person(await engine.newPage());
        const before = (await apiAsGrace<{ credit_balance: number }>('/webclient/account/profile')).credit_balance;
        await person.page.goto(`${shape.portal}/#/login`);
        await logIn(person, GRACE);
        await person.waitForUrl(/#\/home$/);
        await person.click({ role: 'link', name: 'Top Up' });
        await person.click({ role: 'radio', name: /^100 Credits/ });
        await person.click({ role: 'button', name: 'Next' });
        await person.click({ role: 'radio', name: 'Credit / Debit Card' });
        await person.click({ role: 'button', name: 'Continue to Payment' });
        await payByCardIn(person);
        await person.waitForUrl((url) => url.startsWith(`${shape.portal}/#/success?type=self`));
        await person.waitFor({ role: 'heading', name: 'Top Up Successful' });
        expect(await person.text({ testId: 'new-balance' })).toBe(`${before + 100} Credits`);
        expect(await person.page.errors()).toEqual([]);
      } finally {
        await engine.stop();
      }
    },
    120_000,
  );
}
