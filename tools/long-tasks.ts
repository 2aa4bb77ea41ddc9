/**
 * What holds the main thread as a page loads, and why: each long task of a load in headless Chromium under the
 * bench's phone (tools/chromium.ts MOBILE_CONDITIONS; BENCH_CPU_SLOWDOWN=6 for a low-end one), read from the DevTools
 * trace, with what ran in it: the HTML parser, each script (its file and function), style, layout, paint, and the
 * part of the task spent finding fonts. Beside it, the load's first contentful paint and total blocking time (its
 * tasks' time over 50 ms from that paint, as Lighthouse and the bench count it from the page's own long-task entries,
 * and from the navigation).
 *
 *   SM_OUT_DIR=/tmp/tasks-dist npm run build        # a build of your own (never dist/ while others use it)
 *   SM_OUT_DIR=/tmp/tasks-dist npx tsx tools/long-tasks.ts [options]
 *
 * Options:
 *   --runs N          loads per page (default 3)
 *   --only a,b        pages whose name contains one of these (tools/layout-shift.ts PAGES; e.g. --only top-up,home)
 *   --over MS         the tasks listed: those longer than this (default 40)
 *
 * It serves the build and the sandbox, and signs members in, as tools/layout-shift.ts does (the same pages). A trace
 * makes the page a little slower: compare loads of one run with each other, and take the bench's figures as the
 * figures.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import {
  chromiumLaunchOptions,
  emulateMobile,
  MOBILE_CONDITIONS,
  PHONE_CONTEXT,
  totalBlockingTime,
  type LongTask,
} from './chromium';
import { PAGES, serve, sessionsOf, type MeasuredPage } from './layout-shift';
import { OUT_DIR } from './out-dir';
import { describeLoad, longTasks, type TracedLoad, type TraceEvent } from './trace-tasks';

/** One load of a page, traced: its long tasks, first contentful paint and blocking time. */
async function traced(
  browser: Browser,
  origin: string,
  page: MeasuredPage,
  session: { key: string; value: string } | null,
  overMs: number,
): Promise<TracedLoad> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const tab = await context.newPage();
    if (session)
      await tab.addInitScript(
        `localStorage.setItem(${JSON.stringify(session.key)}, ${JSON.stringify(session.value)});`,
      );
    await tab.addInitScript(`window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });`);
    const cdp = await context.newCDPSession(tab);
    await emulateMobile(cdp, true);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading,fonts,v8',
      transferMode: 'ReportEvents',
    });
    await tab.goto(origin + page.path, { waitUntil: 'load', timeout: 60_000 });
    // The code, the data and hydration come after the page's load event on a slow phone.
    await tab.waitForTimeout(4000);
    // The trace ends before the figures are read: reading runs a script of Playwright's in the page.
    await cdp.send('Tracing.end');
    await complete;
    const { fcp, long } = (await tab.evaluate(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      long: window.__long,
    })`)) as { fcp: number | null; long: LongTask[] };
    return {
      tasks: longTasks(events, origin + page.path, overMs),
      fcp,
      blocking: totalBlockingTime(long, fcp ?? 0),
      blockingFromStart: totalBlockingTime(long),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      only: { type: 'string' },
      over: { type: 'string', default: '40' },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  const over = Number(values.over);
  const only = values.only?.split(',').map((s) => s.trim().toLowerCase());
  const pages = PAGES.filter((p) => !p.tapTab && (!only || only.some((o) => p.name.toLowerCase().includes(o))));
  const server = await serve(OUT_DIR);
  const browser = await chromium.launch(chromiumLaunchOptions());
  console.log(
    `Tasks over ${over} ms of ${OUT_DIR} on ${server.origin}, ${runs} load(s) a page, CPU ${MOBILE_CONDITIONS.cpuSlowdown}x, ${MOBILE_CONDITIONS.latencyMs} ms, ${MOBILE_CONDITIONS.downMbps} Mbps, traced`,
  );
  try {
    const sessions = await sessionsOf(server.origin, pages);
    for (const page of pages)
      for (let n = 0; n < runs; n++) {
        const load = await traced(browser, server.origin, page, page.member ? sessions.get(page.member)! : null, over);
        console.log(`\n${describeLoad(`${page.name}, load ${n + 1}`, load).join('\n')}`);
      }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
