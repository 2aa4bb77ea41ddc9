/** Starts `tsx sandbox/server.ts` (serving dist/) for the e2e run; stops it afterwards. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A page on another origin (the blog) that embeds the built widgets. */
    blogUrl: string;
    /** The page that plays the mobile app (tests/e2e/pages/app.html), on the second origin. */
    appUrl: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let child: ChildProcess | undefined;
let dir: string | undefined;
let blog: Server | undefined;

/** Serves tests/e2e/pages/*.html on another origin, with the portal address and each <!--snippet:sm-x--> (the built snippet) filled in. */
async function startBlog(port: number, portal: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]!.replace(/^\//, '') || 'blog.html';
    if (!/^[a-z-]+\.html$/.test(name) || !existsSync(join(root, 'tests/e2e/pages', name))) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const html = readFileSync(join(root, 'tests/e2e/pages', name), 'utf8').replace(/<!--snippet:(sm-[a-z]+)(?: ([^>]*))?-->/g, (_, tag: string, attributes = '') =>
      readFileSync(join(root, 'dist/snippets', `${tag}.html`), 'utf8').replace(`<${tag}>`, `<${tag} ${attributes}>`),
    );
    res.end(html.replaceAll('__PORTAL__', portal));
  });
  await new Promise<void>((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return server;
}

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('Build the portal first: npm run build');
  const port = await freePort();
  const blogPort = await freePort();
  const emulatorPort = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'sm-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const blogOrigin = `http://127.0.0.1:${blogPort}`;
  // What `npm start` runs: the Firebase Auth emulator (for social sign-in), then the sandbox.
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: join(dir, 'e2e.sqlite'),
      PORTAL_URL: `${baseUrl}/`,
      SANDBOX_ALLOWED_ORIGINS: blogOrigin,
      FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/country`);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() - started > 90_000) throw new Error(`The sandbox did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  blog = await startBlog(blogPort, baseUrl);
  project.provide('blogUrl', `${blogOrigin}/blog.html`);
  project.provide('appUrl', `${blogOrigin}/app.html`);
}

export async function teardown(): Promise<void> {
  await new Promise((r) => (blog ? blog.close(r) : r(undefined)));
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
