/**
 * Precompresses the build, the last step of `npm run build`: beside every text file in dist/ of
 * at least MIN_BYTES it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9),
 * so a server sends the smallest copy the browser accepts without compressing on each request
 * (sandbox/core/static.ts does, with `Content-Encoding` and `Vary: Accept-Encoding`).
 *
 * A copy is written only when it is smaller than the file; a smaller file or a copy that does
 * not pay off is served as it is. Source maps, images and dot folders (.vite) are left alone.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { compress, ENCODINGS, MIN_BYTES, type Encoding } from '../sandbox/core/compression';
import { OUT_DIR } from './out-dir';

/** Extensions of the files that are text and worth compressing. */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

export function isCompressible(file: string): boolean {
  return TEXT.has(extname(file).toLowerCase());
}

export interface Compressed {
  /** The file's path relative to the folder, with forward slashes. */
  file: string;
  raw: number;
  /** The size of each copy written. */
  br?: number;
  gzip?: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Writes the compressed copies of every compressible file under dir; running it again gives the same files. */
export function compressDir(dir: string): Compressed[] {
  const done: Compressed[] = [];
  for (const path of filesUnder(dir).filter(isCompressible).sort()) {
    const body = readFileSync(path);
    const result: Compressed = { file: relative(dir, path).split('\\').join('/'), raw: body.length };
    for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
      const copy = body.length >= MIN_BYTES ? compress(body, encoding) : undefined;
      if (copy && copy.length < body.length) {
        writeFileSync(path + suffix, copy);
        result[encoding] = copy.length;
      } else {
        rmSync(path + suffix, { force: true });
      }
    }
    done.push(result);
  }
  return done;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = OUT_DIR;
  const results = compressDir(dist);
  const written = results.filter((r) => r.br !== undefined || r.gzip !== undefined);
  const sum = (pick: (r: Compressed) => number) => written.reduce((total, r) => total + pick(r), 0);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `Compressed ${written.length} of ${results.length} text files in dist/: ${kib(sum((r) => r.raw))} -> ` +
      `${kib(sum((r) => r.br ?? r.raw))} brotli, ${kib(sum((r) => r.gzip ?? r.raw))} gzip.`,
  );
  const loader = results.find((r) => r.file === 'widgets/loader.js');
  if (loader)
    console.log(`widgets/loader.js: ${loader.raw} B, ${loader.br ?? '-'} B brotli, ${loader.gzip ?? '-'} B gzip.`);
}
