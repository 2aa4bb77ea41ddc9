/**
 * Size budgets, checked from the built files in dist/ (brotli 11, each file on its own):
 * - the loader (loader.js and the bundler's interop helper it imports) <= 2 KiB;
 * - one shared runtime chunk (React, r2wc, signals) and one shared core chunk (session store,
 *   API client, zod/mini), the same files in the loader's and every tag's first load, so a page
 *   loads them once however many tags it holds;
 * - each widget's own code (its first load minus those shared chunks; dynamic imports such as
 *   the social sign-in chunk excluded) <= 15 KiB;
 * - Firebase and Stripe.js never in a first load (file names and marker strings).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_FIRST_LOAD, firstLoadFiles, loaderGraph, readManifest, sharedFiles, sizeOfFiles, tagGraphs, type Manifest } from './sizes';

const dist = resolve(import.meta.dirname, '../../dist');
const KiB = 1024;
const TAGS = ['sm-donate', 'sm-history', 'sm-login', 'sm-newsletter', 'sm-subscribe', 'sm-survey', 'sm-topup'];
const BUDGET = 15 * KiB;
/** Known overruns, held where they are so they cannot grow unnoticed (none today). */
const OVER_BUDGET: Record<string, number> = {};

let manifest: Manifest;
beforeAll(() => {
  if (!existsSync(join(dist, '.vite/manifest.json'))) throw new Error('No build in dist/: run `npm run build` first.');
  manifest = readManifest(dist);
});

describe('size budgets (brotli)', () => {
  it('builds one module per tag and the loader', () => {
    expect(tagGraphs(manifest).map((g) => g.tag)).toEqual(TAGS);
    for (const tag of TAGS) expect(existsSync(join(dist, 'widgets', `${tag}.js`))).toBe(true);
    expect(existsSync(join(dist, 'widgets/loader.js'))).toBe(true);
  });

  it('the loader is at most 2 KiB', () => {
    const { own } = loaderGraph(manifest);
    expect(own).toContain('widgets/loader.js');
    expect(sizeOfFiles(dist, own).brotli).toBeLessThanOrEqual(2 * KiB);
  });

  it('the loader imports nothing; every tag shares the same runtime and core files (loaded once per page)', () => {
    const { runtime, core } = sharedFiles(manifest);
    expect(runtime).toMatch(/^assets\/runtime-[\w-]+\.js$/);
    expect(core).toMatch(/^assets\/core-[\w-]+\.js$/);
    // The loader imports nothing: no React, no r2wc, no core (it fetches a tag's files when wanted).
    expect(loaderGraph(manifest).files).toEqual(['widgets/loader.js']);
    for (const graph of tagGraphs(manifest)) {
      expect(graph.files, graph.tag).toContain(runtime);
      expect(graph.files, graph.tag).toContain(core);
      expect(graph.files.filter((f) => /\/(runtime|core)-/.test(f)).sort(), graph.tag).toEqual([runtime, core].sort());
      // React and friends live only in the runtime chunk: no copy in a tag's own files.
      for (const file of graph.own) expect(readFileSync(join(dist, file), 'utf8'), file).not.toMatch(/react\.transitional\.element|__r2wc|Symbol\.for\("r2wc/);
    }
  });

  it.each(TAGS)('%s: its own code is at most 15 KiB (dynamic imports excluded)', (tag) => {
    const graph = tagGraphs(manifest).find((g) => g.tag === tag)!;
    const size = sizeOfFiles(dist, graph.own);
    const limit = OVER_BUDGET[tag] ?? BUDGET;
    expect(size.brotli, `${tag} own code ${graph.own.join(', ')}`).toBeLessThanOrEqual(limit);
    if (OVER_BUDGET[tag] !== undefined && size.brotli <= BUDGET) throw new Error(`${tag} is back under 15 KiB (${size.brotli} B): remove it from OVER_BUDGET.`);
  });

  it('no first load holds Firebase or Stripe.js (the loader, each tag, the portal page)', () => {
    const firstLoads: [string, string[]][] = [
      ['loader', loaderGraph(manifest).files],
      ...tagGraphs(manifest).map((g): [string, string[]] => [g.tag, g.files]),
      ['portal', firstLoadFiles(manifest, 'index.html')],
    ];
    for (const [name, files] of firstLoads) {
      for (const file of files) {
        const text = readFileSync(join(dist, file), 'utf8');
        for (const rule of FORBIDDEN_IN_FIRST_LOAD) {
          expect(rule.file.test(file), `${name}: ${file} looks like ${rule.what}`).toBe(false);
          for (const marker of rule.text) expect(text.includes(marker), `${name}: ${file} contains ${rule.what} (${marker})`).toBe(false);
        }
      }
    }
  });
});
