/**
 * One build for the portal page and every widget:
 * - host/index.html -> dist/index.html (the portal)
 * - widgets/<name>/<name>.element.ts -> dist/widgets/sm-<name>.js (one ES module per tag)
 * All entries share one React runtime chunk and one session-store chunk, so several widgets
 * on a page load React once and share one session.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

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

const RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler|@r2wc|@preact)[\\/]/;

export default defineConfig({
  root: resolve(root, 'host'),
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
        ...Object.fromEntries(Object.entries(widgetEntries).map(([tag, file]) => [tag, resolve(root, file)])),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name.startsWith('sm-') ? 'widgets/[name].js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        manualChunks: (id) => (RUNTIME.test(id) ? 'runtime' : undefined),
      },
    },
  },
});
