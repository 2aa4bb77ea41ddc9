/**
 * Lighthouse's mobile audit (its default: a phone's screen, slow 4G and a 4x slower CPU,
 * simulated from an unthrottled load) of portal routes, performance only, in the system's
 * Chromium: started headless by Playwright with a debugging port that Lighthouse connects to.
 * Nothing is downloaded.
 *
 * Signed in (members.ts): the browser keeps a profile; before each run the origin's storage is
 * emptied, the session written into it and the browser's cache cleared, and Lighthouse leaves
 * storage as it is (disableStorageReset), so it loads the page signed in with a cold cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tools/chromium';
import { launchChromium, type Stored } from './browser';
import { freePort } from './serve';

export interface LighthouseRun {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed at the time (a typical desktop scores 1000 or more). */
  benchmarkIndex: number;
  /** Anything Lighthouse warned about (e.g. the page redirected). */
  warnings: string[];
  /** What the largest paint was (the element's selector and its text or alt), and its phases in ms (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: Record<string, number>;
  /** The address the page showed at the end (a signed-in route that lost its session ends at #/login). */
  finalUrl: string;
}

interface LcpDetails {
  items?: { items?: { node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }[] }[];
}

/** The largest paint's element and phases, from Lighthouse's 'largest-contentful-paint-element' audit. */
function largestPaint(details: LcpDetails | undefined): { element: string; phases: Record<string, number> } {
  const rows = (details?.items ?? []).flatMap((table) => table.items ?? []);
  const node = rows.find((row) => row.node)?.node;
  const label = (node?.nodeLabel ?? '').slice(0, 40);
  return {
    element: node
      ? `${node.selector?.split(' > ').slice(-2).join(' > ') ?? '?'}${label ? ` ("${label}")` : ''}`
      : 'none reported',
    phases: Object.fromEntries(
      rows.filter((row) => row.phase).map((row) => [row.phase!, Math.round(row.timing ?? NaN)]),
    ),
  };
}

/** A session written into the origin's storage before each run. */
export interface SignedIn {
  origin: string;
  session: Stored;
}

/** A browser that keeps its profile (the one Lighthouse's tab opens in), and how to sign it in before a run. */
async function profileBrowser(port: number, signedIn: SignedIn) {
  const profile = mkdtempSync(join(tmpdir(), 'sm-bench-lighthouse-'));
  const context: BrowserContext = await chromium.launchPersistentContext(
    profile,
    chromiumLaunchOptions([`--remote-debugging-port=${port}`]),
  );
  const signIn = async () => {
    const tab = await context.newPage();
    try {
      // An empty page of the origin (nothing of the portal loads): its storage is the portal's.
      await tab.route('**/*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
      await tab.goto(`${signedIn.origin}/`);
      await tab.evaluate(
        ({ key, value }) => (localStorage.clear(), localStorage.setItem(key, value)),
        signedIn.session,
      );
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
    } finally {
      await tab.close();
    }
  };
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { signIn, close };
}

/** One Lighthouse run per URL per round, `rounds` times; signed in when `signedIn` says who. */
export async function runLighthouse(
  urls: readonly string[],
  rounds: number,
  signedIn?: SignedIn,
): Promise<Map<string, LighthouseRun[]>> {
  const port = await freePort();
  const browser = signedIn
    ? await profileBrowser(port, signedIn)
    : await launchChromium([`--remote-debugging-port=${port}`]).then((b) => ({ signIn: null, close: () => b.close() }));
  const results = new Map<string, LighthouseRun[]>(urls.map((u) => [u, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const url of urls) {
        await browser.signIn?.();
        const result = await lighthouse(url, {
          port,
          hostname: '127.0.0.1',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(signedIn ? { disableStorageReset: true } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const lcp = largestPaint(lhr.audits['largest-contentful-paint-element']?.details as LcpDetails | undefined);
        results.get(url)!.push({
          score: lhr.categories.performance?.score ?? NaN,
          lcp: value('largest-contentful-paint'),
          fcp: value('first-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          warnings: lhr.runWarnings.map(String),
          lcpElement: lcp.element,
          lcpPhases: lcp.phases,
          finalUrl: lhr.finalDisplayedUrl,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
