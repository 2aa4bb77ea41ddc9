/**
 * Sizes of the built widgets, from dist/ and Vite's manifest (dist/.vite/manifest.json).
 *
 * A page that embeds a tag loads, in this order:
 * 1. before the tag is usable: the loader (widgets/loader.js, which imports nothing) and the
 *    tag's prerendered markup, either pasted into the page (dist/snippets/<tag>.html), or in the
 *    tag's own copy of the loader (widgets/loader-<tag>.js), or fetched by the loader
 *    (dist/widgets/markup/<tag>.html), and for a view that draws its data before its code comes, its
 *    draw module (widgets/<tag>.draw.js: the survey's);
 * 2. until the tag is hydrated: the tag's code, i.e. its entry module and every chunk it imports
 *    statically. Those chunks are the shared runtime (React, react-dom, r2wc, signals), the shared
 *    core (session store, API client with zod/mini, config, base styles), the bundler's small
 *    interop helper, and the tag's own code (its view, model and the shared pieces only some
 *    tags use). A page loads the shared chunks once however many tags it holds.
 * Dynamic imports (Stripe.js at checkout, Firebase behind the social buttons) load later, if at
 * all, and are listed apart.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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

const KiB = 1024;
/**
 * The byte targets (brotli, but Ghost's form in gzip as it was measured): budgets.test.ts holds
 * the build to them, and the bench prints its figures beside them.
 */
export const BUDGETS = {
  /**
   * 2.5 KiB before: the loader carries its own copy of the boot protocol (shared/boot/boot.ts), whose language matching and
   * address normalising are those of the code after React rather than a shorter copy of them (2.0 KiB before), and
   * waits for a link from the mobile app to be signed in before it asks for a tag's data. 3 KiB: it also carries the
   * hashes of the build's markup files and stamps only those (shared/boot/trusted-types.ts). Its size, measured:
   * docs/bench.md.
   */
  loader: 3 * KiB,
  markup: 3 * KiB,
  /**
   * 16.5 KiB: the payment engine's surface (one settle, prompts, list loading and the finish step apart) cost the
   * checkout tags about 0.4 KiB (15 KiB before); a payment that returns to the page it was made on, and a tag that
   * never moves a page other than the portal (nav.redirect), another 0.18 KiB (16 KiB before). sm-subscribe is the
   * largest: 16.1 KiB.
   */
  ownCode: 16.5 * KiB,
  newsletterUsable: 6 * KiB,
  /** Ghost's embeddable signup form: what the newsletter's whole first load must stay below. */
  ghostFormGzip: 81_000,
} as const;

export const LOADER_FILE = 'widgets/loader.js';
/** The markup the loader fetches and stamps into a tag that came without it. */
export const markupFile = (tag: string) => `widgets/markup/${tag}.html`;
/** The loader with a tag's English markup in it, for a page that holds that tag and the script tag alone. */
export const tagLoaderFile = (tag: string) => `widgets/loader-${tag}.js`;
/** The snippet an embedder pastes: the tag with its declarative shadow root. */
export const snippetFile = (tag: string) => `snippets/${tag}.html`;
/** The module that draws a tag's data into its first view before its code comes, where it has one (widgets/survey/survey.draw.ts). */
export const drawFile = (tag: string) => `widgets/${tag}.draw.js`;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** brotli at quality 11 and gzip -9, as a CDN serves precompressed files. */
export const brotli = (body: Buffer) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
export const gzip = (body: Buffer) => gzipSync(body, { level: 9 });

const compressed = new Map<string, { gzip: number; brotli: number }>();

export function sizeOf(buffers: Buffer[]): Size {
  let raw = 0;
  let gz = 0;
  let br = 0;
  // Each file travels compressed on its own, so compress them one by one.
  for (const b of buffers) {
    raw += b.length;
    const key = createHash('sha1').update(b).digest('hex');
    let c = compressed.get(key);
    if (!c) {
      c = { gzip: gzip(b).length, brotli: brotli(b).length };
      compressed.set(key, c);
    }
    gz += c.gzip;
    br += c.brotli;
  }
  return { raw, gzip: gz, brotli: br };
}

export const sizeOfFiles = (dist: string, files: readonly string[]): Size =>
  sizeOf([...new Set(files)].map((f) => readFileSync(join(dist, f))));

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
  const byName = (name: string) =>
    Object.values(manifest)
      .filter((c) => !c.isEntry && c.name === name)
      .map((c) => c.file);
  const runtime = byName('runtime');
  if (runtime.length !== 1)
    throw new Error(`expected one runtime chunk, found ${runtime.length}: ${runtime.join(', ')}`);
  const core = byName('core');
  return { runtime: runtime[0]!, core: core[0] ?? null, helpers: byName('rolldown-runtime') };
}

export interface TagGraph {
  tag: string;
  key: string;
  /** The tag's code: its entry module (widgets/sm-<tag>.js) and its static imports. */
  files: string[];
  /** The tag's own code: its files minus the shared runtime, core and helper. */
  own: string[];
  /** Loaded later (dynamic imports), not part of any first load. */
  lazy: string[];
}

export function tagGraphs(manifest: Manifest): TagGraph[] {
  const shared = sharedFiles(manifest);
  const common = new Set([shared.runtime, shared.core, ...shared.helpers].filter((f): f is string => !!f));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry && /^sm-[a-z-]+$/.test(chunk.name ?? ''))
    .map(([key, chunk]) => {
      const files = firstLoadFiles(manifest, key);
      return { tag: chunk.name!, key, files, own: files.filter((f) => !common.has(f)), lazy: lazyFiles(manifest, key) };
    })
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

/**
 * The modules built code imports statically (`import … from "…"`, `import "…"`; not `import(…)` nor `import.meta`):
 * the loader is built on its own (tools/loader-build.ts), so Vite's manifest does not list it.
 */
export const staticImports = (code: string) =>
  [...code.matchAll(/\bimport\s*(?:[\w$*{][^;]*?\bfrom\s*)?(["'`])([^"'`]+)\1/g)].map((m) => m[2]!);

/** The loader's first load: widgets/loader.js and whatever it imports statically (nothing, by design). */
export function loaderFiles(dist: string): string[] {
  if (!existsSync(join(dist, LOADER_FILE))) throw new Error('dist has no widgets/loader.js: run npm run build');
  return [LOADER_FILE, ...staticImports(readFileSync(join(dist, LOADER_FILE), 'utf8'))];
}

export interface EntrySizes {
  tag: string;
  /** The tag's own code (see TagGraph.own). */
  own: Size;
  /** The tag's code with the shared chunks (see TagGraph.files). */
  code: Size;
  markup: Size;
  snippet: Size;
  /** Before the tag is usable, with its snippet pasted: the snippet and the loader (each usable size adds the tag's draw module, where it has one). */
  usableSnippet: Size;
  /** Before the tag is usable, with the script tag alone: the tag's loader, its markup in it (loader-<tag>.js). */
  usableScript: Size;
  /** Before the tag is usable, with loader.js alone: the loader and the markup it fetches. */
  usableLoader: Size;
  /** Until the tag is hydrated: the loader, the markup it fetches and the tag's code (its own copy of the loader with the code weighs about as much). */
  hydrated: Size;
  lazy: Size;
  files: string[];
}

export function measureEntries(dist: string): EntrySizes[] {
  const manifest = readManifest(dist);
  const loader = loaderFiles(dist);
  // A first view that draws its data before the code comes is usable once its draw module is there too.
  const drawn = (tag: string) => (existsSync(join(dist, drawFile(tag))) ? [drawFile(tag)] : []);
  return tagGraphs(manifest).map((g) => ({
    tag: g.tag,
    own: sizeOfFiles(dist, g.own),
    code: sizeOfFiles(dist, g.files),
    markup: sizeOfFiles(dist, [markupFile(g.tag)]),
    snippet: sizeOfFiles(dist, [snippetFile(g.tag)]),
    usableSnippet: sizeOfFiles(dist, [snippetFile(g.tag), ...loader, ...drawn(g.tag)]),
    usableScript: sizeOfFiles(dist, [tagLoaderFile(g.tag), ...drawn(g.tag)]),
    usableLoader: sizeOfFiles(dist, [...loader, markupFile(g.tag), ...drawn(g.tag)]),
    hydrated: sizeOfFiles(dist, [...loader, markupFile(g.tag), ...drawn(g.tag), ...g.files]),
    lazy: sizeOfFiles(dist, g.lazy),
    files: g.files,
  }));
}

/** Markers of code that must never be in a first load. */
export const FORBIDDEN_IN_FIRST_LOAD: { what: string; file: RegExp; text: readonly string[] }[] = [
  { what: 'Firebase', file: /firebase/i, text: ['firebaseapp', 'identitytoolkit', '@firebase/'] },
  { what: 'Stripe.js', file: /stripe/i, text: ['stripe.com/v3', 'js.stripe.com'] },
];

/**
 * A string each library leaves in minified code, and the shared chunk it lives in: the loader must
 * hold none of them.
 */
export const LIBRARY_MARKERS: { what: string; chunk: 'runtime' | 'core'; text: string }[] = [
  { what: 'React', chunk: 'runtime', text: 'react.transitional.element' },
  { what: 'react-dom', chunk: 'runtime', text: '__reactProps$' },
  { what: 'r2wc', chunk: 'runtime', text: 'r2wc.render' },
  { what: 'signals', chunk: 'runtime', text: 'preact-signals' },
  { what: 'zod', chunk: 'core', text: '$ZodError' },
];
