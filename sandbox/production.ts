// `npm run start:production`: the portal as it is deployed, on three origins of this computer.
//   - the portal's built files, served as a static host would (a CDN): built with VITE_API_BASE naming the API, into
//     .sandbox/production/dist (never dist/, which `npm start` and the tests use);
//   - the API: the sandbox alone (no portal files), allowing the portal and the blog cross-origin;
//   - a blog: a sample page that embeds the widgets with the script tag and no api-base (sandbox/production-blog.html).
// Social sign-in is off (no Auth emulator: in production the Firebase settings come from VITE_FIREBASE_*).
//   PORTAL_PORT=8090 API_PORT=8091 BLOG_PORT=8092   where each listens (on 127.0.0.1)
//   PORTAL_SERVER=node                              who serves the portal's files: this process (node), or a real
//                                                   nginx with the build's own include (nginx, sandbox/nginx.ts)
//   SM_OUT_DIR=.sandbox/production/dist             where the portal is built (tools/out-dir.ts)
//   SANDBOX_DB=.sandbox/production/sm.sqlite        the API's database
//   SANDBOX_SCRYPT_N                                as for the sandbox (tests only)
// tests/e2e/production.e2e.ts runs this command on free ports. Ctrl+C (SIGINT) or SIGTERM stops all three.
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSandbox, PROJECT_ROOT, type SandboxOptions } from './app.js';
import { pageScriptHashes, setHtmlHeaders, setSecurityHeaders } from './core/csp.js';
import { deploymentRules, headersFor, servedFiles, type HeaderRule } from './core/portal-headers.js';
import { serveStatic } from './core/static.js';
import { buildPortal } from './build.js';
import { startNginx, type Nginx } from './nginx.js';
import { listen, passwordsFromEnv } from './serve.js';

/** Where the three listen: this computer only. */
const HOST = '127.0.0.1';

export interface ProductionOptions {
  portalPort: number;
  apiPort: number;
  blogPort: number;
  /** the folder the portal is built into (and served from) */
  outDir: string;
  /** the API's SQLite file */
  dbPath: string;
  /** who serves the portal's files: this process (default), or nginx configured by the build's include */
  portalServer?: 'node' | 'nginx';
  /** build first (default true); false serves what outDir holds, which must have been built for this API port */
  build?: boolean;
  /** more settings of the sandbox (tests: a lower password hashing strength) */
  sandbox?: Partial<SandboxOptions>;
  /** where progress is told (default console.log) */
  log?: (line: string) => void;
}

export interface Production {
  /** the three origins, e.g. http://localhost:8090 */
  portal: string;
  api: string;
  blog: string;
  stop(): Promise<void>;
}

/** The three origins for these ports. The API is on another host name too, as api.example.org would be. */
export function productionOrigins(options: Pick<ProductionOptions, 'portalPort' | 'apiPort' | 'blogPort'>) {
  return {
    portal: `http://localhost:${options.portalPort}`,
    api: `http://127.0.0.1:${options.apiPort}`,
    blog: `http://localhost:${options.blogPort}`,
  };
}

/**
 * The portal's files as a static host sends them: with the headers the build's deployment gives each path
 * (core/portal-headers.ts, as in dist/_headers), its pages' CSP letting them call the API and show its images
 * (mission banners), and every file open to other origins, as from a CDN (the blog's loader takes its modules and
 * markup from here).
 */
export function portalFiles(outDir: string, api: string): RequestListener {
  // The rules follow the build: read again when its page changes (a new build, its inline script's new hash).
  let known: { hashes: string[]; rules: HeaderRule[] } | undefined;
  const rules = () => {
    const hashes = pageScriptHashes(join(outDir, 'index.html'));
    if (known?.hashes !== hashes)
      known = { hashes, rules: deploymentRules(servedFiles(outDir), { api, scripts: hashes }) };
    return known.rules;
  };
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      setSecurityHeaders(res);
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://portal.invalid');
    const headers = headersFor(rules(), pathname);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const pageHeaders = (page: ServerResponse) => {
      // A page the rules do not name (a 404) still gets the sandbox's own policy.
      if (!headers['Content-Security-Policy']) setHtmlHeaders(page);
    };
    serveStatic(req, res, outDir, pathname, pageHeaders, undefined, {
      sourceMaps: process.env.SANDBOX_SOURCE_MAPS === '1',
    }).catch((err: unknown) => {
      console.error('[portal files]', err);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

/** The sample blog's stylesheet, which every blog page links as `blog.css` beside it (this one and the e2e pages). */
export const BLOG_STYLESHEET = resolve(PROJECT_ROOT, 'sandbox/blog.css');

/** The sample blog page at `/`, embedding the widgets from the portal's origin, and its stylesheet at `/blog.css`. */
export function blogPage(portal: string): RequestListener {
  const files: Record<string, { type: string; body: string }> = {
    '/': {
      type: 'text/html; charset=utf-8',
      body: readFileSync(resolve(PROJECT_ROOT, 'sandbox/production-blog.html'), 'utf8').replaceAll(
        '__PORTAL__',
        portal,
      ),
    },
    '/blog.css': { type: 'text/css; charset=utf-8', body: readFileSync(BLOG_STYLESHEET, 'utf8') },
  };
  return (req, res) => {
    setSecurityHeaders(res);
    const file = files[new URL(req.url ?? '/', 'http://blog.invalid').pathname];
    res.statusCode = file ? 200 : 404;
    res.setHeader('Content-Type', file ? file.type : 'text/plain; charset=utf-8');
    res.end(file ? file.body : 'Not found');
  };
}

function close(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

/** Builds the portal for this shape (unless told not to), then starts the API, the portal's files and the blog. */
export async function startProduction(options: ProductionOptions): Promise<Production> {
  const log = options.log ?? console.log;
  const origins = productionOrigins(options);
  if (options.build !== false) await buildPortal(options.outDir, origins.api, log);
  const sandbox = createSandbox({
    dbPath: options.dbPath,
    // Emailed links and payments return to the portal; payment pages and banners are on the API's own origin.
    portalUrl: `${origins.portal}/`,
    sandboxUrl: `${origins.api}/`,
    distDir: null,
    allowedOrigins: [origins.portal, origins.blog],
    firebase: { authEmulatorUrl: null },
    ...options.sandbox,
  });
  const byNginx = options.portalServer === 'nginx';
  const servers = [
    createServer(sandbox.handler),
    createServer(blogPage(origins.portal)),
    ...(byNginx ? [] : [createServer(portalFiles(options.outDir, origins.api))]),
  ];
  const ports = [options.apiPort, options.blogPort, options.portalPort];
  let nginx: Nginx | undefined;
  const stop = async () => {
    await Promise.all([...servers.filter((s) => s.listening).map(close), nginx?.stop()]);
    sandbox.close();
  };
  try {
    await Promise.all(servers.map((server, i) => listen(server, ports[i]!, HOST)));
    if (byNginx) nginx = await startNginx({ root: options.outDir, host: HOST, port: options.portalPort });
  } catch (err) {
    await stop();
    throw err;
  }
  let stopped: Promise<void> | undefined;
  return { ...origins, stop: () => (stopped ??= stop()) };
}

function portFromEnv(name: string, fallback: number): number {
  const port = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number (got ${process.env[name]}).`);
  return port;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = resolve(PROJECT_ROOT, '.sandbox/production');
  const passwords = passwordsFromEnv();
  let running: Production;
  try {
    running = await startProduction({
      portalPort: portFromEnv('PORTAL_PORT', 8090),
      apiPort: portFromEnv('API_PORT', 8091),
      blogPort: portFromEnv('BLOG_PORT', 8092),
      portalServer: process.env.PORTAL_SERVER === 'nginx' ? 'nginx' : 'node',
      outDir: process.env.SM_OUT_DIR ? resolve(PROJECT_ROOT, process.env.SM_OUT_DIR) : resolve(folder, 'dist'),
      dbPath: process.env.SANDBOX_DB ? resolve(process.env.SANDBOX_DB) : resolve(folder, 'sm.sqlite'),
      ...(passwords ? { sandbox: { passwords } } : {}),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  // tests/e2e/production.e2e.ts reads the three addresses from these lines.
  console.log(`The portal as deployed, on three origins:
  portal  ${running.portal}/  (its built files, served statically${process.env.PORTAL_SERVER === 'nginx' ? ' by nginx' : ''})
  API     ${running.api}/  (the sandbox; mailbox ${running.api}/sandbox/mail)
  blog    ${running.blog}/  (the script tag, no api-base)
Sign in as listener@example.org / listen-2026. Social sign-in is off in this shape. Ctrl+C stops all three.`);
  const shutdown = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
