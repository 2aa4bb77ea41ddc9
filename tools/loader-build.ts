/**
 * The loader's build. widgets/loader.ts takes what only the build knows from one module, `virtual:sm-build`
 * (widgets/sm-build.d.ts declares it), which `buildFacts()` serves:
 *
 * - `FILES`: the files each tag's entry imports, from the main build's manifest (`tagFiles`);
 * - `WRITTEN`: the hashes of the markup files tools/prerender.tsx writes, the only markup the loader stamps
 *   (shared/boot/trusted-types.ts);
 * - `MARKUP`: markup files the loader holds already, by name: none in loader.js, a tag's English file in
 *   loader-<tag>.js.
 *
 * Both are known only once the widgets are built and their markup prerendered, so the loader is not an entry of the
 * main build (vite.config.ts): tools/prerender.tsx builds it last, with `bundleLoader`, once per file it writes. In
 * development the module says what a loader without a build has (no files, no hashes, no markup); the loader then
 * imports each tag's source instead.
 */
import { resolve } from 'node:path';
import { build, type Manifest, type Plugin, type Rollup } from 'vite';
import { tags } from '../widgets/tags';
import { OUT_DIR } from './out-dir';

const root = resolve(import.meta.dirname, '..');
const ID = 'virtual:sm-build';

/** What widgets/loader.ts imports from `virtual:sm-build`. */
export interface BuildFacts {
  /** Each tag's files besides its entry (widgets/<tag>.js), by their names in assets/ without '.js'. */
  readonly FILES: Readonly<Record<string, readonly string[]>>;
  /** The hash of every markup file the build wrote (trusted-types.ts markupHash), separated by spaces. */
  readonly WRITTEN: string;
  /** Markup files the loader holds already, by name relative to it (markup/<tag>.html). */
  readonly MARKUP: Readonly<Record<string, string>>;
}

/** A loader with no build behind it: in development, where it imports each tag's source. */
const DEVELOPMENT: BuildFacts = { FILES: {}, WRITTEN: '', MARKUP: {} };

/** `virtual:sm-build`, holding `facts` as constants the bundler writes into the loader. */
export function buildFacts(facts: BuildFacts = DEVELOPMENT): Plugin {
  return {
    name: 'sm-build-facts',
    resolveId: (source) => (source === ID ? `\0${ID}` : undefined),
    load: (id) =>
      id === `\0${ID}`
        ? Object.entries(facts)
            .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
            .join('\n')
        : undefined,
  };
}

/**
 * Each tag's files from the main build's manifest: its entry's static imports, and theirs, so the loader fetches them
 * all at once instead of one after another. Each list starts with the files most tags share, in one order, so the
 * lists repeat each other and compress.
 */
export function tagFiles(manifest: Manifest): Record<string, string[]> {
  const closure = (key: string, seen: Set<string>): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    return [manifest[key]!.file, ...(manifest[key]!.imports ?? []).flatMap((k) => closure(k, seen))];
  };
  // Written short: the entry is widgets/<tag>.js, and the rest are chunks in assets/ named without the folder and '.js'.
  const short = (file: string) => {
    const name = /^assets\/([\w.-]+)\.js$/.exec(file)?.[1];
    if (!name) throw new Error(`A tag imports ${file}, outside assets/: the loader cannot name it.`);
    return name;
  };
  const lists = Object.keys(tags).map((tag) => {
    const [key, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.name === tag) ?? [];
    if (!key || entry?.file !== `widgets/${tag}.js`)
      throw new Error(`The tag ${tag} is built as ${entry?.file ?? 'nothing'}, not widgets/${tag}.js.`);
    return [tag, closure(key, new Set()).slice(1).map(short)] as const;
  });
  const shared = (file: string) => lists.filter(([, list]) => list.includes(file)).length;
  return Object.fromEntries(
    lists.map(([tag, list]) => [tag, [...list].sort((a, b) => shared(b) - shared(a) || b.localeCompare(a))]),
  );
}

/**
 * widgets/loader.ts built alone with these facts, minified, with its source map (which the code does not name: every
 * visitor would fetch it, and the loader is held to a small budget, tests/bench/budgets.test.ts). Built alone, it
 * carries its own copy of everything it uses: it imports nothing, which this checks.
 */
export async function bundleLoader(facts: BuildFacts): Promise<{ code: string; map: string }> {
  const output = (await build({
    configFile: false,
    root,
    envDir: root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [buildFacts(facts)],
    build: {
      // Not written: tools/prerender.tsx writes it. (Its source map names the sources from there.)
      outDir: OUT_DIR,
      write: false,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: 'hidden',
      modulePreload: false,
      rollupOptions: {
        input: resolve(root, 'widgets/loader.ts'),
        preserveEntrySignatures: 'strict',
        output: { entryFileNames: 'widgets/loader.js' },
      },
    },
  })) as Rollup.RollupOutput;
  const chunks = output.output.filter((file) => file.type === 'chunk');
  const [loader] = chunks;
  if (chunks.length !== 1 || !loader || loader.imports.length || loader.dynamicImports.length)
    throw new Error(`The loader must import nothing, but is built as ${chunks.map((c) => c.fileName).join(', ')}.`);
  return { code: loader.code, map: loader.map!.toString() };
}
