// Element tests in Debian's Chromium (@web/test-runner). Test files are TypeScript/TSX, so every
// module request that is not web-test-runner's own is forwarded to a Vite dev server.
import { chromeLauncher } from '@web/test-runner-chrome';
import { createServer } from 'vite';
import { tsImport } from 'tsx/esm/api';

// The message catalogues compiled as in the build, and the Chromium every browser run launches (TypeScript, loaded
// through tsx).
const { messagesPlugin } = await tsImport('./tools/messages.ts', import.meta.url);
const { chromiumLaunchOptions } = await tsImport('./tools/chromium.ts', import.meta.url);

const root = import.meta.dirname;
const vite = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  plugins: [messagesPlugin({ pseudo: true })],
  server: { port: 0, strictPort: false, hmr: false, host: '127.0.0.1' },
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react-dom/server',
      'react/jsx-runtime',
      '@r2wc/core',
      '@preact/signals-core',
      '@preact/signals-react/runtime',
      'zod/mini',
      'axe-core',
      'chai',
    ],
  },
});
await vite.listen();
const viteUrl = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';

/** Forwards GET requests for project files to Vite, which compiles TS/TSX. */
async function viteForward(ctx, next) {
  if (ctx.method !== 'GET' || ctx.path === '/' || /^\/(__web|__wds|__wtr)/.test(ctx.path)) return next();
  const response = await fetch(new URL(ctx.url.replace(/^\//, ''), viteUrl));
  if (response.status === 404) return next();
  ctx.status = response.status;
  const type = response.headers.get('content-type');
  if (type) ctx.set('Content-Type', type);
  ctx.body = Buffer.from(await response.arrayBuffer());
}

export default {
  files: [
    'widgets/**/*.browser.test.{ts,tsx}',
    'shared/**/*.browser.test.{ts,tsx}',
    'tests/element/**/*.test.{ts,tsx}',
  ],
  nodeResolve: false,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions() })],
  middleware: [viteForward],
  plugins: [{ name: 'stop-vite', serverStop: () => vite.close() }],
};
