/**
 * `npm run bench`: builds (via the npm script), then prints
 * 1. each widget's sizes from dist/ (raw, gzip -9, brotli 11, in KiB): its own code, its first
 *    load as a per-tag module (with everything it imports) and what it may load later; the
 *    shared files; and each tag's first load on a page that uses the loader;
 * 2. in headless Chromium under Lighthouse's mobile conditions (CPU slowed 4x, 150 ms round trip,
 *    1.6 Mbps down, 750 kbps up, via the DevTools protocol), for a page holding only that tag and
 *    the loader, and for a plain HTML newsletter form posting with a few lines of script:
 *    the time from navigation until the element is interactive (its main control is in its shadow
 *    root), the total blocking time, the bytes transferred, and each tag's ratio to the form.
 *
 * It starts its own sandbox (free port, temporary SANDBOX_DB) and a small server for the bench
 * pages that also serves dist/ compressed as a CDN would (brotli or gzip). Figures only: no
 * timing is asserted anywhere. BENCH_RUNS (default 3) sets the runs per page (the median is
 * shown); BENCH_ONLY=sm-donate,plain form limits the browser part to some pages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { loaderGraph, measureEntries, readManifest, sharedFiles, sizeOf, sizeOfFiles, type Size } from './sizes';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const kib = (n: number) => (n / 1024).toFixed(1).padStart(7);
const cells = (s: Size) => `${kib(s.raw)} ${kib(s.gzip)} ${kib(s.brotli)}`;
const SIZE_HEAD = 'raw    gzip  brotli'.padStart(23);

// ---------------------------------------------------------------------------------------------
// 1. Sizes
// ---------------------------------------------------------------------------------------------

const rows = measureEntries(dist);
console.log('Widget entry sizes in KiB (raw / gzip -9 / brotli 11)\n');
console.log(`${'tag'.padEnd(16)} ${'own code'.padStart(23)}   ${'first load (with imports)'.padStart(23)}   ${'loaded later'.padStart(23)}`);
console.log(`${''.padEnd(16)} ${SIZE_HEAD}   ${SIZE_HEAD}   ${SIZE_HEAD}`);
for (const row of rows) {
  console.log(`${row.tag.padEnd(16)} ${cells(row.own)}   ${cells(row.firstLoad)}   ${cells(row.lazy)}`);
}
console.log('\nFirst-load files:');
for (const row of rows) console.log(`  ${row.tag}: ${row.files.join(', ')}`);

const manifest = readManifest(dist);
const shared = sharedFiles(manifest);
const loader = loaderGraph(manifest);
console.log('\nShared files (each loaded once per page, however many tags)\n');
const sharedRows: [string, Size][] = [
  [`loader (${loader.own.join(' + ')})`, sizeOfFiles(dist, loader.own)],
  [`runtime: React, r2wc, signals (${shared.runtime})`, sizeOfFiles(dist, [shared.runtime])],
  ...(shared.core ? [[`core: session, API client, zod/mini (${shared.core})`, sizeOfFiles(dist, [shared.core])] as [string, Size]] : []),
];
const labelWidth = Math.max(...sharedRows.map(([label]) => label.length));
console.log(`${'file'.padEnd(labelWidth)} ${SIZE_HEAD}`);
for (const [label, size] of sharedRows) console.log(`${label.padEnd(labelWidth)} ${cells(size)}`);
console.log('\nFirst load of a page with the loader and one tag = loader + runtime + core + the tag\'s own code\n');
console.log(`${'tag'.padEnd(16)} ${'first load with the loader'.padStart(23)}`);
console.log(`${''.padEnd(16)} ${SIZE_HEAD}`);
for (const row of rows) console.log(`${row.tag.padEnd(16)} ${cells(row.withLoader)}`);

// ---------------------------------------------------------------------------------------------
// 2. In the browser, under mobile conditions
// ---------------------------------------------------------------------------------------------

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Lighthouse's mobile (slow 4G) conditions: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

interface Case {
  name: string;
  /** Markup of the page body (the element, or the form). */
  body: (api: string) => string;
  /** Whether the page uses the loader. */
  loader: boolean;
  signedIn: boolean;
  /** Selector of the main control, in the element's shadow root (or in the document for the form). */
  ready: string;
  host?: string;
}

const attrs = (api: string) => `api-base="${api}" portal="${api}/"`;
const CASES: Case[] = [
  { name: 'sm-login', host: 'sm-login', body: (api) => `<sm-login ${attrs(api)}></sm-login>`, loader: true, signedIn: false, ready: '[part~="providers"] button' },
  { name: 'sm-topup', host: 'sm-topup', body: (api) => `<sm-topup ${attrs(api)}></sm-topup>`, loader: true, signedIn: true, ready: '.sm-choice input' },
  { name: 'sm-subscribe', host: 'sm-subscribe', body: (api) => `<sm-subscribe ${attrs(api)}></sm-subscribe>`, loader: true, signedIn: true, ready: 'input[type="range"], .sm-choice input' },
  { name: 'sm-donate', host: 'sm-donate', body: (api) => `<sm-donate mission="2" ${attrs(api)}></sm-donate>`, loader: true, signedIn: false, ready: 'input[type="range"]' },
  { name: 'sm-history', host: 'sm-history', body: (api) => `<sm-history ${attrs(api)}></sm-history>`, loader: true, signedIn: true, ready: '[role="tabpanel"] table, [data-testid="history-empty"]' },
  { name: 'sm-survey', host: 'sm-survey', body: (api) => `<sm-survey ${attrs(api)}></sm-survey>`, loader: true, signedIn: true, ready: '.sm-option input' },
  { name: 'sm-newsletter', host: 'sm-newsletter', body: (api) => `<sm-newsletter ${attrs(api)}></sm-newsletter>`, loader: true, signedIn: false, ready: 'input[type="email"]' },
  {
    name: 'plain form',
    loader: false,
    signedIn: false,
    ready: 'form input[type="email"]',
    body: (api) => `<form id="newsletter" novalidate>
<h2>Join our newsletter</h2>
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email" required> <button>Subscribe</button>
<p id="message" role="status"></p>
</form>
<script>
document.getElementById('newsletter').addEventListener('submit', async (event) => {
  event.preventDefault();
  const message = document.getElementById('message');
  try {
    const response = await fetch('${api}/subscribe-newsletter', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: event.target.email.value }) });
    message.textContent = (await response.json()).message;
  } catch { message.textContent = 'Please try again.'; }
});
</script>`,
  },
];

function page(c: Case, api: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>bench: ${c.name}</title>
${c.loader ? '<script type="module" src="/widgets/loader.js"></script>\n' : ''}<style>body { font-family: Georgia, serif; margin: 0 auto; max-width: 760px; padding: 16px; }</style>
</head>
<body>
<h1>A page with ${c.name}</h1>
${c.body(api)}
</body>
</html>
`;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startSandbox(port: number, dir: string, allowedOrigin: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: join(dir, 'bench.sqlite'), PORTAL_URL: `${base}/`, SANDBOX_ALLOWED_ORIGINS: allowedOrigin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/country`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`The sandbox did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.map': 'application/json' };
const encoded = new Map<string, { br: Buffer; gzip: Buffer; raw: Buffer }>();

function encodings(body: Buffer): { br: Buffer; gzip: Buffer; raw: Buffer } {
  return {
    raw: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}

/** Bench pages at /bench/<n>.html and dist/ files, compressed per Accept-Encoding as a CDN would. */
function startPages(port: number, api: string): Promise<Server> {
  const pages = new Map(CASES.map((c, i) => [`/bench/${i}.html`, encodings(Buffer.from(page(c, api)))]));
  const served = new Set<string>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    let body = pages.get(path);
    if (!body && /^\/(widgets|assets)\/[\w.-]+$/.test(path)) {
      const file = resolve(dist, `.${path}`);
      if (file.startsWith(dist + sep)) {
        try {
          if (statSync(file).isFile()) {
            body = encoded.get(file) ?? encodings(readFileSync(file));
            encoded.set(file, body);
          }
        } catch {
          /* not found */
        }
      }
    }
    if (!body) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'raw';
    served.add(encoding);
    res.setHeader('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-store');
    if (encoding !== 'raw') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.end(body[encoding]);
  });
  (server as Server & { encodingsServed?: Set<string> }).encodingsServed = served;
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

interface Run {
  interactiveMs: number;
  tbtMs: number;
  bytes: number;
  jsBytes: number;
}

async function measure(browser: Browser, origin: string, index: number, c: Case, session: string | null): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  if (session) await tab.addInitScript(`localStorage.setItem('sm.session.v1', ${JSON.stringify(session)});`);
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  await tab.addInitScript(`(() => {
    const host = ${JSON.stringify(c.host ?? null)}, ready = ${JSON.stringify(c.ready)};
    window.__bench = { interactive: null, longTasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = () => {
      const scope = host ? document.querySelector(host)?.shadowRoot : document;
      const control = scope?.querySelector(ready);
      if (control && !control.disabled && control.getBoundingClientRect().height > 0) {
        window.__bench.interactive = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') jsBytes += event.encodedDataLength;
  });
  await tab.goto(`${origin}/bench/${index}.html`, { waitUntil: 'load', timeout: 120_000 });
  try {
    await tab.waitForFunction('window.__bench.interactive !== null', undefined, { timeout: 60_000, polling: 100 });
  } catch (error) {
    const shown = await tab.evaluate(`(${JSON.stringify(c.host ?? null)} ? document.querySelector(${JSON.stringify(c.host ?? 'body')})?.shadowRoot?.innerHTML : document.body.innerHTML)?.replace(/<style>[\\s\\S]*?<\\/style>/g, '').slice(-800)`);
    throw new Error(`${c.name} never became interactive (${String(error)}). Errors: ${errors.join('; ') || 'none'}. Shown: ${shown}`);
  }
  await tab.waitForTimeout(1000); // let the tasks around the interactive moment finish and report
  const result = (await tab.evaluate('window.__bench')) as { interactive: number; longTasks: { start: number; duration: number }[] };
  await context.close();
  if (errors.length) throw new Error(`${c.name}: page errors: ${errors.join('; ')}`);
  const until = result.interactive + 1000;
  const tbtMs = result.longTasks.filter((t) => t.start < until).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  return { interactiveMs: result.interactive, tbtMs, bytes, jsBytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function browserBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sm-bench-'));
  const [apiPort, pagePort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const origin = `http://127.0.0.1:${pagePort}`;
  let sandbox: ChildProcess | undefined;
  let pages: Server | undefined;
  let browser: Browser | undefined;
  try {
    sandbox = await startSandbox(apiPort, dir, origin);
    pages = await startPages(pagePort, api);
    const login = await fetch(`${api}/webclient/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'listener@example.org', password: 'listen-2026' }),
    });
    const { data } = (await login.json()) as { data: { access_token: string; token_type: string; expires_in: number } };
    const session = JSON.stringify({ v: 1, auth: { accessToken: data.access_token, tokenType: 'Bearer', expiresAt: Date.now() + data.expires_in * 1000 }, user: null, fromApps: false, nextPage: null });
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    console.log(`\nIn headless Chromium, mobile conditions (CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms round trip, 1.6 Mbps down, 750 kbps up; cold cache),`);
    console.log(`a 390 px page holding only that tag and the loader; median of ${RUNS} run(s).`);
    console.log('interactive: navigation until the main control is in the shadow root and enabled (data loaded where it needs data);');
    console.log('TBT: sum over long tasks until interactive + 1 s of (duration - 50 ms); transferred: all requests, compressed, with headers.\n');
    const results: { c: Case; run: Run }[] = [];
    for (const [index, c] of CASES.entries()) {
      if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes(c.name)) continue;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, origin, index, c, c.signedIn ? session : null));
      results.push({ c, run: { interactiveMs: median(runs.map((r) => r.interactiveMs)), tbtMs: median(runs.map((r) => r.tbtMs)), bytes: median(runs.map((r) => r.bytes)), jsBytes: median(runs.map((r) => r.jsBytes)) } });
    }
    const form = results.find((r) => !r.c.loader)?.run ?? null;
    const formBytes = sizeOf([Buffer.from(page(CASES.at(-1)!, api))]);
    console.log(`${'page'.padEnd(16)} ${'interactive'.padStart(12)} ${'TBT'.padStart(8)} ${'transferred'.padStart(12)} ${'of it JS'.padStart(9)}   ${'x form: time'.padStart(12)} ${'bytes'.padStart(7)}`);
    for (const { c, run } of results) {
      const ratioTime = form ? (run.interactiveMs / form.interactiveMs).toFixed(1) : '-';
      const ratioBytes = form ? (run.bytes / form.bytes).toFixed(0) : '-';
      console.log(
        `${c.name.padEnd(16)} ${`${Math.round(run.interactiveMs)} ms`.padStart(12)} ${`${Math.round(run.tbtMs)} ms`.padStart(8)} ${`${kib(run.bytes).trim()} KiB`.padStart(12)} ${`${kib(run.jsBytes).trim()} KiB`.padStart(9)}   ${`${ratioTime}x`.padStart(12)} ${`${ratioBytes}x`.padStart(7)}`,
      );
    }
    const servedWith = [...((pages as Server & { encodingsServed?: Set<string> }).encodingsServed ?? [])].join(', ');
    console.log(`\nThe plain form page: ${kib(formBytes.raw).trim()} KiB raw, ${kib(formBytes.gzip).trim()} KiB gzip, ${kib(formBytes.brotli).trim()} KiB brotli; widget files were served with: ${servedWith || 'none'}.`);
    console.log('For scale (figures from issue 8, not measured here): Ghost\'s embeddable signup form about 80 KB gzip; Ghost Portal about 366 KB gzip.');
  } finally {
    await browser?.close();
    await new Promise((r) => (pages ? pages.close(r) : r(undefined)));
    if (sandbox && sandbox.exitCode === null) {
      sandbox.kill('SIGTERM');
      await new Promise((r) => sandbox?.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await browserBench();
