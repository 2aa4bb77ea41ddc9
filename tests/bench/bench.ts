/**
 * `npm run bench` builds (through the npm script), then prints what a person on a phone feels
 * when a page embeds a tag, beside a plain HTML newsletter form:
 * 1. sizes from dist/: what loads before each tag is usable and until it is hydrated;
 * 2. in headless Chromium under Lighthouse's mobile conditions (browser.ts), for each tag
 *    embedded both ways (its snippet pasted, and the script tag alone): when its first field (or
 *    main button) shows and is usable, when it is hydrated, total blocking time, layout shift and
 *    bytes; then a person acting the moment the control shows (typing an email and tapping
 *    Subscribe; tapping Continue with Email; tapping One-time): when it is done, and in how many
 *    runs a keystroke or the tap was lost;
 * 3. members on the portal (members.ts): the mobile app's links, a fresh token each load, and the
 *    signed-in routes: when the page's widget is usable, layout shift, blocking time, and in how
 *    many runs a frame showed the sign-in page or the signed-out header;
 * 4. Lighthouse's mobile audit of the portal's /#/login, /#/missions and /#/donation-page, and
 *    signed in of /#/home and /#/history;
 * 5. each figure beside its target.
 * Figures only: nothing here passes or fails. The size budgets are checked by budgets.test.ts.
 * It reads the folder the build wrote: dist/, or SM_OUT_DIR (tools/out-dir.ts), as
 * `SM_OUT_DIR=/tmp/bench-dist npm run bench` builds and measures a folder of its own.
 *
 * BENCH_RUNS (default 9) sets the runs per page; medians are shown. Fewer runs move the ratios a
 * lot: a load now and then takes a round trip more than the others, the plain form's as much as a
 * snippet's. The plain form, every ratio's yardstick, is loaded three times a round (its median is
 * over three times the runs). Lighthouse (simulated, steady) runs at most 5 times. The action runs stop at 6:
 * three pages sign up for the newsletter each round, and the sandbox takes 20 sign-ups from one
 * client in 15 minutes.
 * BENCH_CPU_SLOWDOWN=6 slows the CPU 6x instead of Lighthouse's 4x (a low-end Android phone; Lighthouse's own audit
 * keeps its settings).
 * BENCH_ONLY=sm-newsletter,lighthouse runs only those parts (tags, `lighthouse`, and the members'
 * `app-links`, `members`, `lighthouse-members`); the plain form always runs, as the yardstick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sessionKeyFor as storageKeyFor } from '../../shared/boot/boot';
import { storedSignIn } from '../../shared/session/session';
import { launchChromium, measureAct, measureLoad, type ActRun, type LoadRun, type Stored } from './browser';
import { runLighthouse } from './lighthouse';
import { MemberRuns, memberPages, portalSession } from './members';
import { memberLighthouse, printMemberTargets, printMembers } from './members-report';
import {
  printActs,
  printNotes,
  printPages,
  printTargets,
  summarize,
  type PageResult,
  type Summary,
} from './tags-report';
import { benchPages, type BenchPage } from './pages';
import { kib, printLighthouse, table, type LighthouseMedians } from './report';
import { freePort, startCdn, startSandbox } from './serve';
import { printEnglish } from './english';
import {
  LOADER_FILE,
  measureEntries,
  readManifest,
  sharedFiles,
  sizeOfFiles,
  type EntrySizes,
  type Size,
} from './sizes';
import { OUT_DIR as dist } from '../../tools/out-dir';

const root = join(import.meta.dirname, '../..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 9));
const LIGHTHOUSE_RUNS = Math.min(RUNS, 5);
const ACT_RUNS = Math.min(RUNS, 6);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()) ?? null;
const wanted = (part: string) => !ONLY || ONLY.includes(part);
const PORTAL_ROUTES = ['/#/login', '/#/missions', '/#/donation-page'];

// ---------------------------------------------------------------------------------------------
// 1. Sizes
// ---------------------------------------------------------------------------------------------

function printSizes(entries: EntrySizes[]): void {
  const manifest = readManifest(dist);
  const shared = sharedFiles(manifest);
  const both = (s: Size) => `${kib(s.brotli)} / ${kib(s.gzip)}`;
  console.log('Sizes from dist/ in KiB, brotli 11 / gzip -9 (each file compressed on its own)\n');
  table(
    ['file', 'size'],
    [
      ['loader (widgets/loader.js, imports nothing)', both(sizeOfFiles(dist, [LOADER_FILE]))],
      [`shared runtime: React, r2wc, signals (${shared.runtime})`, both(sizeOfFiles(dist, [shared.runtime]))],
      ...(shared.core
        ? [[`shared core: session, API client, zod/mini (${shared.core})`, both(sizeOfFiles(dist, [shared.core]))]]
        : []),
    ],
  );
  console.log('');
  table(
    [
      'tag',
      'markup',
      'own code',
      'usable: snippet+loader',
      'usable: loader-<tag>',
      'usable: loader+markup',
      'until hydrated',
      'loaded later',
    ],
    entries.map((e) => [
      e.tag,
      both(e.markup),
      both(e.own),
      both(e.usableSnippet),
      both(e.usableScript),
      both(e.usableLoader),
      both(e.hydrated),
      both(e.lazy),
    ]),
  );
  console.log(
    "\nloader-<tag>: the tag's own copy of the loader, its markup in it (the script tag alone); loader+markup: loader.js and the markup it fetches;",
  );
  console.log(
    "until hydrated: loader + markup + the tag's code (its entry, its own chunks, the shared runtime and core); loaded later: dynamic imports (Stripe.js, Firebase).",
  );
}

// ---------------------------------------------------------------------------------------------
// 2. In the browser
// ---------------------------------------------------------------------------------------------

// The tags' pages' summaries, tables and targets: tags-report.ts. Members: members.ts and members-report.ts.

/** A page whose button shows before the loader runs: its snippet holds it. */
const tapsBeforeLoader = (page: BenchPage) => !!page.act && page.embed === 'snippet' && page.probe.kind === 'button';

async function signIn(api: string): Promise<Stored> {
  const response = await fetch(`${api}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'listener@example.org', password: 'listen-2026' }),
  });
  const { data } = (await response.json()) as { data: { access_token: string; expires_in: number } };
  return {
    key: storageKeyFor(api),
    value: storedSignIn({
      accessToken: data.access_token,
      tokenType: 'Bearer',
      expiresAt: Date.now() + data.expires_in * 1000,
    }),
  };
}

async function runPages(
  browser: Browser,
  origin: string,
  pages: BenchPage[],
  session: Stored,
  members: MemberRuns,
): Promise<PageResult[]> {
  const results = pages.map((page) => ({
    page,
    loads: [] as LoadRun[],
    acts: [] as ActRun[],
    earlyActs: [] as ActRun[],
  }));
  const stored = (page: BenchPage) => (page.signedIn ? session : null);
  // One unthrottled load of each page first: it fills the server's compressed copies and shows early that each page works.
  for (const { page } of results) await measureLoad(browser, origin + page.path, page, stored(page), false);
  await members.warm(browser);
  // Round by round, so a slow moment of the machine spreads over the pages instead of hitting one.
  for (let round = 0; round < RUNS; round++) {
    for (const [index, result] of results.entries()) {
      const { page } = result;
      result.loads.push(await measureLoad(browser, origin + page.path, page, stored(page)));
      if (page.act && round < ACT_RUNS)
        result.acts.push(await measureAct(browser, origin + page.path, page, stored(page), round * 100 + index));
      if (tapsBeforeLoader(page) && round < ACT_RUNS)
        result.earlyActs.push(
          await measureAct(browser, origin + page.path, page, stored(page), round * 100 + index, true),
        );
    }
    // The plain form again after the tags and after the members: it is the yardstick of every page's ratio, so its
    // median is taken over three loads a round, at the round's start, middle and end.
    const form = results.find((result) => result.page.embed === 'form')!;
    form.loads.push(await measureLoad(browser, origin + form.page.path, form.page, null));
    await members.round(browser);
    form.loads.push(await measureLoad(browser, origin + form.page.path, form.page, null));
    console.log(`  round ${round + 1} of ${RUNS} done; load average ${loadavg()[0]!.toFixed(1)}`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------

const started = Date.now();
const took = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;
const entries = measureEntries(dist);
printSizes(entries);
printEnglish(entries);

const dir = mkdtempSync(join(tmpdir(), 'sm-bench-'));
const cdnPort = await freePort();
const cdnOrigin = `http://127.0.0.1:${cdnPort}`;
const sandbox = await startSandbox(root, await freePort(), dir, `${cdnOrigin}/`, cdnOrigin);
const pages = benchPages(dist, sandbox.origin, `${cdnOrigin}/`).filter((p) => p.embed === 'form' || wanted(p.tag!));
const memberList = memberPages(dist, cdnOrigin, sandbox.origin, wanted);
// The tags' pages, and the members' pages that are not the portal (the survey's floor).
const served = [...pages, ...memberList].filter((p) => p.path).map((p) => [p.path, p.html] as const);
const cdn = await startCdn(cdnPort, dist, new Map(served), sandbox.origin);
let browser: Browser | undefined;
try {
  const session = await signIn(sandbox.origin);
  const members = new MemberRuns(memberList, portalSession(session));
  let summaries: Summary[] = [];
  let memberSummaries: ReturnType<typeof printMembers> = [];
  let formUsables: number[] = [];
  if (pages.length > 1 || members.pages.length) {
    browser = await launchChromium();
    console.log(
      `\nMeasuring ${pages.length + members.pages.length} pages, ${RUNS} round(s); load average of this machine (${cpus().length} cores): ${loadavg()[0]!.toFixed(1)}`,
    );
    const since = Date.now();
    const results = await runPages(browser, cdnOrigin, pages, session, members);
    await browser.close();
    browser = undefined;
    summaries = results.map(summarize);
    const form = summaries.find((s) => s.page.embed === 'form')!;
    formUsables = form.usables;
    printPages(summaries, form, RUNS);
    printActs(summaries, form);
    printNotes(results);
    if (members.pages.length) memberSummaries = printMembers(members, form.usable, RUNS);
    console.log(`(the pages took ${took(since)})`);
  }
  let lighthouse: LighthouseMedians | null = null;
  if (wanted('lighthouse')) {
    console.log('\nRunning Lighthouse...');
    const since = Date.now();
    lighthouse = printLighthouse(
      await runLighthouse(
        PORTAL_ROUTES.map((r) => cdnOrigin + r),
        LIGHTHOUSE_RUNS,
      ),
      cdnOrigin,
    );
    console.log(`(Lighthouse took ${took(since)})`);
  }
  let memberLighthouseMedians: LighthouseMedians | null = null;
  if (wanted('lighthouse-members')) {
    console.log('\nRunning Lighthouse signed in...');
    const since = Date.now();
    memberLighthouseMedians = await memberLighthouse(cdnOrigin, LIGHTHOUSE_RUNS, portalSession(session));
    console.log(`(Lighthouse signed in took ${took(since)})`);
  }
  console.log(`\nFiles were served with: ${[...cdn.encodings].join(', ')}.`);
  if (summaries.length)
    printTargets(
      dist,
      entries,
      summaries,
      summaries.find((s) => s.page.embed === 'form')!,
      lighthouse,
    );
  if (memberSummaries.length || memberLighthouseMedians)
    printMemberTargets(memberSummaries, formUsables, memberLighthouseMedians);
  console.log(
    `\nThe bench took ${took(started)} after the build; load average at the end ${loadavg()[0]!.toFixed(1)}.`,
  );
} finally {
  await browser?.close();
  await cdn.close();
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
