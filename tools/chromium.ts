/**
 * The Chromium every browser run here launches (the end-to-end suites, the element tests, the bench, the screenshots):
 * Debian's /usr/bin/chromium or CHROME_PATH, headless, with what makes a run slow or noisy turned off; and the phone
 * that the bench and tools/layout-shift.ts load pages on.
 */
import type { CDPSession } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumLaunchOptions {
  executablePath: string;
  headless: true;
  args: string[];
}

/** The launch options (Playwright's, and the web test runner's Chrome launcher's), with any extra switches. */
export function chromiumLaunchOptions(extraArgs: string[] = []): ChromiumLaunchOptions {
  return { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] };
}

/** A long task of a page: when it started and how long it ran, in ms since the navigation. */
export interface LongTask {
  start: number;
  duration: number;
}

/**
 * Total blocking time as Lighthouse counts it (its tbt-utils): each long task clipped to the span from `from` (the
 * first contentful paint: before it there is nothing to tap) to `until`, and the part over 50 ms of what is left. A
 * task across the first paint counts from the paint. With `from` 0, every task counts whole: the page's blocking
 * from the navigation.
 */
export function totalBlockingTime(tasks: readonly LongTask[], from = 0, until = Infinity): number {
  let sum = 0;
  for (const { start, duration } of tasks) {
    const clipped = Math.min(start + duration, until) - Math.max(start, from);
    if (clipped > 50) sum += clipped - 50;
  }
  return sum;
}

/**
 * The layout shift of a load as Chrome scores it (CLS): the largest session window of the shifts given (shifts less
 * than 1 s apart, at most 5 s long). The caller picks the shifts (e.g. those before a moment, or not after an input).
 */
export function cumulativeLayoutShift(shifts: readonly { start: number; value: number }[]): number {
  let best = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    if (shift.start - last >= 1000 || shift.start - first >= 5000) {
      window = 0;
      first = shift.start;
    }
    window += shift.value;
    last = shift.start;
    best = Math.max(best, window);
  }
  return best;
}

/**
 * Lighthouse's mobile conditions: CPU 4x slower, 150 ms round trip, 1.6 Mbps down, 750 kbps up. BENCH_CPU_SLOWDOWN sets
 * another CPU slowdown (6: a low-end Android phone), for `npm run bench` and tools/layout-shift.ts.
 */
export const MOBILE_CONDITIONS = {
  cpuSlowdown: Number(process.env.BENCH_CPU_SLOWDOWN) || 4,
  latencyMs: 150,
  downMbps: 1.6,
  upKbps: 750,
} as const;

/** A phone's 390 x 844 touch screen, as Playwright's browser context options. */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** Turns a page's cache off (with its Network domain on) and, when throttled, applies MOBILE_CONDITIONS to it. */
export async function emulateMobile(cdp: CDPSession, throttled: boolean): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!throttled) return;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_CONDITIONS.latencyMs,
    downloadThroughput: (MOBILE_CONDITIONS.downMbps * 1024 * 1024) / 8,
    uploadThroughput: (MOBILE_CONDITIONS.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CONDITIONS.cpuSlowdown });
}
