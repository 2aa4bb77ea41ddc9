/**
 * Gives each built page (dist/index.html, the portal) a `<link rel="modulepreload">` for every
 * chunk its script imports, directly or through another chunk, read from Vite's manifest
 * (dist/.vite/manifest.json). The browser then fetches them all at once with the page's script
 * instead of discovering them one import after another. Vite's own preloading is off
 * (vite.config.ts `modulePreload: false`) so that no preload helper lands in the loader; this
 * step puts the links back where they help, as plain markup: the page's CSP allows no inline
 * script. Chunks imported dynamically (checkout, social sign-in) are left to load when needed.
 *
 * Run after `vite build` (npm run build); running it again gives the same page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { MODULEPRELOADS } from '../shared/boot/boot';
import { OUT_DIR } from './out-dir';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files of every chunk an entry imports statically, nearest first, without the entry itself. */
export function staticImports(manifest: Manifest, entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [...(manifest[entry]?.imports ?? [])];
  const files: string[] = [];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
    files.push(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The template this step writes (and, from older builds, a bare link), with the line break and indent before it. */
const PRELOAD =
  /\n[ \t]*<template id="sm-modulepreload[-a-z]*">[\s\S]*?<\/template>|\n[ \t]*<link rel="modulepreload"[^>]*>/g;

/** The portal's pages after a payment, which its script imports when one shows (host/Portal.tsx), by their source. */
const PAYMENT_RESULTS = 'pages/PaymentPages.tsx';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page with one modulepreload link per file, each on its own line right after the page's
 * module script (whose src is scriptFile); `page` is the page's own path in dist/, for the
 * links' relative addresses. Links from an earlier run are replaced.
 *
 * The links sit in a `<template id="sm-modulepreload">`, inert, and the page's head script
 * (host/route.js) puts them in the head once the first frame is drawn: fetched at once, they
 * would share a phone's slow link with the stylesheet and hold back the first paint of the
 * prerendered route (docs/bench.md, "Figures once cited in the code").
 */
export function withModulePreloads(
  html: string,
  page: string,
  scriptFile: string,
  files: readonly string[],
  paymentResults: readonly string[] = [],
): string {
  const from = posix.dirname(page);
  const href = (file: string) => `./${posix.relative(from, file)}`;
  const bare = html.replace(PRELOAD, '');
  const script = new RegExp(
    `([ \\t]*)<script type="module"[^>]* src="${escapeRegExp(href(scriptFile))}"[^>]*></script>`,
  ).exec(bare);
  if (!script) throw new Error(`${page} has no <script type="module" src="${href(scriptFile)}">.`);
  const template = (id: string, listed: readonly string[]) =>
    `\n${script[1]}<template id="${id}">${listed.map((file) => `\n${script[1]}  <link rel="modulepreload" crossorigin href="${href(file)}">`).join('')}\n${script[1]}</template>`;
  const links =
    template(MODULEPRELOADS.portal, files) +
    (paymentResults.length > 0 ? template(MODULEPRELOADS.paymentResults, paymentResults) : '');
  const end = script.index + script[0].length;
  return bare.slice(0, end) + links + bare.slice(end);
}

/** Adds the links to every HTML entry of the build in dist; answers what each page preloads. */
export function addModulePreloads(dist: string): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const pages: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !chunk.src?.endsWith('.html')) continue;
    const files = staticImports(manifest, key);
    const later = chunk.dynamicImports?.includes(PAYMENT_RESULTS)
      ? [manifest[PAYMENT_RESULTS]!.file, ...staticImports(manifest, PAYMENT_RESULTS)].filter((f) => !files.includes(f))
      : [];
    const path = join(dist, chunk.src);
    writeFileSync(path, withModulePreloads(readFileSync(path, 'utf8'), chunk.src, chunk.file, files, later));
    pages[chunk.src] = files;
  }
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = OUT_DIR;
  for (const [page, files] of Object.entries(addModulePreloads(dist))) {
    console.log(`dist/${page}: modulepreload for ${files.length} chunks.`);
  }
}
