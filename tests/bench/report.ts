/**
 * How the bench prints: figures, medians and aligned tables, and Lighthouse's results (bench.ts for the public
 * routes, members.ts for the signed-in ones).
 */
import type { LighthouseRun } from './lighthouse';

export const KiB = 1024;
export const kib = (n: number) => (n / KiB).toFixed(1);
export const ms = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${Math.round(n)} ms`);
export const times = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : `${n.toFixed(2)}x`);

export const median = (values: readonly number[]): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The fastest and the slowest of some loads' times, as the tables print them ('312-436'), or '-' for none. */
export const spread = (values: readonly number[]) =>
  values.length ? `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}` : '-';

/**
 * How far the noise of the machine moves a ratio of medians (a page's usable time to the plain form's): the ratio of
 * the medians of loads drawn again at random, with replacement, from each side's loads (a bootstrap of 2000 draws, from
 * a fixed seed so the same loads give the same figures). The 5th and the 95th percentile of those ratios.
 */
export function ratioInterval(page: readonly number[], form: readonly number[]): [number, number] {
  if (!page.length || !form.length) return [NaN, NaN];
  let seed = 0x2f6b1d3;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draw = (values: readonly number[]) => values.map(() => values[Math.floor(random() * values.length)]!);
  const ratios = Array.from({ length: 2000 }, () => median(draw(page)) / median(draw(form))).sort((a, b) => a - b);
  return [ratios[Math.floor(ratios.length * 0.05)]!, ratios[Math.floor(ratios.length * 0.95)]!];
}

/** A ratio of medians with its interval (ratioInterval): `1.99x (1.87-2.12)`. */
export const timesWithin = (page: readonly number[], form: readonly number[]) => {
  const [low, high] = ratioInterval(page, form);
  return `${times(median(page) / median(form))} (${low.toFixed(2)}-${high.toFixed(2)})`;
};

/** What the interval beside a ratio says, printed under the tables of targets. */
export const INTERVAL_NOTE =
  'In brackets beside a ratio: where 90% of its values fall when the loads of each side are drawn again at random (how far this machine moves it).';

/** Prints rows as aligned columns: the first left-aligned, the others right-aligned. */
export function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}

/** A figure beside its target: the rows of the bench's last tables. */
export type TargetRows = string[][];
export const check = (rows: TargetRows, what: string, figure: string, target: string, meets: boolean) =>
  rows.push([what, figure, target, meets ? 'meets' : 'MISSES']);
/** A count that must be none (runs that lost a tap, loads that failed) beside its target. */
export const checkNone = (rows: TargetRows, what: string, count: number) =>
  check(rows, what, String(count), '0', count === 0);
/** A size in bytes beside its budget, both in KiB. */
export const checkKiB = (rows: TargetRows, what: string, bytes: number, budget: number) =>
  check(rows, what, `${kib(bytes)} KiB`, `<= ${kib(budget)} KiB`, bytes <= budget);

export type LighthouseMedians = Map<string, { score: number; lcp: number }>;

/** Lighthouse's figures per route (medians), the largest paint of each, and the machine's speed. */
export function printLighthouse(
  results: Map<string, LighthouseRun[]>,
  origin: string,
  who = 'on the portal',
): LighthouseMedians {
  console.log(
    `\nLighthouse 12 mobile (simulated slow 4G, CPU 4x) ${who}, served compressed; median of ${[...results.values()][0]?.length ?? 0} run(s).\n`,
  );
  const medians: LighthouseMedians = new Map();
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
  const ends = new Set([...results.values()].flat().map((r) => r.finalUrl.slice(origin.length)));
  console.log(`The pages ended at: ${[...ends].join(', ')}.`);
  const warnings = new Set([...results.values()].flat().flatMap((r) => r.warnings));
  for (const warning of warnings) console.log(`  Lighthouse: ${warning}`);
  return medians;
}
