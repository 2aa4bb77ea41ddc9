/**
 * Loading a bench page in headless Chromium under a phone's conditions, and acting on it like a
 * person, with the in-page probe (probe.js) recording when things show and work.
 *
 * Conditions are Lighthouse's mobile ones (tools/chromium.ts), set through the DevTools protocol: CPU 4x slower,
 * 150 ms round trip, 1.6 Mbps down, 750 kbps up, cache disabled, a 390 x 844 touch screen.
 * Times are milliseconds since navigation (the page's performance.now()); request times come
 * from the protocol and are counted from the page's own request, which starts a few
 * milliseconds after navigation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromiumLaunchOptions,
  cumulativeLayoutShift,
  emulateMobile,
  PHONE_CONTEXT,
  totalBlockingTime,
  type LongTask,
} from '../../tools/chromium';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { BenchPage, ProbeConfig } from './pages';

/** A fast typist: the time between two keys. */
export const KEY_DELAY_MS = 30;
/** An action not done this long after hydration (or at all within PATIENCE_MS) was lost. */
const AFTER_HYDRATION_MS = 3000;
const PATIENCE_MS = 30_000;
const PROBE = readFileSync(join(import.meta.dirname, 'probe.js'), 'utf8');

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}

/** What the probe recorded (probe.js). */
interface ProbeState {
  shows: number | null;
  usable: number | null;
  filled: number | null;
  hydrated: number | null;
  replaced: boolean;
  done: number | null;
  /** The first contentful paint, if there was one. */
  fcp: number | null;
  longTasks: LongTask[];
  shifts: { start: number; value: number }[];
  /** Runs of the loader's script that took part in a long frame. */
  loaderRuns: { start: number; duration: number }[];
}

/** A local-storage entry the page starts with (a signed-in session). */
export interface Stored {
  key: string;
  value: string;
}

/** The requests of one page load, as the DevTools protocol sees them. */
class Traffic {
  private start: number | null = null;
  /** The requests not finished yet: their address, by id. */
  private readonly open = new Map<string, string>();
  private lastChange = Date.now();
  /** Finished requests: when (ms since the page's request) and how many bytes travelled. */
  readonly finished: { at: number; bytes: number }[] = [];
  /** Bodies of the POST requests, by URL. */
  readonly posts: { url: string; body: string }[] = [];

  constructor(cdp: CDPSession, tab: Page) {
    cdp.on('Network.requestWillBeSent', (event) => {
      this.start ??= event.timestamp;
      if (event.request.method === 'POST')
        this.posts.push({ url: event.request.url, body: event.request.postData ?? '' });
      this.open.set(event.requestId, event.request.url);
      this.lastChange = Date.now();
    });
    const end = (id: string) => {
      this.open.delete(id);
      this.lastChange = Date.now();
    };
    // Every request of the load counts, open or not: Playwright may have said it ended before this session hears it.
    cdp.on('Network.loadingFinished', (event) => {
      this.finished.push({
        at: (event.timestamp - (this.start ?? event.timestamp)) * 1000,
        bytes: event.encodedDataLength,
      });
      end(event.requestId);
    });
    cdp.on('Network.loadingFailed', (event) => end(event.requestId));
    // A worker's script (the portal's Intl worker) ends in the worker's own target, which this session does not see:
    // Playwright, which follows workers, says when it ends.
    const ended = (request: { url(): string }) => {
      for (const [id, url] of this.open) if (url === request.url()) end(id);
    };
    tab.on('requestfinished', ended);
    tab.on('requestfailed', ended);
  }

  /** No request open for `ms`. */
  quietFor(ms: number): boolean {
    return this.open.size === 0 && Date.now() - this.lastChange >= ms;
  }

  bytesUntil(ms: number): number {
    return this.finished.filter((f) => f.at <= ms).reduce((sum, f) => sum + f.bytes, 0);
  }
}

interface Opened {
  tab: Page;
  context: BrowserContext;
  traffic: Traffic;
  /** Uncaught errors and console errors. */
  errors: string[];
  /** Console warnings (a hydration mismatch says so there). */
  warnings: string[];
}

async function open(
  browser: Browser,
  probe: ProbeConfig,
  stored: Stored | null,
  throttled: boolean,
  scripts: readonly string[] = [],
): Promise<Opened> {
  const context = await browser.newContext(PHONE_CONTEXT);
  const tab = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  if (stored)
    await tab.addInitScript(`localStorage.setItem(${JSON.stringify(stored.key)}, ${JSON.stringify(stored.value)});`);
  await tab.addInitScript(`window.__benchConfig = ${JSON.stringify(probe)};\n${PROBE}`);
  for (const script of scripts) await tab.addInitScript(script);
  const cdp = await context.newCDPSession(tab);
  await emulateMobile(cdp, throttled);
  return { tab, context, traffic: new Traffic(cdp, tab), errors, warnings };
}

const readState = (tab: Page) => tab.evaluate('JSON.parse(JSON.stringify(window.__bench))') as Promise<ProbeState>;

/** Total blocking time from the first contentful paint to `until`, as Lighthouse counts it (tools/chromium.ts). */
const blocking = (state: ProbeState, until: number) => totalBlockingTime(state.longTasks, state.fcp ?? 0, until);

/** The same from the navigation: every long task before `until` counts whole, those before the first paint too. */
const blockingFromStart = (state: ProbeState, until: number) => totalBlockingTime(state.longTasks, 0, until);

/** Cumulative layout shift of the shifts before `until` (tools/chromium.ts). */
const layoutShift = (state: ProbeState, until: number) =>
  cumulativeLayoutShift(state.shifts.filter((s) => s.start < until));

/**
 * What the page shows, for a message when it did not get where it should: the tag's markup, or where the tag is not on
 * the page (the portal showing another route), the page's text with that of each tag's shadow root.
 */
async function shown(tab: Page, host: string | null): Promise<string> {
  const html = await tab
    .evaluate(
      `(() => {
        const host = ${JSON.stringify(host)};
        if (!host) return document.body.innerHTML;
        const element = document.querySelector(host);
        if (element) return element.shadowRoot?.innerHTML ?? '(its shadow root is empty)';
        const tags = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('sm-') && e.shadowRoot);
        const textOf = (root) => {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          let text = '';
          for (let node; (node = walker.nextNode()); )
            if (node.parentElement?.localName !== 'style' && node.parentElement?.checkVisibility() !== false) text += node.data + ' ';
          return text;
        };
        const text = [...tags.map((e) => e.localName + ': ' + textOf(e.shadowRoot)), 'the page: ' + document.body.innerText];
        return '(no ' + host + ' on the page) ' + text.join(' | ').replace(/\\s+/g, ' ');
      })()`,
    )
    .catch(() => '(the page is gone)');
  // Markup's end; a text's beginning (the tags' words first).
  return String(html).startsWith('(no ')
    ? String(html).slice(0, 900)
    : String(html)
        .replace(/<style>[\s\S]*?<\/style>/g, '')
        .slice(-600);
}

export interface LoadRun {
  shows: number;
  usable: number;
  /** null for the plain form, which has nothing to hydrate. */
  hydrated: number | null;
  replaced: boolean;
  /** Total blocking time, from the first contentful paint (Lighthouse's). */
  tbt: number;
  /** Blocking time from the navigation, the tasks before the first paint too. */
  blockingFromStart: number;
  cls: number;
  /** The longest single run of the loader's script (its module, a listener, a callback), in ms; 0 when none was in a long frame. */
  loaderTask: number;
  /** Bytes transferred (compressed, with headers) until the control was usable, and in all. */
  bytesUsable: number;
  bytes: number;
  /** When the first answer the first view shows (page.data) had arrived; null when it shows none. */
  dataAt: number | null;
  /** When the first control showing that data was usable, where it is not the first control (page.probe.filled). */
  filled: number | null;
  /** What `collect` gave at the end (LoadOptions), else undefined. */
  collected: unknown;
  errors: string[];
  warnings: string[];
}

/**
 * More to watch in a load: init scripts run after the probe, an expression read (JSON) once the page is quiet, and how
 * long to wait for the control (60 s unless said).
 */
export interface LoadOptions {
  scripts?: readonly string[];
  collect?: string;
  timeout?: number;
}

/** When the first of the page's data answers ended, in the page's time (resource timing, which the throttling slows too). */
async function dataAnswered(tab: Page, paths: string[]): Promise<number | null> {
  if (!paths.length) return null;
  const ends = (await tab.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => wanted.some((p) => new URL(e.name).pathname.endsWith(p)))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    paths,
  )) as number[];
  return ends.length ? Math.min(...ends) : null;
}

/**
 * Waits until `expression` is true in the page, asking every 100 ms through the DevTools protocol (a page whose CSP
 * has no 'unsafe-eval', the portal's, refuses waitForFunction, which compiles its predicate in the page).
 */
async function poll(tab: Page, expression: string, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    // A page that is between two documents answers nothing: asked again.
    if (await tab.evaluate(expression).catch(() => false)) return;
    if (Date.now() > until) throw new Error(`Timeout ${timeout} ms exceeded waiting for ${expression}`);
    await tab.waitForTimeout(100);
  }
}

/**
 * Loads the page without touching it: until its control is usable and hydrated, then until no
 * request has been open for half a second (data arriving after hydration included), at least a
 * second after hydration.
 */
export async function measureLoad(
  browser: Browser,
  url: string,
  page: BenchPage,
  stored: Stored | null,
  throttled = true,
  options: LoadOptions = {},
): Promise<LoadRun> {
  const { done: _unused, ...probe } = page.probe;
  const { tab, context, traffic, errors, warnings } = await open(browser, probe, stored, throttled, options.scripts);
  try {
    await tab.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const hydrates = page.tag || page.probe.hydrates;
    const ready = `s.usable !== null${hydrates ? ' && s.hydrated !== null' : ''}${page.probe.filled ? ' && s.filled !== null' : ''}`;
    try {
      await poll(tab, `(s => !!s && ${ready})(window.__bench)`, options.timeout ?? 60_000);
    } catch (error) {
      const at = await tab.evaluate('location.hash').catch(() => '?');
      throw new Error(
        `${page.name}: the control never became usable and hydrated (${String(error).split('\n')[0]}). Errors: ${errors.join('; ') || 'none'}. At ${String(at) || '/'}, shown: ${await shown(tab, page.probe.host)}`,
      );
    }
    const settledAt = Date.now();
    while (!(traffic.quietFor(500) && Date.now() - settledAt >= 1000) && Date.now() - settledAt < 30_000)
      await tab.waitForTimeout(100);
    const end = (await tab.evaluate('performance.now()')) as number;
    const state = await readState(tab);
    return {
      shows: state.shows!,
      usable: state.usable!,
      hydrated: state.hydrated,
      replaced: state.replaced,
      tbt: blocking(state, end),
      blockingFromStart: blockingFromStart(state, end),
      cls: layoutShift(state, end),
      loaderTask: Math.max(0, ...state.loaderRuns.map((r) => r.duration)),
      bytesUsable: traffic.bytesUntil(state.usable!),
      bytes: traffic.bytesUntil(Infinity),
      dataAt: await dataAnswered(tab, page.data),
      filled: state.filled,
      collected: options.collect ? await tab.evaluate(`JSON.parse(JSON.stringify(${options.collect}))`) : undefined,
      errors,
      warnings,
    };
  } finally {
    await context.close();
  }
}

export interface ActRun {
  /** When the action was done (null when it never was). */
  done: number | null;
  /**
   * What was lost: a keystroke (the request did not carry all that was typed), the tap itself
   * (nothing was done), or the answer (the request went, but what it leads to never showed).
   */
  lost: 'keystroke' | 'tap' | 'answer' | null;
  tbt: number;
  cls: number;
  /** How many requests the action sent. */
  sent: number;
  errors: string[];
}

/**
 * Acts like a person the moment the control shows: taps it, types (a fast typist), taps the
 * button; then waits for the action to be done. `n` makes what is typed unique to the run.
 * `beforeLoader` holds the loader back until the first tap is done, so the tap is made before the
 * loader runs (a snippet's button shows that early): a person quicker than the network.
 */
export async function measureAct(
  browser: Browser,
  url: string,
  page: BenchPage,
  stored: Stored | null,
  n: number,
  beforeLoader = false,
): Promise<ActRun> {
  const act = page.act!;
  const { tab, context, traffic, errors } = await open(browser, page.probe, stored, true);
  const tap = async (selector: string) => {
    const at = (await tab.evaluate(`window.__bench.centre(${JSON.stringify(selector)})`)) as {
      x: number;
      y: number;
    } | null;
    if (!at)
      throw new Error(`${page.name}: nothing to tap at ${selector}. Shown: ${await shown(tab, page.probe.host)}`);
    await tab.touchscreen.tap(at.x, at.y);
  };
  let tapped = () => {};
  if (beforeLoader) {
    const gate = new Promise<void>((done) => (tapped = done));
    await tab.route(/\/widgets\/loader\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
  }
  try {
    await tab.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await tab.waitForFunction('!!window.__bench && window.__bench.shows !== null', undefined, {
      timeout: 60_000,
      polling: 'raf',
    });
    await tap(page.probe.control);
    const captured = `!!window[Symbol.for('sm.page')]?.boots.get(document.querySelector(${JSON.stringify(page.probe.host)}))?.captured`;
    if (beforeLoader && (await tab.evaluate(captured)))
      throw new Error(`${page.name}: the loader ran before the tap it was held back for`);
    tapped();
    const typed = act.type?.replace('{n}', String(n)) ?? '';
    if (typed) await tab.keyboard.type(typed, { delay: KEY_DELAY_MS });
    if (act.press) await tap(act.press);
    await tab
      .waitForFunction(
        `(s => s.done !== null || (s.hydrated !== null && performance.now() - s.hydrated > ${AFTER_HYDRATION_MS}))(window.__bench)`,
        undefined,
        { timeout: PATIENCE_MS, polling: 100 },
      )
      .catch(() => undefined);
    await tab.waitForTimeout(500); // the long tasks and shifts around that moment are reported a little later
    const state = await readState(tab);
    const done = state.done !== null;
    const until = done ? state.done! : ((await tab.evaluate('performance.now()')) as number);
    const sent = act.sends ? traffic.posts.filter((p) => new URL(p.url).pathname.endsWith(act.sends!.path)) : [];
    const carried = (body: string) => {
      try {
        return (JSON.parse(body) as Record<string, unknown>)[act.sends!.field] === typed;
      } catch {
        return false;
      }
    };
    if (act.sends && done && !sent.length)
      throw new Error(`${page.name}: done, yet no request to ${act.sends.path} was seen: is the path right?`);
    const lost = sent.some((p) => !carried(p.body)) ? 'keystroke' : done ? null : sent.length ? 'answer' : 'tap';
    return {
      done: done ? state.done : null,
      lost,
      tbt: blocking(state, until),
      cls: layoutShift(state, until),
      sent: sent.length,
      errors,
    };
  } finally {
    await context.close();
  }
}
