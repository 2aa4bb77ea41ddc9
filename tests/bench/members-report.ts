/**
 * The members' figures (members.ts): their tables, Lighthouse signed in, and the figures beside issue 41's targets.
 */
import type { LoadRun, Stored } from './browser';
import { runLighthouse } from './lighthouse';
import { MARKS, type Collected, type Mark, type MemberPage, type MemberRuns } from './members';
import {
  check,
  checkNone,
  INTERVAL_NOTE,
  median,
  ms,
  printLighthouse,
  spread,
  table,
  times,
  timesWithin,
  type LighthouseMedians,
  type TargetRows,
} from './report';

export interface MemberSummary {
  page: MemberPage;
  usable: number;
  /** Each timed load's usable time. */
  usables: number[];
  exchanged: number | null;
  dataAt: number | null;
  filled: number | null;
  hydrated: number | null;
  tbt: number;
  blockingFromStart: number;
  cls: number;
  worstCls: number;
  /**
   * Of the loads frames.js watched, those in which a frame showed each mark, and the median of its first and last
   * sighting over those.
   */
  seen: Record<(typeof MARKS)[number][0], { runs: number; first: number; last: number; what: string }>;
  /** Where the page ended (the address's hash most loads ended at). */
  at: string;
  /** The timed loads and the watched loads, and those whose control never got usable (not in the figures), with why. */
  runs: number;
  watchedRuns: number;
  failed: string[];
}

function summarize(page: MemberPage, loads: LoadRun[], watched: LoadRun[], failed: string[]): MemberSummary {
  const m = (pick: (l: LoadRun) => number) => median(loads.map(pick));
  const all = (pick: (l: LoadRun) => number | null) =>
    loads.length && loads.every((l) => pick(l) !== null) ? m((l) => pick(l)!) : null;
  const collected = loads.map((l) => l.collected as Collected);
  const seen = Object.fromEntries(
    MARKS.map(([kind]) => {
      const marks = watched.map((l) => (l.collected as Collected).frames?.[kind]).filter((x): x is Mark => !!x);
      return [
        kind,
        {
          runs: marks.length,
          first: median(marks.map((x) => x.first)),
          last: median(marks.map((x) => x.last)),
          what: marks[0]?.what.join('; ') ?? '',
        },
      ];
    }),
  ) as MemberSummary['seen'];
  const exchanges = page.part === 'app-links' ? collected.map((c) => c.exchanged) : [];
  const ends = new Map<string, number>();
  for (const { at } of [...loads, ...watched].map((l) => l.collected as Collected))
    ends.set(at, (ends.get(at) ?? 0) + 1);
  return {
    page,
    usable: m((l) => l.usable),
    usables: loads.map((l) => l.usable),
    exchanged: exchanges.length && exchanges.every((x) => x !== null) ? median(exchanges as number[]) : null,
    dataAt: all((l) => l.dataAt),
    filled: all((l) => l.filled),
    hydrated: all((l) => l.hydrated),
    tbt: m((l) => l.tbt),
    blockingFromStart: m((l) => l.blockingFromStart),
    cls: m((l) => l.cls),
    worstCls: loads.length ? Math.max(...loads.map((l) => l.cls)) : NaN,
    seen,
    at: [...ends].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '-',
    runs: loads.length,
    watchedRuns: watched.length,
    failed,
  };
}

/** In how many of the loads frames.js watched a frame showed the mark. */
const runsOf = (s: MemberSummary, kind: (typeof MARKS)[number][0]) =>
  s.page.reference ? '-' : `${s.seen[kind].runs} of ${s.watchedRuns}`;
const fixed = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(3));

/** The members' tables; returns the summaries for the targets. */
export function printMembers(runs: MemberRuns, formUsable: number, rounds: number): MemberSummary[] {
  const summaries = [...runs.loads].map(([page, loads]) =>
    summarize(page, loads, runs.watched.get(page) ?? [], runs.failures.get(page) ?? []),
  );
  const failing = summaries.some((s) => s.failed.length);
  const common = (s: MemberSummary) => [
    ms(s.usable),
    spread(s.usables),
    times(s.usable / formUsable),
    ...(failing ? [`${s.failed.length} of ${s.failed.length + s.runs + s.watchedRuns}`] : []),
  ];
  const shown = (s: MemberSummary) =>
    s.dataAt === null ? '-' : s.filled === null ? ms(s.dataAt) : `${ms(s.dataAt)} (shown ${ms(s.filled)})`;
  /** The columns both tables end their figures with: data, hydrated, blocking time and layout shift. */
  const tailHead = ['data', 'hydrated', 'TBT', '(from the start)', 'CLS', '(worst)'];
  const tail = (s: MemberSummary) => [
    shown(s),
    ms(s.hydrated),
    ms(s.tbt),
    ms(s.blockingFromStart),
    fixed(s.cls),
    fixed(s.worstCls),
  ];
  const head = ['page', 'usable', '(all runs)', 'x form', ...(failing ? ['never usable'] : [])];
  const links = summaries.filter((s) => s.page.part === 'app-links');
  const members = summaries.filter((s) => s.page.part === 'members');
  console.log(
    `\nMembers on the portal, the same conditions, beside the plain form (usable at ${ms(formUsable)} in these rounds); median of ${rounds} run(s) (the plain form's as in the table above).`,
  );
  if (links.length) {
    console.log(
      '\nApp links, /#/login?_t=TOKEN&type=…, a fresh token each load, nothing stored; of the loads frames.js watched, those in which any frame showed:\n',
    );
    table(
      [...head, 'token exchanged', ...tailHead, 'sign-in page', 'signed-out header', 'dashboard', 'ends at'],
      links.map((s) => [
        s.page.name,
        ...common(s),
        ms(s.exchanged),
        ...tail(s),
        runsOf(s, 'signin'),
        runsOf(s, 'header'),
        runsOf(s, 'home'),
        // (The floor's page leaves its token in the address.)
        s.page.reference ? '-' : s.at,
      ]),
    );
  }
  if (members.length) {
    console.log(
      '\nSigned in (a stored session), each route opened; of the loads frames.js watched, those in which any frame showed:\n',
    );
    table(
      [...head, ...tailHead, 'signed-out header', 'sign-in page', 'ends at'],
      members.map((s) => [s.page.name, ...common(s), ...tail(s), runsOf(s, 'header'), runsOf(s, 'signin'), s.at]),
    );
  }
  const notes = [
    "usable, data, hydrated, TBT, CLS: as in the tags' table above; (from the start): the same blocking time counted from the navigation, the tasks before the first paint too; CLS: the median of the loads' largest window of shifts, (worst): the largest in any load;",
    ...(links.length
      ? ["token exchanged: when the app token's exchange (GET /webclient/auth/mobile-login) answered;"]
      : []),
    'sign-in page: sm-login\'s Log In or Sign Up view or its providers, or "Continue with Email" or "Login or Register", rendered in the viewport;',
    'signed-out header: a header linking to Log In or Sign Up (on a phone those links fold into its Menu; the header shows);',
    ...(links.length ? ['dashboard: "My Dashboard" on the way to the widget;'] : []),
    'all looked for before each frame after any change, in the document and open shadow roots (frames.js), in loads of their own: every other figure is',
    "from the timed loads, which carry the probe alone (frames.js's looks and its observer are work in the page's tasks). ends at: the address when quiet.",
  ];
  if (failing)
    notes.push(
      `never usable: loads whose control did not get usable within 30 s, left out of every other figure (the runs are counted "of" the loads measured). Why:`,
      ...new Set(summaries.flatMap((s) => s.failed.map((why) => `  ${why.slice(0, 400)}`))),
    );
  console.log('');
  for (const note of notes) console.log(note);
  const sightings = summaries.flatMap((s) =>
    MARKS.filter(([kind]) => s.seen[kind].runs && !(s.page.part === 'members' && kind === 'home')).map(
      ([kind, words]) =>
        `  ${s.page.name}: ${words} from ${ms(s.seen[kind].first)} to ${ms(s.seen[kind].last)} (medians; first seen: ${s.seen[kind].what})`,
    ),
  );
  if (sightings.length) console.log('Where they were seen:');
  for (const line of sightings) console.log(line);
  console.log('The control watched on each page:');
  for (const { page } of summaries)
    console.log(`  ${page.name}: ${page.what}${page.filledWhat ? `; its data shown: ${page.filledWhat}` : ''}`);
  const costs = [...runs.watched].flatMap(([page, loads]) =>
    loads.map((l) => {
      const f = (l.collected as Collected).frames;
      return { page, own: f ? f.spent - f.layout : 0, layout: f?.layout ?? 0 };
    }),
  );
  const most = costs.reduce((a, b) => (b.own > a.own ? b : a), costs[0] ?? { page: null, own: NaN, layout: NaN });
  console.log(
    `frames.js's own looks took ${ms(median(costs.map((c) => c.own)))} a load (median; the most ${ms(most.own)}${most.page ? `, ${most.page.name}` : ''}), besides ${ms(median(costs.map((c) => c.layout)))} of layout they brought forward (the frames' own layout, done earlier).`,
  );
  const said = new Set(
    [...runs.loads, ...runs.watched].flatMap(([page, loads]) =>
      loads.flatMap((l) => [...l.errors, ...l.warnings].map((e) => `${page.name}: ${e.split('\n')[0]!.slice(0, 300)}`)),
    ),
  );
  if (said.size) console.log('The pages said (console errors and warnings, once each):');
  for (const note of said) console.log(`  ${note}`);
  return summaries;
}

/** Lighthouse's mobile audit of the signed-in routes, the session in the browser's profile. */
export async function memberLighthouse(origin: string, rounds: number, session: Stored): Promise<LighthouseMedians> {
  const urls = ['/#/home', '/#/history'].map((route) => origin + route);
  return printLighthouse(
    await runLighthouse(urls, rounds, { origin, session }),
    origin,
    'on the portal signed in (the session stored in the profile before each run, storage kept)',
  );
}

/** The members' figures beside issue 41's targets (time ratios to the plain form in the same rounds). */
export function printMemberTargets(
  summaries: MemberSummary[],
  formUsables: number[],
  lighthouse: LighthouseMedians | null,
) {
  const formUsable = median(formUsables);
  const rows: TargetRows = [];
  for (const s of summaries) {
    if (s.page.reference) continue;
    const link = s.page.part === 'app-links';
    const limit = link ? 2.5 : 2.0;
    if (s.failed.length) checkNone(rows, `${s.page.name}: loads whose control never got usable`, s.failed.length);
    const ratio = s.usable / formUsable;
    check(rows, `${s.page.name}: usable`, timesWithin(s.usables, formUsables), `<= ${limit}x`, ratio <= limit);
    check(rows, `${s.page.name}: layout shift (worst load)`, fixed(s.worstCls), '<= 0.05', s.worstCls <= 0.05);
    check(rows, `${s.page.name}: blocking (TBT)`, ms(s.tbt), '<= 100 ms', s.tbt <= 100);
    if (link) checkNone(rows, `${s.page.name}: runs showing the sign-in page`, s.seen.signin.runs);
    checkNone(rows, `${s.page.name}: runs showing the signed-out header`, s.seen.header.runs);
  }
  // A page to compare with: no target of its own, but where it stands says what any page could reach.
  for (const s of summaries.filter((s) => s.page.reference))
    rows.push([`${s.page.name}: usable (${s.page.reference})`, timesWithin(s.usables, formUsables), '-', '']);
  for (const [route, { score }] of lighthouse ?? [])
    check(rows, `Lighthouse signed in ${route}: performance`, score.toFixed(2), '>= 0.95', score >= 0.95);
  if (!rows.length) return;
  console.log("\nMembers' figures beside their targets (issue 41)\n");
  table(['figure', 'measured', 'target', ''], rows);
  console.log(INTERVAL_NOTE);
}
