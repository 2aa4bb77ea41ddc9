/**
 * What the message catalogues cost English readers: each tag's first load until hydrated (loader,
 * markup file and the tag's code, brotli; `hydrated` in sizes.ts) against the same measure of the
 * last commit before the catalogues, recorded in english-baseline.json by
 * `npm run bench:baseline` (tools/english-baseline.ts). Other languages load only when chosen, so
 * the growth may be at most 1 KiB per tag (budgets.test.ts checks it; the bench prints it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntrySizes } from './sizes';

/** The most an English reader's first load of a tag may have grown since the catalogues came in. */
export const ENGLISH_GROWTH = 1024;

export interface EnglishBaseline {
  commit: string;
  measured: string;
  /** Each tag's English first load until hydrated, brotli bytes. */
  tags: Record<string, number>;
}

export const readEnglishBaseline = (): EnglishBaseline =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'english-baseline.json'), 'utf8')) as EnglishBaseline;

export interface EnglishGrowth {
  tag: string;
  before: number;
  after: number;
  growth: number;
}

/** Each measured tag's English first load before the catalogues and now (brotli bytes). */
export function englishGrowth(entries: readonly EntrySizes[], baseline = readEnglishBaseline()): EnglishGrowth[] {
  return entries.map((e) => {
    const before = baseline.tags[e.tag];
    if (before === undefined) throw new Error(`english-baseline.json has no ${e.tag}: run npm run bench:baseline`);
    return { tag: e.tag, before, after: e.hydrated.brotli, growth: e.hydrated.brotli - before };
  });
}

/** Prints the English first load of each tag before the catalogues and now. */
export function printEnglish(entries: readonly EntrySizes[]): void {
  const baseline = readEnglishBaseline();
  console.log(
    `\nEnglish first load until hydrated (brotli B), before the catalogues (${baseline.commit.slice(0, 7)}) and now; at most +${ENGLISH_GROWTH} B:`,
  );
  console.log(`${'tag'.padEnd(15)}${'before'.padStart(9)}${'now'.padStart(9)}${'growth'.padStart(9)}`);
  for (const g of englishGrowth(entries, baseline)) {
    const growth = `${g.growth > 0 ? '+' : ''}${g.growth}`;
    console.log(
      `${g.tag.padEnd(15)}${String(g.before).padStart(9)}${String(g.after).padStart(9)}${growth.padStart(9)}${g.growth > ENGLISH_GROWTH ? '  over' : ''}`,
    );
  }
}
