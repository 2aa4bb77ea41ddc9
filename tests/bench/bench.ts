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
 * 3. Lighthouse's mobile audit of the portal's /#/login, /#/missions and /#/donation-page;
 * 4. each figure beside its target.
 * Figures only: nothing here passes or fails. The size budgets are checked by budgets.test.ts.
 *
 * BENCH_RUNS (default 9) sets the runs per page; medians are shown. Fewer runs move the ratios a
 * lot: a load now and then takes a round trip more than the others, the plain form's as much as a
 * snippet's, so over 5 runs the newsletter snippet's ratio ranged 0.96x to 1.31x, over 12 runs
 * 0.93x to 1.08x. Lighthouse (simulated, steady) runs at most 5 times. The action runs stop at 6:
 * three pages sign up for the newsletter each round, and the sandbox takes 20 sign-ups from one
 * client in 15 minutes.
 * BENCH_ONLY=sm-newsletter,lighthouse runs only those parts (tags, `lighthouse`); the plain form
 * always runs, as the yardstick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { sessionKeyFor as storageKeyFor } from '../../shared/boot/boot';
import { storedSignIn } from '../../shared/session/session';
import {
  CONDITIONS,
  KEY_DELAY_MS,
  launchChromium,
  measureAct,
  measureLoad,
  type ActRun,
  type LoadRun,
  type Stored,
} from './browser';
import { runLighthouse, type LighthouseRun } from './lighthouse';
import { benchPages, type BenchPage } from './pages';
import { freePort, startCdn, startSandbox } from './serve';
import { printEnglish } from './english';
import {
  BUDGETS,
  LOADER_FILE,
  measureEntries,
  readManifest,
  sharedFiles,
  sizeOfFiles,
  type EntrySizes,
  type Size,
} from './sizes';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 9));
const LIGHTHOUSE_RUNS = Math.min(RUNS, 5);
const ACT_RUNS = Math.min(RUNS, 6);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()) ?? null;
const wanted = (part: string) => !ONLY || ONLY.includes(part);
const PORTAL_ROUTES = ['/#/login', '/#/missions', '/#/donation-page'];

const KiB = 1024;
const kib = (n: number) => (n / KiB).toFixed(1);
const ms = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${Math.round(n)} ms`);
const times = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${n.toFixed(2)}x`);
const median = (values: number[]): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Prints rows as aligned columns: the first left-aligned, the others right-aligned. */
function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}

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

interface PageResult {
  page: BenchPage;
  loads: LoadRun[];
  acts: ActRun[];
  /** The same action, its first tap made before the loader has run (a snippet whose control is a button). */
  earlyActs: ActRun[];
}

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

async function runPages(browser: Browser, origin: string, pages: BenchPage[], session: Stored): Promise<PageResult[]> {
  const results = pages.map((page) => ({
    page,
    loads: [] as LoadRun[],
    acts: [] as ActRun[],
    earlyActs: [] as ActRun[],
  }));
  const stored = (page: BenchPage) => (page.signedIn ? session : null);
  // One unthrottled load of each page first: it fills the server's compressed copies and shows early that each page works.
  for (const { page } of results) await measureLoad(browser, origin + page.path, page, stored(page), false);
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
    console.log(`  round ${round + 1} of ${RUNS} done; load average ${loadavg()[0]!.toFixed(1)}`);
  }
  return results;
}

/** A page's medians. */
interface Summary {
  page: BenchPage;
  shows: number;
  usable: number;
  /** The fastest and slowest run's usable time. */
  usableRange: [number, number];
  hydrated: number | null;
  /** Runs in which the markup was drawn again instead of hydrated. */
  redrawn: number;
  tbt: number;
  cls: number;
  /** The loader's longest run in a load (median over the loads, as every figure here; the slowest load's beside it). */
  loaderTask: number;
  loaderTaskWorst: number;
  bytesUsable: number;
  bytes: number;
  /** When the first view's data had arrived (null when it shows none). */
  dataAt: number | null;
  /** When the first control showing that data was usable, where the first control comes before it (null otherwise). */
  filled: number | null;
  act: ActSummary | null;
  earlyAct: ActSummary | null;
}

interface ActSummary {
  runs: number;
  done: number | null;
  lost: ActRun['lost'][];
  tbt: number;
  cls: number;
}

function summarizeActs(acts: ActRun[]): ActSummary | null {
  if (!acts.length) return null;
  const kept = acts.filter((a) => a.done !== null && !a.lost);
  return {
    runs: acts.length,
    done: kept.length ? median(kept.map((a) => a.done!)) : null,
    lost: acts.map((a) => a.lost).filter((l) => l !== null),
    tbt: median(acts.map((a) => a.tbt)),
    cls: median(acts.map((a) => a.cls)),
  };
}

function summarize({ page, loads, acts, earlyActs }: PageResult): Summary {
  const m = (pick: (l: LoadRun) => number) => median(loads.map(pick));
  return {
    page,
    shows: m((l) => l.shows),
    usable: m((l) => l.usable),
    usableRange: [Math.min(...loads.map((l) => l.usable)), Math.max(...loads.map((l) => l.usable))],
    hydrated: page.tag ? m((l) => l.hydrated!) : null,
    redrawn: loads.filter((l) => l.replaced).length,
    tbt: m((l) => l.tbt),
    cls: m((l) => l.cls),
    loaderTask: m((l) => l.loaderTask),
    loaderTaskWorst: Math.max(...loads.map((l) => l.loaderTask)),
    bytesUsable: m((l) => l.bytesUsable),
    bytes: m((l) => l.bytes),
    dataAt: loads.length && loads.every((l) => l.dataAt !== null) ? m((l) => l.dataAt!) : null,
    filled: loads.length && loads.every((l) => l.filled !== null) ? m((l) => l.filled!) : null,
    act: summarizeActs(acts),
    earlyAct: summarizeActs(earlyActs),
  };
}

function printPages(summaries: Summary[], form: Summary): void {
  console.log(
    `\nIn headless Chromium under mobile conditions (CPU ${CONDITIONS.cpuSlowdown}x slower, ${CONDITIONS.latencyMs} ms round trip, ${CONDITIONS.downMbps} Mbps down, ${CONDITIONS.upKbps} kbps up, cold cache, 390 x 844 touch screen); median of ${RUNS} run(s).`,
  );
  console.log(
    'A page holding one tag, embedded with its snippet pasted (and the loader) or with the script tag alone; the API on another origin.\n',
  );
  table(
    [
      'page',
      'shows',
      'usable',
      '(all runs)',
      'x form',
      'data',
      'hydrated',
      'markup',
      'TBT',
      'CLS',
      'loader task',
      'KiB to usable',
      'KiB in all',
    ],
    summaries.map((s) => [
      s.page.name,
      ms(s.shows),
      ms(s.usable),
      s.usableRange.map(Math.round).join('-'),
      times(s.usable / form.usable),
      s.dataAt === null ? '-' : s.filled === null ? ms(s.dataAt) : `${ms(s.dataAt)} (shown ${ms(s.filled)})`,
      ms(s.hydrated),
      !s.page.tag ? '-' : s.redrawn ? `redrawn ${s.redrawn}/${RUNS}` : 'kept',
      ms(s.tbt),
      s.cls.toFixed(3),
      s.page.tag ? `${Math.round(s.loaderTask)} (${Math.round(s.loaderTaskWorst)}) ms` : '-',
      kib(s.bytesUsable),
      kib(s.bytes),
    ]),
  );
  console.log(
    '\nshows: its first field (or main button) is laid out; usable: it shows, is enabled and not covered (a tap on it reaches it), and for a button a click is handled by React or captured by the loader (and pressed again once hydrated), or, before the loader has run, kept by the focus the tap leaves on it, which the loader presses when it runs;',
  );
  console.log(
    "data: when the first answer its first view shows had arrived (the loader asks for it as it starts, with the person's token): a control that shows that data cannot be usable sooner;",
  );
  console.log(
    '  (shown: where the first control comes before that data, when the first control showing it was usable);',
  );
  console.log(
    'hydrated: React handles it; markup: the node that showed first is the one React hydrated (kept) or was drawn again; TBT: long tasks over 50 ms from',
  );
  console.log(
    'navigation until the page is quiet (no request for 0.5 s, at least 1 s after hydration); CLS: largest window of layout shifts in that time; loader task: the longest run of',
  );
  console.log(
    "the loader's script in a load, the slowest load's in brackets (its module, a listener or a callback; 0 when none ran in a frame over 50 ms); KiB: transferred, compressed, with headers.",
  );
  console.log('The control watched on each page:');
  const controls = new Map(
    summaries.map(({ page }) => [
      page.tag ?? page.name,
      `${page.what}${page.signedIn ? ' (signed in)' : ''}${page.filledWhat ? `; its data shown: ${page.filledWhat}` : ''}`,
    ]),
  );
  for (const [who, what] of controls) console.log(`  ${who}: ${what}`);
}

function printActs(summaries: Summary[], form: Summary): void {
  const acting = summaries.filter((s) => s.act);
  if (!acting.length) return;
  console.log(
    `\nA person acting the moment the control shows (taps it, types at ${KEY_DELAY_MS} ms a key, taps the button); median of the runs where nothing was lost.\n`,
  );
  const row = (name: string, act: ActSummary) => {
    const kinds = [...new Set(act.lost)];
    return [
      name,
      ms(act.done),
      times(act.done === null ? null : act.done / form.act!.done!),
      `${act.lost.length} of ${act.runs}${kinds.length ? ` (${kinds.join(', ')})` : ''}`,
      ms(act.tbt),
      act.cls.toFixed(3),
    ];
  };
  table(
    ['page', 'done', 'x form', 'runs with a loss', 'TBT to done', 'CLS to done'],
    acting.flatMap(({ page, act, earlyAct }) => [
      row(page.name, act!),
      ...(earlyAct ? [row(`${page.name}, tapped before the loader ran`, earlyAct)] : []),
    ]),
  );
  const described = new Map(acting.map(({ page }) => [page.tag ?? page.name, page.act!.describe]));
  for (const [who, what] of described) console.log(`  ${who}: ${what}`);
  console.log(
    '  a loss: keystroke, the request did not carry every key typed; tap, nothing was done 3 s after hydration; answer, the request went but its answer never showed.',
  );
  console.log(
    '  TBT and CLS from navigation until done. "Tapped before the loader ran": the loader is held back until the first tap is done.',
  );
}

/** Console errors and warnings of the pages (a markup mismatch warns), and actions that sent twice. */
function printNotes(results: PageResult[]): void {
  const notes = new Set<string>();
  for (const { page, loads, acts, earlyActs } of results) {
    for (const message of [
      ...loads.flatMap((l) => [...l.errors, ...l.warnings]),
      ...[...acts, ...earlyActs].flatMap((a) => a.errors),
    ])
      notes.add(`${page.name}: ${message.split('\n')[0]!.slice(0, 300)}`);
    for (const act of [...acts, ...earlyActs])
      if (act.sent > 1) notes.add(`${page.name}: one action sent ${act.sent} requests`);
  }
  if (!notes.size) return;
  console.log('\nThe pages said (console errors and warnings, once each):');
  for (const note of notes) console.log(`  ${note}`);
}

// ---------------------------------------------------------------------------------------------
// 3. Lighthouse
// ---------------------------------------------------------------------------------------------

function printLighthouse(
  results: Map<string, LighthouseRun[]>,
  origin: string,
): Map<string, { score: number; lcp: number }> {
  console.log(
    `\nLighthouse 12 mobile (simulated slow 4G, CPU 4x) on the portal, served compressed; median of ${[...results.values()][0]?.length ?? 0} run(s).\n`,
  );
  const medians = new Map<string, { score: number; lcp: number }>();
  table(
    ['route', 'performance', 'LCP', 'FCP', 'TBT', 'CLS'],
    [...results].map(([url, runs]) => {
      const m = (pick: (r: LighthouseRun) => number) => median(runs.map(pick));
      const route = url.slice(origin.length);
      medians.set(route, { score: m((r) => r.score), lcp: m((r) => r.lcp) });
      return [
        route,
        m((r) => r.score).toFixed(2),
        ms(m((r) => r.lcp)),
        ms(m((r) => r.fcp)),
        ms(m((r) => r.tbt)),
        m((r) => r.cls).toFixed(3),
      ];
    }),
  );
  // What to make faster: the element each route's largest paint was (the one most runs found), and where its time went.
  console.log('\nThe largest paint (the element most runs found; its phases, medians in ms):');
  for (const [url, runs] of results) {
    const counts = new Map<string, number>();
    for (const r of runs) counts.set(r.lcpElement, (counts.get(r.lcpElement) ?? 0) + 1);
    const element = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none reported';
    const phases = Object.keys(runs[0]?.lcpPhases ?? {}).map(
      (phase) => `${phase} ${Math.round(median(runs.map((r) => r.lcpPhases[phase] ?? NaN)))}`,
    );
    console.log(`  ${url.slice(origin.length)}: ${element}${phases.length ? `; ${phases.join(', ')}` : ''}`);
  }
  console.log(
    `\nLighthouse's benchmark index of this machine during the runs (a typical desktop scores 1000 or more): ${Math.round(median([...results.values()].flat().map((r) => r.benchmarkIndex)))}.`,
  );
  const warnings = new Set([...results.values()].flat().flatMap((r) => r.warnings));
  for (const warning of warnings) console.log(`  Lighthouse: ${warning}`);
  return medians;
}

// ---------------------------------------------------------------------------------------------
// 4. Beside the targets
// ---------------------------------------------------------------------------------------------

function printTargets(
  entries: EntrySizes[],
  summaries: Summary[],
  form: Summary,
  lighthouse: Map<string, { score: number; lcp: number }> | null,
): void {
  const rows: string[][] = [];
  const check = (what: string, figure: string, target: string, meets: boolean) =>
    rows.push([what, figure, target, meets ? 'meets' : 'MISSES']);
  for (const s of summaries.filter((s) => s.page.tag)) {
    const limit = s.page.embed === 'script' ? 2.5 : s.page.tag === 'sm-newsletter' ? 1.2 : 1.5;
    check(`${s.page.name}: usable`, times(s.usable / form.usable), `<= ${limit}x`, s.usable / form.usable <= limit);
    // A control that shows the API's answer (it was usable only after that answer came): when it arrived is its floor.
    if (s.dataAt !== null && s.usable >= s.dataAt)
      rows.push([`  its data arrived (the floor for a control that shows it)`, times(s.dataAt / form.usable), '', '']);
    // A first control that needs no data, before one that shows it: when that one was usable, and its floor, beside it.
    if (s.filled !== null && s.dataAt !== null) {
      rows.push([`  ${s.page.filledWhat ?? 'its data'}: usable`, times(s.filled / form.usable), '', '']);
      rows.push([`    its data arrived (the floor for it)`, times(s.dataAt / form.usable), '', '']);
    }
    // Its button counts as usable before the loader runs: these runs say whether such a tap is kept.
    if (s.earlyAct)
      check(
        `${s.page.name}: runs with a tap before the loader ran lost`,
        String(s.earlyAct.lost.length),
        '0',
        s.earlyAct.lost.length === 0,
      );
  }
  const tagged = summaries.filter((s) => s.page.tag);
  if (tagged.length) {
    const longest = tagged.reduce((a, b) => (b.loaderTask > a.loaderTask ? b : a));
    check(
      `the loader's longest task, the page where it is longest (${longest.page.name})`,
      ms(longest.loaderTask),
      '<= 50 ms',
      longest.loaderTask <= 50,
    );
  }
  const newsletter = summaries.find((s) => s.page.tag === 'sm-newsletter' && s.page.embed === 'snippet')?.act;
  if (newsletter && form.act) {
    check(
      'sm-newsletter snippet: runs with a lost keystroke or tap',
      String(newsletter.lost.length),
      '0',
      newsletter.lost.length === 0,
    );
    const ratio = newsletter.done === null || form.act.done === null ? NaN : newsletter.done / form.act.done;
    check('sm-newsletter snippet: thank-you', times(ratio), '<= 1.6x', ratio <= 1.6);
    check(
      'sm-newsletter snippet: TBT from navigation to the thank-you',
      ms(newsletter.tbt),
      '<= 100 ms',
      newsletter.tbt <= 100,
    );
    check('sm-newsletter snippet: layout shift to the thank-you', newsletter.cls.toFixed(3), '0', newsletter.cls === 0);
  }
  for (const [route, { score, lcp }] of lighthouse ?? []) {
    check(`Lighthouse ${route}: performance`, score.toFixed(2), '>= 0.95', score >= 0.95);
    check(`Lighthouse ${route}: largest contentful paint`, ms(lcp), '<= 2000 ms', lcp <= 2000);
  }
  const loader = sizeOfFiles(dist, [LOADER_FILE]).brotli;
  check('loader, brotli', `${kib(loader)} KiB`, `<= ${kib(BUDGETS.loader)} KiB`, loader <= BUDGETS.loader);
  const biggest = (pick: (e: EntrySizes) => number) => entries.reduce((a, b) => (pick(b) > pick(a) ? b : a));
  const markup = biggest((e) => e.markup.brotli);
  check(
    `largest markup file (${markup.tag}), brotli`,
    `${kib(markup.markup.brotli)} KiB`,
    `<= ${kib(BUDGETS.markup)} KiB`,
    markup.markup.brotli <= BUDGETS.markup,
  );
  const own = biggest((e) => e.own.brotli);
  check(
    `largest own code (${own.tag}), brotli`,
    `${kib(own.own.brotli)} KiB`,
    `<= ${kib(BUDGETS.ownCode)} KiB`,
    own.own.brotli <= BUDGETS.ownCode,
  );
  const news = entries.find((e) => e.tag === 'sm-newsletter')!;
  const usable = Math.max(news.usableSnippet.brotli, news.usableScript.brotli, news.usableLoader.brotli);
  check(
    'sm-newsletter: bytes before usable, brotli',
    `${kib(usable)} KiB`,
    `<= ${kib(BUDGETS.newsletterUsable)} KiB`,
    usable <= BUDGETS.newsletterUsable,
  );
  const ghost = BUDGETS.ghostFormGzip / 1000;
  check(
    `sm-newsletter: bytes until hydrated, gzip (Ghost's form: ${ghost} KB)`,
    `${(news.hydrated.gzip / 1000).toFixed(1)} KB`,
    `< ${ghost} KB`,
    news.hydrated.gzip < BUDGETS.ghostFormGzip,
  );
  console.log('\nThe figures beside their targets (time ratios are to the plain form in the same run)\n');
  table(['figure', 'measured', 'target', ''], rows);
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
const cdn = await startCdn(cdnPort, dist, new Map(pages.map((p) => [p.path, p.html])), sandbox.origin);
let browser: Browser | undefined;
try {
  let summaries: Summary[] = [];
  if (pages.length > 1) {
    browser = await launchChromium();
    console.log(
      `\nMeasuring ${pages.length} pages, ${RUNS} round(s); load average of this machine (${cpus().length} cores): ${loadavg()[0]!.toFixed(1)}`,
    );
    const since = Date.now();
    const results = await runPages(browser, cdnOrigin, pages, await signIn(sandbox.origin));
    await browser.close();
    browser = undefined;
    summaries = results.map(summarize);
    const form = summaries.find((s) => s.page.embed === 'form')!;
    printPages(summaries, form);
    printActs(summaries, form);
    printNotes(results);
    console.log(`(the pages took ${took(since)})`);
  }
  let lighthouse: Map<string, { score: number; lcp: number }> | null = null;
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
  console.log(`\nFiles were served with: ${[...cdn.encodings].join(', ')}.`);
  if (summaries.length)
    printTargets(
      entries,
      summaries,
      summaries.find((s) => s.page.embed === 'form')!,
      lighthouse,
    );
  console.log(
    `\nThe bench took ${took(started)} after the build; load average at the end ${loadavg()[0]!.toFixed(1)}.`,
  );
} finally {
  await browser?.close();
  await cdn.close();
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
