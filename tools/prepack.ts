/**
 * `npm pack` and `npm publish` pack dist/ as it is: this check (package.json `prepack`) refuses to pack a dist/ that
 * is missing or older than the sources it was built from, naming the first few newer files, so a tarball never ships
 * code that is not the repository's.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
/** What the build reads: the config and the four source folders (tests and notes aside). */
const SOURCES = ['widgets', 'shared', 'host', 'tools'];

function sourceFiles(): string[] {
  const inFolders = SOURCES.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file)),
  );
  return ['vite.config.ts', ...inFolders].filter((file) => {
    const name = basename(file);
    return !/^\.|\.test\.|\.md$/.test(name) && statSync(join(root, file)).isFile();
  });
}

const built = statSync(join(root, 'dist/widgets/loader.js'), { throwIfNoEntry: false })?.mtimeMs;
const newer = built === undefined ? [] : sourceFiles().filter((file) => statSync(join(root, file)).mtimeMs > built);
if (built === undefined || newer.length > 0) {
  const why = built === undefined ? 'not built' : `older than ${newer.slice(0, 3).join(', ')}`;
  console.error(`npm pack packs dist/, which is ${why}: run npm run build first`);
  process.exit(1);
}
