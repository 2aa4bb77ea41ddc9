/**
 * One build for the portal page and every widget:
 * - host/index.html -> dist/index.html (the portal)
 * - widgets/<name>/<name>.element.ts -> dist/widgets/sm-<name>.js (one ES module per tag)
 * - widgets/loader.ts -> dist/widgets/loader.js (stamps prerendered markup, captures input,
 *   imports a tag's module when it is wanted) is built after this, by tools/prerender.tsx once it has
 *   written the markup: it carries facts of both (tools/loader-build.ts)
 * - host/route.ts -> route.js, a plain script that tools/prerender.tsx writes into dist/index.html;
 *   it, the loader and the draw modules each carry the boot protocol (shared/boot/boot.ts) inside them (tools/boot-scripts.ts)
 * - custom-elements.json (dist/ and the project root) and dist/widgets/sm-widgets.d.ts
 * - dist/assets/messages-<lang>-<hash>.js and messages-<lang>-<area>-<hash>.js: each language
 *   other than English, its index and its messages per area, loaded only when shown
 *   (tools/messages.ts)
 * All entries share one React runtime chunk and one core chunk (session store, API client), so
 * several widgets on a page load React once and share one session. tests/bench/budgets.test.ts
 * checks the sizes from dist/.
 */
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { bootCopies, drawModules, routeScript } from './tools/boot-scripts';
import { customElementsPlugin } from './tools/custom-elements';
import { buildFacts } from './tools/loader-build';
import { messagesChunkName, messagesPlugin } from './tools/messages';
import { OUT_DIR } from './tools/out-dir';
import { tags } from './widgets/tags';

const root = import.meta.dirname;

/** Widget entries, from the tag table: sm-<name> -> widgets/<name>/<name>.element.ts. */
export const widgetEntries: Record<string, string> = Object.fromEntries(
  Object.keys(tags).map((tag) => [tag, `widgets/${tag.slice(3)}/${tag.slice(3)}.element.ts`]),
);

/**
 * The modules that draw a tag's data into its first view before its code comes, where a tag has one:
 * sm-<name>.draw -> widgets/<name>/<name>.draw.ts, built as widgets/sm-<name>.draw.js (the loader imports it).
 */
export const drawEntries: Record<string, string> = Object.fromEntries(
  Object.entries(drawModules()).map(([tag, file]) => [`${tag}.draw`, file]),
);

/**
 * The shared runtime chunk, loaded once per page however many tags it holds: React, r2wc and
 * signals, the guarded define, the tag table and the message catalogue's store (the renderer
 * loads a language before it draws). The loader needs none of it.
 */
const RUNTIME =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@r2wc|@preact)[\\/]|[\\/]shared[\\/]ui[\\/](define|renderer|reserve)\.ts$|[\\/]shared[\\/]i18n[\\/](catalogue|languages)\.ts$|[\\/]widgets[\\/]tags\.ts$/;
/**
 * The shared app core every widget needs once per page (the session store, the API client
 * with zod/mini, config, base styles): one file, fetched with the first widget's code.
 */
const CORE =
  /[\\/]node_modules[\\/](zod|@messageformat[\\/]runtime)[\\/]|[\\/]shared[\\/](config[\\/]config|session[\\/]session|api[\\/](client|errors|schemas)|routing[\\/](routes|targets)|ui[\\/](styles|WidgetRoot)|events[\\/]events|model[\\/]read-only)\.tsx?$/;

/**
 * The controls nearly every tag shows (notices, buttons, the loading overlay, the dialog, the places
 * held for data on its way, and the English of the small controls) and money as people read it,
 * as one file.
 */
const CONTROLS =
  /[\\/]shared[\\/](ui[\\/](Overlay|Notice|Button|Dialog|Places)|format[\\/]money)\.tsx?$|^\0@messages\/ui$/;
/**
 * What the views of gifts and payments over time share (dates, the amount slider, the history
 * call and what a membership means: donate, history, subscribe and the portal use most of it),
 * as one file.
 *
 * Each group is a file fewer to fetch: on a phone over HTTP/1.1 every file costs a round trip
 * once the browser's six connections are busy, more than a few hundred bytes cost. A tag that
 * uses none of a group never loads it; one that uses part of it loads the rest too, and
 * tests/bench/budgets.test.ts holds what that costs each tag. The pieces that would cost a tag
 * more than its budget allows (the field, the carousel, the donation and credit kinds) stay
 * files of their own.
 */
const VIEWS = /[\\/]shared[\\/](format[\\/]dates|ui[\\/]Slider|api[\\/]history|session[\\/]membership)\.tsx?$/;

/**
 * The payment engine and its views, which top-up, subscribe and donate all load whole: one file
 * rather than one per module, so a checkout tag fetches fewer files.
 */
const PAYMENTS =
  /[\\/]shared[\\/](payments[\\/](engine|flow|lists|methods|records|result|prompts|PaymentViews|PaymentDialogs|kinds[\\/]kind)|routing[\\/]finish|api[\\/]credits|ui[\\/]Choices)\.tsx?$/;

/**
 * Two pieces of code that do nothing for these widgets, left out of the runtime chunk:
 * - Vite wraps every dynamic import() in a preload helper that adds `<link rel=modulepreload>`
 *   for the imported chunk's dependencies. modulePreload is off (the loader preloads a tag's
 *   files itself), so each call gets an empty list, yet the helper (about 0.5 KiB brotli) still
 *   ships (vitejs/vite#13952, #18551). Its module here only imports.
 * - @preact/signals-react imports `use-sync-external-store/shim`, React 17's stand-in for a hook
 *   React 18 has; in a browser the shim hands back React's own. Here it is React's own at once.
 */
function leanerRuntime(): Plugin {
  const preloadHelper = '\0vite/preload-helper.js';
  const syncShim = '\0sm-use-sync-external-store';
  return {
    name: 'sm-leaner-runtime',
    enforce: 'pre',
    resolveId: (id) => (/^use-sync-external-store\/shim(\/index\.js)?$/.test(id) ? syncShim : undefined),
    load(id) {
      if (id === preloadHelper) return 'export const __vitePreload = (load) => load();';
      if (id === syncShim) return "export { useSyncExternalStore } from 'react';";
      return undefined;
    },
  };
}

export default defineConfig(({ command }) => ({
  root: resolve(root, 'host'),
  // custom-elements.json and sm-widgets.d.ts come from the tag table (widgets/tags.ts); route.js and the pre-React
  // entries' copies of the boot protocol from tools/boot-scripts.ts.
  plugins: [
    bootCopies(),
    routeScript(),
    leanerRuntime(),
    messagesPlugin({ pseudo: command === 'serve' }),
    customElementsPlugin(root, OUT_DIR, tags),
    // What only a build knows, for the loader, which tools/prerender.tsx builds: here, as the development server has it.
    buildFacts(),
  ],
  base: './',
  publicDir: false,
  envDir: root,
  server: { fs: { allow: [root] } },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // No preload helper in any file: the loader preloads a tag's files itself (tools/loader-build.ts tagFiles).
    modulePreload: false,
    rollupOptions: {
      input: {
        portal: resolve(root, 'host/index.html'),
        ...Object.fromEntries(
          Object.entries({ ...widgetEntries, ...drawEntries }).map(([name, file]) => [name, resolve(root, file)]),
        ),
      },
      preserveEntrySignatures: 'strict',
      output: {
        entryFileNames: (chunk) => (chunk.name.startsWith('sm-') ? 'widgets/[name].js' : 'assets/[name]-[hash].js'),
        // Another language's index and messages: assets/messages-<lang>[-<area>]-<hash>.js; a chunk of the portal
        // page's own (a page it loads later): assets/portal-<name>-<hash>.js, which the package leaves out.
        // (A chunk of the portal's own modules that its pages share, such as host/profile.ts, has no facade module.)
        chunkFileNames: (chunk) => {
          const portal = (id: string) => /[\\/]host[\\/]/.test(id);
          const own = chunk.facadeModuleId
            ? portal(chunk.facadeModuleId)
            : chunk.moduleIds.length > 0 && chunk.moduleIds.every(portal);
          return `assets/${messagesChunkName(chunk.facadeModuleId) ?? (own ? 'portal-[name]' : '[name]')}-[hash].js`;
        },
        codeSplitting: {
          groups: [
            // A group takes the modules it names and what they import that no group before it took.
            { name: 'runtime', test: RUNTIME, priority: 3 },
            { name: 'core', test: CORE, priority: 2 },
            { name: 'controls', test: CONTROLS, priority: 1, minShareCount: 2 },
            { name: 'views', test: VIEWS, priority: 1, minShareCount: 2 },
            { name: 'payments', test: PAYMENTS, priority: 0, minShareCount: 2 },
          ],
        },
      },
    },
  },
}));
