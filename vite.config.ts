/**
 * One build for the portal page and every widget:
 * - host/index.html -> dist/index.html (the portal)
 * - widgets/<name>/<name>.element.ts -> dist/widgets/sm-<name>.js (one ES module per tag)
 * - widgets/loader.ts -> dist/widgets/loader.js (defines every tag; imports a tag's module when
 *   one of its elements is connected)
 * - custom-elements.json (dist/ and the project root) and dist/widgets/sm-widgets.d.ts
 * All entries share one React runtime chunk and one core chunk (session store, API client), so
 * several widgets on a page load React once and share one session. tests/bench/budgets.test.ts
 * checks the sizes from dist/.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { customElementsPlugin } from './tools/custom-elements';
import { tags } from './widgets/tags';

const root = import.meta.dirname;

/** Widget entries: tag name -> element registration file. */
export const widgetEntries: Record<string, string> = {
  'sm-login': 'widgets/login/login.element.ts',
  'sm-topup': 'widgets/topup/topup.element.ts',
  'sm-subscribe': 'widgets/subscribe/subscribe.element.ts',
  'sm-donate': 'widgets/donate/donate.element.ts',
  'sm-history': 'widgets/history/history.element.ts',
  'sm-survey': 'widgets/survey/survey.element.ts',
  'sm-newsletter': 'widgets/newsletter/newsletter.element.ts',
};

/**
 * The shared runtime chunk, loaded once per page however many tags it holds: React, r2wc and
 * signals, plus what the loader needs besides its own table (the guarded define, the tag
 * table and Vite's preload helper), so the loader's first load is loader.js + this file.
 */
const RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@r2wc|@preact)[\\/]|[\\/]shared[\\/]ui[\\/]define\.ts$|[\\/]widgets[\\/]tags\.ts$|vite[\\/]preload-helper/;
/**
 * The shared app core every widget needs once per page (the session store, the API client
 * with zod/mini, config, base styles): one file, fetched with the first widget's code.
 */
const CORE = /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/](config[\\/]config|session[\\/]session|api[\\/](client|errors|schemas)|routing[\\/](routes|targets)|ui[\\/](styles|WidgetRoot)|events[\\/]events)\.tsx?$/;

export default defineConfig({
  root: resolve(root, 'host'),
  // custom-elements.json and sm-widgets.d.ts, from the JSDoc headers of widgets/*/*.element.ts.
  plugins: [customElementsPlugin(root, resolve(root, 'dist'), tags)],
  base: './',
  publicDir: false,
  envDir: root,
  server: { fs: { allow: [root] } },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      input: {
        portal: resolve(root, 'host/index.html'),
        loader: resolve(root, 'widgets/loader.ts'),
        ...Object.fromEntries(Object.entries(widgetEntries).map(([tag, file]) => [tag, resolve(root, file)])),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name.startsWith('sm-') || chunk.name === 'loader' ? 'widgets/[name].js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'runtime', test: RUNTIME, priority: 2 },
            { name: 'core', test: CORE, priority: 1 },
          ],
        },
      },
    },
  },
});
