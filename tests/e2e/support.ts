/** Helpers for the end-to-end suites: the browser, the sandbox's mailbox and app tokens. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Mail } from '../../sandbox/core/mail';
import { chromiumLaunchOptions } from '../../tools/chromium';
import { sessionKeyFor } from '../../shared/boot/boot';

export const baseUrl = (): string => inject('baseUrl');

/**
 * Runs in the page: how many times it fetched the worker that loads Intl's data (host/boot/intl.ts). Self-contained, so
 * Playwright and the Firefox and WebKit drivers can send it as its source.
 */
export const intlWorkerFetches = (): number =>
  performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/intl-worker.js')).length;
export const blogUrl = (): string => inject('blogUrl');
export const appUrl = (): string => inject('appUrl');

/**
 * Records the app deep links a page opens (the portal dispatches a cancelable sm-app-link event
 * before leaving for the app's scheme); read them with appLinks(page).
 */
export async function recordAppLinks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('sm-app-link', (event) => {
      event.preventDefault();
      const store = window as unknown as { __appLinks?: string[] };
      store.__appLinks = [...(store.__appLinks ?? []), (event as CustomEvent<{ url: string }>).detail.url];
    });
  });
}

export async function appLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __appLinks?: string[] }).__appLinks ?? []);
}

export async function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/** One Chromium for a test file: launched before its tests, closed after them. Call at the top of the file. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser starts in beforeAll: use it inside a test or a hook.');
    return browser;
  };
}

/** A fresh phone-sized context whose page reports errors to the test. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: 844 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // Each step fails on its own well inside the test's time, so a slow step names itself.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  // Content-Security-Policy violations are errors too (the portal runs with its CSP enforced).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => errors.push(String(error.stack ?? error)));
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    )
      errors.push(message.text());
    // Prerendered markup that React could not hydrate is drawn again: a flash and lost input, so a failure too.
    if (message.type() === 'warning' && /did not match/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** The newest email sent to an address (waits for it to arrive). */
export async function latestMail(to: string, subject?: RegExp): Promise<Mail> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${baseUrl()}/sandbox/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as Mail[];
    const mail = mails.find((m) => !subject || subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() - started > 5000) throw new Error(`No mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function appToken(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/sandbox/app-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`app-token ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The email of the person this page's stored session belongs to, or null. After an app link the
 * session is stored with its token first and the person a moment later, so poll it.
 */
export const storedEmail = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    try {
      return (
        (JSON.parse(localStorage.getItem('sm.session.v1') ?? '{}') as { user?: { email?: string } }).user?.email ?? null
      );
    } catch {
      return null;
    }
  });

/** A unique address per run, so suites never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`;
}

/** Logs in on the login form the page shows: Continue with Email, the address and password, Log In. */
export async function logInOnForm(page: Page, email: string, password: string): Promise<void> {
  const login = page.locator('sm-login');
  await login.getByRole('button', { name: 'Continue with Email' }).click();
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Signs in with email and password through the login screen. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/login`);
  await logInOnForm(page, email, password);
}

/** A fresh page (as newPage makes it) on which the person has signed in and reached the dashboard. */
export async function signedInPage(
  browser: Browser,
  person: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser);
  await signIn(opened.page, person.email, person.password);
  await opened.page.waitForURL(/#\/home$/);
  return opened;
}

/** A new person (registered and verified, as createVerifiedUser makes them) signed in on a fresh page, at the dashboard. */
export async function signInNewPerson(
  browser: Browser,
  options: Parameters<typeof createVerifiedUser>[0],
): Promise<{
  person: Awaited<ReturnType<typeof createVerifiedUser>>;
  context: BrowserContext;
  page: Page;
  errors: string[];
}> {
  const person = await createVerifiedUser(options);
  return { person, ...(await signedInPage(browser, person)) };
}

/** On the top-up page: chooses the credits (for oneself, or as a gift) and the payment method, and goes on to pay. */
export async function chooseTopUp(page: Page, options: { credits: string; gift?: boolean; method: string }) {
  await page.getByRole('radio', { name: new RegExp(`^${options.credits}`) }).check();
  if (options.gift) await page.getByRole('radio', { name: /As a gift/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: options.method }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** Pays at the sandbox's hosted checkout (or saves the card there) with a Stripe test card: 4242 succeeds. */
export async function payByCard(page: Page, card = '4242 4242 4242 4242'): Promise<void> {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^(Pay|Save card)$/ }).click();
}

/** Opens the survey and waits for its first question: the survey's element and how many questions it has. */
export async function openSurvey(page: Page): Promise<{ survey: Locator; total: number }> {
  await page.goto(`${baseUrl()}/#/survey`);
  const survey = page.locator('sm-survey');
  await survey.getByText(/^1 of \d+$/).waitFor();
  return { survey, total: Number((await survey.getByTestId('survey-progress').textContent())!.split(' of ')[1]) };
}

/** The link in the newest mail to an address whose subject matches, that contains `part` (the mail must have one). */
export async function mailedLink(to: string, subject: RegExp, part: string): Promise<string> {
  const link = (await latestMail(to, subject)).links.find((l) => l.includes(part));
  if (!link) throw new Error(`The mail to ${to} has no link with ${part}`);
  return link;
}

/** Registers and verifies a new person through the sandbox's API and mailbox. */
export async function createVerifiedUser(
  options: { country?: string; first?: string; last?: string } = {},
): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail((options.first ?? 'user').toLowerCase().replace(/[^a-z0-9]/g, '') || 'user');
  const password = 'test-pass-1';
  const first = options.first ?? 'Test';
  const last = options.last ?? 'Person';
  const response = await fetch(`${baseUrl()}/webclient/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: first,
      last_name: last,
      email,
      password,
      country_code: options.country ?? 'US',
      gender: 'None',
      phone_number: '',
      method: 'email',
    }),
  });
  if (!response.ok) throw new Error(`register ${response.status}: ${await response.text()}`);
  const link = await mailedLink(email, /verify/i, '_t=');
  const token = new URLSearchParams(link.split('?')[1]).get('_t')!;
  const verified = await fetch(`${baseUrl()}/webclient-verification-email?t=${encodeURIComponent(token)}`);
  if (!verified.ok) throw new Error(`verify ${verified.status}`);
  return { email, password, name: `${first} ${last}` };
}

/**
 * A fresh page whose origin (a blog's, the app's webview) holds `email`'s session for the portal's API host on every
 * load, as an <sm-login> on that page, or the app's sign-in (`fromApps`), would have left it.
 */
export async function signedInElsewhere(
  browser: Browser,
  email: string,
  password: string,
  options: { fromApps?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser);
  const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { data } = (await login.json()) as { data: { access_token: string; expires_in: number } };
  const record = JSON.stringify({
    v: 1,
    auth: { accessToken: data.access_token, tokenType: 'Bearer', expiresAt: Date.now() + data.expires_in * 1000 },
    user: null,
    fromApps: options.fromApps ?? false,
    nextPage: null,
  });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [sessionKeyFor(baseUrl()), record]);
  return { context, page, errors };
}

/** Calls the API as a person (for reading state a test checks). */
export async function apiAs<T>(
  email: string,
  password: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const login = await fetch(`${baseUrl()}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const response = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function creditBalance(email: string, password: string): Promise<number> {
  const { body } = await apiAs<{ data: { credit_balance: number } }>(email, password, '/webclient/account/profile');
  return body.data.credit_balance;
}

/** The element focused now, looking through open shadow roots. */
export async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return '';
    const labelled = active.getAttribute('aria-label');
    if (labelled) return labelled;
    const id = active.id;
    const root = active.getRootNode() as Document | ShadowRoot;
    const label = id ? root.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return (
      label?.textContent ||
      active.closest('label')?.textContent ||
      active.textContent ||
      (active as HTMLInputElement).placeholder ||
      ''
    ).trim();
  });
}

/** Presses Tab (at most `max` times) until the focused element's label matches: keyboard reachability. */
export async function tabTo(page: Page, label: RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (label.test(await focusedLabel(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${label} with the keyboard; focus is on "${await focusedLabel(page)}"`);
}

/** Holds requests matching a pattern until released (to look at the page while a widget's code or data is on its way). */
export async function hold(
  page: Page,
  pattern: string | RegExp,
): Promise<{ release: () => void; requested: () => boolean }> {
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

/** What recordDrawn counted: frames painted, and the frames and changes of the page that drew each thing. */
export interface Drawn {
  frames: number;
  /** The portal's header as a visitor who is not signed in sees it (Sign Up and Log In). */
  signedOutHeader: number;
  /** The sign-in page (an <sm-login> on screen). */
  signInPage: number;
}

/**
 * An init script (context.addInitScript(recordDrawn)): from the document's first parse, at every animation frame (what
 * is painted) and at every change of the page (a record of what passed between frames), counts those that drew the
 * signed-out header or the sign-in page. Read it with drawn(page).
 */
export function recordDrawn(): void {
  const w = window as unknown as { __drawn: Drawn };
  w.__drawn = { frames: 0, signedOutHeader: 0, signInPage: 0 };
  const onScreen = (element: Element) => element.getClientRects().length > 0;
  const check = () => {
    const headers = [...document.querySelectorAll('header.portal-header')];
    if (
      headers.some(
        (h) => onScreen(h) && !!h.querySelector('a[href="#/register"]') && !!h.querySelector('a[href="#/login"]'),
      )
    )
      w.__drawn.signedOutHeader += 1;
    if ([...document.querySelectorAll('sm-login')].some(onScreen)) w.__drawn.signInPage += 1;
  };
  const frame = () => {
    w.__drawn.frames += 1;
    check();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

/** What recordDrawn has counted on the page so far. */
export const drawn = (page: Page): Promise<Drawn> =>
  page.evaluate(() => (window as unknown as { __drawn: Drawn }).__drawn);

/** Slows the page's CPU as a phone's (4x: Lighthouse's mobile setting); returns how to set it back. */
export async function slowPhone(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return async () => void (await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }));
}

/** Collects layout shifts from the start of the page (PerformanceObserver, buffered). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { start: number; value: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        w.__shifts.push({
          start: entry.startTime,
          value: entry.value,
          // What moved, as a path with its classes (inside a tag's shadow root, from the tag), from where to where.
          by: entry.sources
            ?.map((s) => {
              // Its three nearest elements, and the tags (sm-*) it is in.
              const path: string[] = [];
              for (let n: Node | null = s.node ?? null; n; n = n instanceof ShadowRoot ? n.host : n.parentNode)
                if (n instanceof Element && (path.length < 3 || n.localName.startsWith('sm-')))
                  path.unshift(n.localName + (n.classList[0] ? `.${n.classList[0]}` : ''));
              const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
              return `${path.join('>') || s.node?.nodeName} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`;
            })
            .join('; '),
        } as never);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
export const shiftsSince = (page: Page, since: number) =>
  page.evaluate(
    (t) => (window as unknown as { __shifts: { start: number; value: number }[] }).__shifts.filter((s) => s.start >= t),
    since,
  );

/** A project script run as npm runs it (tsx), with what it prints kept for the error when it does not come up. */
export interface Script {
  readonly child: ChildProcess;
  output(): string;
  /** Stops it (SIGTERM) and waits for it to end; nothing when it has ended already. */
  stop(): Promise<void>;
}

/** Starts `script` (a path from the project root) with `env` added, and waits until `ready(output)` says it is up. */
export async function startScript(
  script: string,
  env: Record<string, string>,
  ready: (output: string) => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<Script> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  while (!(await ready(output))) {
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`${script} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, stop };
}

/** The newsletter's thank-you (its status line saying the person is subscribed), once it shows. */
export async function newsletterThanks(newsletter: Locator): Promise<void> {
  await newsletter
    .getByRole('status')
    .filter({ hasText: /subscrib/i })
    .waitFor();
}

/** Joins the newsletter as a person does: the address typed, Subscribe pressed, the thank-you shown. */
export async function joinNewsletter(newsletter: Locator, email: string): Promise<void> {
  await newsletter.getByRole('textbox', { name: 'Email' }).fill(email);
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await newsletterThanks(newsletter);
}
