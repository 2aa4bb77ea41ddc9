/**
 * Sizes of the built widget entries, from Vite's manifest: each entry's own file, and the
 * entry with every chunk it imports statically (what a page pays on first load).
 * Dynamic imports (loaded later, e.g. Stripe.js or Firebase) are listed apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
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

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function sizeOf(buffers: Buffer[]): Size {
  const all = Buffer.concat(buffers);
  let gzip = 0;
  let brotli = 0;
  // Each file travels compressed on its own, so compress them one by one.
  for (const b of buffers) {
    gzip += gzipSync(b, { level: 9 }).length;
    brotli += brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length;
  }
  return { raw: all.length, gzip, brotli };
}

/** Files an entry loads on first load: itself and its static imports, transitively. */
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

/** Files an entry may load later (dynamic imports and their static imports), minus the first load. */
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

export interface EntrySizes {
  tag: string;
  own: Size;
  firstLoad: Size;
  lazy: Size;
  files: string[];
}

export function measureEntries(dist: string): EntrySizes[] {
  const manifest = readManifest(dist);
  const read = (file: string) => readFileSync(join(dist, file));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry && chunk.name?.startsWith('sm-'))
    .map(([key, chunk]) => {
      const files = firstLoadFiles(manifest, key);
      return {
        tag: chunk.name!,
        own: sizeOf([read(chunk.file)]),
        firstLoad: sizeOf(files.map(read)),
        lazy: sizeOf(lazyFiles(manifest, key).map(read)),
        files,
      };
    })
    .sort((a, b) => a.tag.localeCompare(b.tag));
}
