/**
 * The tags' pages in the bench (bench.ts): each page's medians, the tables of loads and of a person acting, what the
 * pages said, and every figure beside its target.
 */
import { MOBILE_CONDITIONS as CONDITIONS } from '../../tools/chromium';
import { KEY_DELAY_MS, type ActRun, type LoadRun } from './browser';
import type { BenchPage } from './pages';
import {
  check as checkRow,
  checkKiB,
  checkNone,
  INTERVAL_NOTE,
  kib,
  median,
  ms,
  spread,
  table,
  times,
  timesWithin,
  type LighthouseMedians,
} from './report';
import { BUDGETS, LOADER_FILE, sizeOfFiles, type EntrySizes } from './sizes';

export interface PageResult {
  page: BenchPage;
  loads: LoadRun[];
  acts: ActRun[];
  /** The same action, its first tap made before the loader has run (a snippet whose control is a button). */
  earlyActs: ActRun[];
}

/** A page's medians. */
export interface Summary {
  page: BenchPage;
  shows: number;
  usable: number;
  /** Each load's usable time (its figures are the medians of these loads). */
  usables: number[];
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

export function summarize({ page, loads, acts, earlyActs }: PageResult): Summary {
  const m = (pick: (l: LoadRun) => number) => median(loads.map(pick));
  return {
    page,
    shows: m((l) => l.shows),
    usable: m((l) => l.usable),
    usables: loads.map((l) => l.usable),
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

export function printPages(summaries: Summary[], form: Summary, runs: number): void {
  console.log(
    `\nIn headless Chromium under mobile conditions (CPU ${CONDITIONS.cpuSlowdown}x slower, ${CONDITIONS.latencyMs} ms round trip, ${CONDITIONS.downMbps} Mbps down, ${CONDITIONS.upKbps} kbps up, cold cache, 390 x 844 touch screen); median of ${runs} run(s), the plain form's of its ${form.usables.length} loads (three a round: it is every ratio's yardstick).`,
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
      spread(s.usables),
      times(s.usable / form.usable),
      s.dataAt === null ? '-' : s.filled === null ? ms(s.dataAt) : `${ms(s.dataAt)} (shown ${ms(s.filled)})`,
      ms(s.hydrated),
      !s.page.tag ? '-' : s.redrawn ? `redrawn ${s.redrawn}/${runs}` : 'kept',
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
    'hydrated: React handles it; markup: the node that showed first is the one React hydrated (kept) or was drawn again; TBT: long tasks over 50 ms from the',
  );
  console.log(
    'first contentful paint (as Lighthouse counts them) until the page is quiet (no request for 0.5 s, at least 1 s after hydration); CLS: largest window of layout shifts in that time; loader task: the longest run of',
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

export function printActs(summaries: Summary[], form: Summary): void {
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
    '  TBT from the first contentful paint, CLS from navigation, until done. "Tapped before the loader ran": the loader is held back until the first tap is done.',
  );
}

/** Console errors and warnings of the pages (a markup mismatch warns), and actions that sent twice. */
export function printNotes(results: PageResult[]): void {
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
// Beside the targets
// ---------------------------------------------------------------------------------------------

export function printTargets(
  dist: string,
  entries: EntrySizes[],
  summaries: Summary[],
  form: Summary,
  lighthouse: LighthouseMedians | null,
): void {
  const rows: string[][] = [];
  const check = (what: string, figure: string, target: string, meets: boolean) =>
    checkRow(rows, what, figure, target, meets);
  for (const s of summaries.filter((s) => s.page.tag)) {
    const limit = s.page.embed === 'script' ? 2.5 : s.page.tag === 'sm-newsletter' ? 1.2 : 1.5;
    const ratio = s.usable / form.usable;
    check(`${s.page.name}: usable`, timesWithin(s.usables, form.usables), `<= ${limit}x`, ratio <= limit);
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
      checkNone(rows, `${s.page.name}: runs with a tap before the loader ran lost`, s.earlyAct.lost.length);
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
    checkNone(rows, 'sm-newsletter snippet: runs with a lost keystroke or tap', newsletter.lost.length);
    const ratio = newsletter.done === null || form.act.done === null ? NaN : newsletter.done / form.act.done;
    check('sm-newsletter snippet: thank-you', times(ratio), '<= 1.6x', ratio <= 1.6);
    check(
      'sm-newsletter snippet: TBT from the first paint to the thank-you',
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
  checkKiB(rows, 'loader, brotli', loader, BUDGETS.loader);
  const biggest = (pick: (e: EntrySizes) => number) => entries.reduce((a, b) => (pick(b) > pick(a) ? b : a));
  const markup = biggest((e) => e.markup.brotli);
  checkKiB(rows, `largest markup file (${markup.tag}), brotli`, markup.markup.brotli, BUDGETS.markup);
  const own = biggest((e) => e.own.brotli);
  checkKiB(rows, `largest own code (${own.tag}), brotli`, own.own.brotli, BUDGETS.ownCode);
  const news = entries.find((e) => e.tag === 'sm-newsletter')!;
  const usable = Math.max(news.usableSnippet.brotli, news.usableScript.brotli, news.usableLoader.brotli);
  checkKiB(rows, 'sm-newsletter: bytes before usable, brotli', usable, BUDGETS.newsletterUsable);
  const ghost = BUDGETS.ghostFormGzip / 1000;
  check(
    `sm-newsletter: bytes until hydrated, gzip (Ghost's form: ${ghost} KB)`,
    `${(news.hydrated.gzip / 1000).toFixed(1)} KB`,
    `< ${ghost} KB`,
    news.hydrated.gzip < BUDGETS.ghostFormGzip,
  );
  console.log('\nThe figures beside their targets (time ratios are to the plain form in the same run)\n');
  table(['figure', 'measured', 'target', ''], rows);
  if (tagged.length) console.log(INTERVAL_NOTE);
}
