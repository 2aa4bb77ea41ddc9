/**
 * Sizes of the built widgets, from Vite's manifest (dist/.vite/manifest.json).
 *
 * What a page pays on first load is a module and every chunk it imports statically; dynamic
 * imports (Stripe.js at checkout, Firebase behind the social buttons) are loaded later and listed
 * apart. The files fall into:
 * - the loader: widgets/loader.js and the bundler's tiny interop helper it imports;
 * - the shared runtime chunk (React, react-dom, r2wc, signals, the guarded define and tag table)
 *   and the shared core chunk (session store, API client with zod/mini, config, base styles):
 *   each loaded once per page however many tags it holds;
 * - a tag's own code: the rest of its first-load graph (its entry, its view and model, the
 *   shared pieces only some tags use).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export const LOADER_KEY = '../widgets/loader.ts';

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const compressed = new Map<string, { gzip: number; brotli: number }>();

export function sizeOf(buffers: Buffer[]): Size {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  // Each file travels compressed on its own, so compress them one by one.
  for (const b of buffers) {
    raw += b.length;
    const key = createHash('sha1').update(b).digest('hex');
    let c = compressed.get(key);
    if (!c) {
      c = {
        gzip: gzipSync(b, { level: 9 }).length,
        brotli: brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length,
      };
      compressed.set(key, c);
    }
    gzip += c.gzip;
    brotli += c.brotli;
  }
  return { raw, gzip, brotli };
}

export const sizeOfFiles = (dist: string, files: readonly string[]): Size => sizeOf(files.map((f) => readFileSync(join(dist, f))));

/** Files a manifest key loads on first load: itself and its static imports, transitively. */
export function firstLoadFiles(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  visit(key);
  return [...seen].map((k) => manifest[k]!.file);
}

/** Files a key may load later (dynamic imports and their static imports), minus its first load. */
export function lazyFiles(manifest: Manifest, key: string): string[] {
  const first = new Set(firstLoadFiles(manifest, key));
  const out = new Set<string>();
  const visitDynamic = (k: string, seen: Set<string>) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const d of manifest[k]?.dynamicImports ?? []) {
      for (const f of firstLoadFiles(manifest, d)) if (!first.has(f)) out.add(f);
      visitDynamic(d, seen);
    }
    for (const i of manifest[k]?.imports ?? []) visitDynamic(i, seen);
  };
  visitDynamic(key, new Set());
  return [...out];
}

/** The shared chunks: the runtime, the core, and the bundler's interop helper. */
export function sharedFiles(manifest: Manifest): { runtime: string; core: string | null; helpers: string[] } {
  const byName = (name: string) => Object.values(manifest).filter((c) => !c.isEntry && c.name === name).map((c) => c.file);
  const runtime = byName('runtime');
  if (runtime.length !== 1) throw new Error(`expected one runtime chunk, found ${runtime.length}: ${runtime.join(', ')}`);
  const core = byName('core');
  return { runtime: runtime[0]!, core: core[0] ?? null, helpers: byName('rolldown-runtime') };
}

export interface TagGraph {
  tag: string;
  key: string;
  /** First load of the per-tag module alone (widgets/sm-<tag>.js and its static imports). */
  files: string[];
  /** The tag's own code: its first load minus the shared runtime, core and helper. */
  own: string[];
  /** Loaded later (dynamic imports), not part of any first load. */
  lazy: string[];
}

export function tagGraphs(manifest: Manifest): TagGraph[] {
  const shared = sharedFiles(manifest);
  const common = new Set([shared.runtime, shared.core, ...shared.helpers].filter((f): f is string => !!f));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry && chunk.name?.startsWith('sm-'))
    .map(([key, chunk]) => {
      const files = firstLoadFiles(manifest, key);
      return { tag: chunk.name!, key, files, own: files.filter((f) => !common.has(f)), lazy: lazyFiles(manifest, key) };
    })
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

/** The loader's first load, and its own part (minus the shared runtime). */
export function loaderGraph(manifest: Manifest): { files: string[]; own: string[] } {
  if (!manifest[LOADER_KEY]) throw new Error('dist has no widgets/loader.js: build with the loader entry');
  const files = firstLoadFiles(manifest, LOADER_KEY);
  const { runtime } = sharedFiles(manifest);
  return { files, own: files.filter((f) => f !== runtime) };
}

export interface EntrySizes {
  tag: string;
  /** The tag's own code (see TagGraph.own). */
  own: Size;
  /** The per-tag module alone with its static imports. */
  firstLoad: Size;
  /** A page with the loader and this one tag: loader + runtime + core + own code. */
  withLoader: Size;
  lazy: Size;
  files: string[];
}

export function measureEntries(dist: string): EntrySizes[] {
  const manifest = readManifest(dist);
  const loader = loaderGraph(manifest);
  return tagGraphs(manifest).map((g) => ({
    tag: g.tag,
    own: sizeOfFiles(dist, g.own),
    firstLoad: sizeOfFiles(dist, g.files),
    withLoader: sizeOfFiles(dist, [...new Set([...loader.files, ...g.files])]),
    lazy: sizeOfFiles(dist, g.lazy),
    files: g.files,
  }));
}

/** Markers of code that must never be in a first load. */
export const FORBIDDEN_IN_FIRST_LOAD: { what: string; file: RegExp; text: readonly string[] }[] = [
  { what: 'Firebase', file: /firebase/i, text: ['firebaseapp', 'identitytoolkit', '@firebase/'] },
  { what: 'Stripe.js', file: /stripe/i, text: ['stripe.com/v3', 'js.stripe.com'] },
];
