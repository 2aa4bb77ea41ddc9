/** Starts the sandbox as `npm start` runs it (sandbox/start.ts, serving dist/) and the blog for the e2e run; stops them afterwards. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../sandbox/core/emulator';
import { startScript, type Script } from './support';

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

let sandbox: Script | undefined;
let dir: string | undefined;
let blog: Server | undefined;

/** Whether a GET of the address answers 2xx yet. */
const answers = (url: string) => async () => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false; // not up yet
  }
};

/**
 * Serves tests/e2e/pages/*.html on another origin, with the portal address and each <!--snippet:sm-x--> (the built
 * snippet) filled in, and the blog's stylesheet they link (blog.css, sandbox/blog.css).
 */
async function startBlog(port: number, portal: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]!.replace(/^\//, '') || 'blog.html';
    if (name === 'blog.css') {
      res.setHeader('Content-Type', 'text/css; charset=utf-8');
      res.end(readFileSync(join(root, 'sandbox/blog.css'), 'utf8'));
      return;
    }
    if (!/^[a-z-]+\.html$/.test(name) || !existsSync(join(root, 'tests/e2e/pages', name))) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const html = readFileSync(join(root, 'tests/e2e/pages', name), 'utf8').replace(
      /<!--snippet:(sm-[a-z]+)(?: ([^>]*))?-->/g,
      (_, tag: string, attributes = '') =>
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
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX_DB: join(dir, 'e2e.sqlite'),
    PORTAL_URL: `${baseUrl}/`,
    SANDBOX_ALLOWED_ORIGINS: blogOrigin,
    FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
  };
  sandbox = await startScript('sandbox/start.ts', env, answers(`${baseUrl}/api/country`), 90_000);
  project.provide('baseUrl', baseUrl);
  blog = await startBlog(blogPort, baseUrl);
  project.provide('blogUrl', `${blogOrigin}/blog.html`);
  project.provide('appUrl', `${blogOrigin}/app.html`);
}

export async function teardown(): Promise<void> {
  await new Promise((r) => (blog ? blog.close(r) : r(undefined)));
  await sandbox?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
