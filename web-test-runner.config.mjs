// Element tests (@web/test-runner): every test file (widgets/**/*.browser.test.ts, tests/element/**/*.test.ts) runs
// in three engines, Debian's and nothing downloaded (tools/wtr-engines.ts): Chromium, Firefox ESR (puppeteer-core over
// WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver under xvfb-run). A failure in any of them
// fails the run; a machine without one of them fails at once, saying what to apt-get install. Test files are
// TypeScript/TSX, so every module request that is not web-test-runner's own is forwarded to a Vite dev server.
import { createServer } from 'vite';
import { tsImport } from 'tsx/esm/api';

// The message catalogues compiled as in the build, and the engines (TypeScript, loaded through tsx).
const { messagesPlugin } = await tsImport('./tools/messages.ts', import.meta.url);
const { missingEngines, chromiumLauncher, firefoxLauncher, WebKitLauncher, viewportPlugin } = await tsImport(
  './tools/wtr-engines.ts',
  import.meta.url,
);

const missing = missingEngines();
if (missing.length > 0)
  throw new Error(
    `The element tests run in Chromium, Firefox and WebKit; this machine lacks:\n  ${missing.join('\n  ')}`,
  );

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

/**
 * Vite's client (which Vite adds to a test module whose dynamic import it cannot follow, as pseudo.test.ts's) opens
 * its web socket on the page's own server, web-test-runner's: hand it to Vite's (HMR is off, so it only connects).
 * Left unanswered, that socket stays "connecting", and Firefox opens no other socket to the host meanwhile,
 * web-test-runner's own included, so a command such as `viewport` never got its answer.
 */
const viteSocket = {
  name: 'vite-socket',
  serverStart({ server }) {
    server.on('upgrade', (request, socket, head) => {
      if (request.url !== '/wds') vite.httpServer.emit('upgrade', request, socket, head);
    });
  },
};

export default {
  files: [
    'widgets/**/*.browser.test.{ts,tsx}',
    'shared/**/*.browser.test.{ts,tsx}',
    'tests/element/**/*.test.{ts,tsx}',
  ],
  nodeResolve: false,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  browsers: [chromiumLauncher(), firefoxLauncher(), new WebKitLauncher()],
  middleware: [viteForward],
  plugins: [viewportPlugin(), viteSocket, { name: 'stop-vite', serverStop: () => vite.close() }],
};
