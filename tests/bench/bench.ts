/**
 * `npm run bench`: builds (via the npm script) and prints, for each widget entry, its own size
 * and its first-load size with everything it imports, raw, gzip -9 and brotli 11, in KiB.
 */
import { resolve } from 'node:path';
import { measureEntries, type Size } from './sizes';

const dist = resolve(import.meta.dirname, '../../dist');
const kib = (n: number) => (n / 1024).toFixed(1).padStart(7);
const cells = (s: Size) => `${kib(s.raw)} ${kib(s.gzip)} ${kib(s.brotli)}`;

const rows = measureEntries(dist);
console.log('Widget entry sizes in KiB (raw / gzip -9 / brotli 11)\n');
console.log(`${'tag'.padEnd(16)} ${'own code'.padStart(23)}   ${'first load (with imports)'.padStart(23)}   ${'loaded later'.padStart(23)}`);
console.log(`${''.padEnd(16)} ${'raw    gzip  brotli'.padStart(23)}   ${'raw    gzip  brotli'.padStart(23)}   ${'raw    gzip  brotli'.padStart(23)}`);
for (const row of rows) {
  console.log(`${row.tag.padEnd(16)} ${cells(row.own)}   ${cells(row.firstLoad)}   ${cells(row.lazy)}`);
}
console.log('\nFirst-load files:');
for (const row of rows) console.log(`  ${row.tag}: ${row.files.join(', ')}`);
