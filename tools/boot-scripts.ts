/**
 * The files that run before React and must carry the boot protocol (shared/boot/boot.ts) inside
 * them rather than import it, for the build (vite.config.ts) and its tests:
 *
 * - `bootCopies()`: the draw modules are entries of the main build, where a module they share with
 *   the widgets' code would become a chunk they import, one round trip more before a tag shows. This
 *   plugin gives each of them its own copy of the boot modules instead (the same files under ids of
 *   their own), and tests/bench/budgets.test.ts checks they import nothing. (The loader is built on
 *   its own, tools/loader-build.ts, and has its copy so; the development server gives it one here.)
 * - `bundlePlainScript()`: host/route.ts, with the boot protocol, as the plain script route.js
 *   (an immediately invoked function: the portal page runs it in <head> before parsing, which a
 *   module script cannot do), and the Intl worker it starts (host/boot/intl-worker.ts) as
 *   intl-worker.js. The build writes route.js into the page and the worker beside it
 *   (tools/prerender.tsx); the development server serves both as files.
 */
import { basename, dirname, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { INTL_WORKER_FILE } from '../shared/boot/boot';
import { tags } from '../widgets/tags';

const root = resolve(import.meta.dirname, '..');
export const BOOT_MODULE = resolve(root, 'shared/boot/boot.ts');
const BOOT_DIR = dirname(BOOT_MODULE);
/** The files that run before React: they never import a chunk. */
export const PRE_REACT = /[\\/](widgets[\\/]loader|widgets[\\/][\w-]+[\\/][\w-]+\.draw|host[\\/]route)\.ts$/;

/**
 * Each pre-React entry's own copy of the boot modules (shared/boot/*.ts, and what they import of each other; their ids
 * end in .ts, so they are compiled as TypeScript).
 */
export function bootCopies(): Plugin {
  return {
    name: 'sm-boot-copies',
    enforce: 'pre',
    async resolveId(source, importer) {
      const copyFor =
        importer && (PRE_REACT.test(importer) ? basename(importer) : /\?copy-for=(.+)$/.exec(importer)?.[1]);
      if (!copyFor) return undefined;
      const resolved = await this.resolve(source, importer.replace(/\?.*$/, ''), { skipSelf: true });
      return resolved && dirname(resolved.id) === BOOT_DIR ? `${resolved.id}?copy-for=${copyFor}` : undefined;
    },
  };
}

/** The draw module of each tag that draws its first view before its code (the tag table's `draws`), by tag. */
export function drawModules(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tags)
      .filter(([, spec]) => 'draws' in spec && spec.draws)
      .map(([tag]) => [tag, `widgets/${tag.slice(3)}/${tag.slice(3)}.draw.ts`]),
  );
}

/**
 * `virtual:sm-first-views`: the draw modules as one record by tag, for route.js. The head script names no widget: the
 * next tag that draws early is a row in the tag table and its draw module.
 */
function firstViews(): Plugin {
  const id = 'virtual:sm-first-views';
  return {
    name: 'sm-first-views',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      const modules = Object.entries(drawModules());
      return [
        ...modules.map(([, file], i) => `import draw${i} from ${JSON.stringify(resolve(root, file))};`),
        `export default { ${modules.map(([tag], i) => `${JSON.stringify(tag)}: draw${i}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

/** One build of route.js at a time: a build for another API host sets the environment's VITE_API_BASE meanwhile. */
let queue: Promise<unknown> = Promise.resolve();

/** The portal's plain scripts, each built from one file: route.js, and the worker it starts (host/boot/intl.ts). */
const PLAIN_SCRIPTS = { 'route.js': 'host/route.ts', [INTL_WORKER_FILE]: 'host/boot/intl-worker.ts' } as const;
export type PlainScript = keyof typeof PLAIN_SCRIPTS;

/**
 * route.js (or another of the portal's plain scripts), minified, as the build writes it. `apiBase` stands for the
 * build's VITE_API_BASE (its session key depends on it); left out, the environment's is used, as for the rest of the
 * build.
 */
export function bundlePlainScript(
  options: { apiBase?: string; mode?: string; script?: PlainScript } = {},
): Promise<string> {
  const script = options.script ?? 'route.js';
  const next = queue.then(async () => {
    const before = process.env.VITE_API_BASE;
    if (options.apiBase !== undefined) process.env.VITE_API_BASE = options.apiBase;
    try {
      const output = (await build({
        configFile: false,
        root,
        envDir: root,
        mode: options.mode ?? 'production',
        logLevel: 'warn',
        plugins: [firstViews()],
        build: {
          write: false,
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: resolve(root, PLAIN_SCRIPTS[script]),
            formats: ['iife'],
            name: 'smRoute',
            fileName: () => script,
          },
        },
      })) as Rollup.RollupOutput | Rollup.RollupOutput[];
      return (Array.isArray(output) ? output[0]! : output).output[0].code;
    } finally {
      if (before === undefined) delete process.env.VITE_API_BASE;
      else process.env.VITE_API_BASE = before;
    }
  });
  queue = next.catch(() => {});
  return next;
}

/**
 * Serves route.js in development, where the page links it (the build writes it into the page instead:
 * tools/prerender.tsx inlineHead), and the worker it starts.
 */
export function routeScript(): Plugin {
  let mode = 'development';
  return {
    name: 'sm-route-script',
    configResolved(config) {
      mode = config.mode;
    },
    configureServer(server) {
      for (const script of Object.keys(PLAIN_SCRIPTS) as PlainScript[])
        server.middlewares.use(`/${script}`, (_request, response, next) => {
          bundlePlainScript({ mode, script }).then((code) => {
            response.setHeader('Content-Type', 'text/javascript');
            response.end(code);
          }, next);
        });
    },
  };
}
