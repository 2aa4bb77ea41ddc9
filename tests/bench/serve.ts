/**
 * What the bench talks to:
 * - the sandbox (the API and the portal's page, from the folder the build wrote: sandbox-server.ts),
 *   started on a free port with a temporary database, as the API host;
 * - a small server in front of it that serves like a CDN: the built files from dist/ and the
 *   bench pages compressed once with brotli 11 or gzip -9 (per Accept-Encoding, with
 *   Content-Encoding and Vary), and everything else (the portal's page, its API calls, mission
 *   banners) fetched from the sandbox and compressed on the way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotli, gzip } from './sizes';

// bench.ts and lighthouse.ts take their ports from here.
export { freePort } from '../../sandbox/core/emulator';

export interface Sandbox {
  origin: string;
  stop(): Promise<void>;
}

/** The sandbox alone (social sign-in off) on `port`, with its database in `dir`, allowing `allowedOrigin` cross-origin. */
export async function startSandbox(
  root: string,
  port: number,
  dir: string,
  portalUrl: string,
  allowedOrigin: string,
): Promise<Sandbox> {
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/sandbox-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: join(dir, 'bench.sqlite'),
      PORTAL_URL: portalUrl,
      SANDBOX_ALLOWED_ORIGINS: allowedOrigin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/country`)).ok) return { origin, stop };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      await stop();
      throw new Error(`The sandbox did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip' | 'raw';
const choose = (accept: string | undefined): Encoding =>
  /\bbr\b/.test(accept ?? '') ? 'br' : /\bgzip\b/.test(accept ?? '') ? 'gzip' : 'raw';
const compress = (raw: Buffer, encoding: Encoding) =>
  encoding === 'br' ? brotli(raw) : encoding === 'gzip' ? gzip(raw) : raw;

export interface Cdn {
  origin: string;
  /** The encodings it answered with so far (br, gzip, raw). */
  encodings: Set<string>;
  close(): Promise<void>;
}

/** Serves, on `port`, `pages` (path -> HTML) and dist/ compressed, and passes the rest to the sandbox at `upstream`. */
export async function startCdn(
  port: number,
  dist: string,
  pages: ReadonlyMap<string, string>,
  upstream: string,
): Promise<Cdn> {
  const encodings = new Set<string>();
  /** Bench pages and dist/ files, each compressed once per encoding. */
  const cache = new Map<string, Buffer>();
  const upstreamUrl = new URL(upstream);

  const send = (
    res: ServerResponse,
    status: number,
    headers: OutgoingHttpHeaders,
    encoding: Encoding,
    body: Buffer,
  ) => {
    encodings.add(encoding);
    res.writeHead(status, {
      ...headers,
      ...(encoding === 'raw' ? {} : { 'content-encoding': encoding }),
      vary: 'Accept-Encoding',
    });
    res.end(body);
  };

  /** A bench page or a file of dist/, or null when the path is neither. */
  const own = (path: string): Buffer | null => {
    const page = pages.get(path);
    if (page !== undefined) return Buffer.from(page);
    if (!/^\/(widgets|assets|snippets)\/[\w./-]+$/.test(path) || path.includes('..')) return null;
    const file = resolve(dist, `.${path}`);
    try {
      return file.startsWith(dist + sep) && statSync(file).isFile() ? readFileSync(file) : null;
    } catch {
      return null;
    }
  };

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const encoding = choose(req.headers['accept-encoding'] as string | undefined);
    const key = `${encoding} ${path}`;
    let body = cache.get(key);
    if (!body && (req.method === 'GET' || req.method === 'HEAD')) {
      const raw = own(path);
      if (raw) cache.set(key, (body = compress(raw, encoding)));
    }
    if (body) {
      send(
        res,
        200,
        { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-cache' },
        encoding,
        body,
      );
      return;
    }
    // Everything else comes from the sandbox, compressed on the way when it is text.
    const forward = request(
      { host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path: req.url, headers: req.headers },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const raw = Buffer.concat(chunks);
          const headers: OutgoingHttpHeaders = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          const text =
            COMPRESSIBLE.test(String(answer.headers['content-type'] ?? '')) &&
            !answer.headers['content-encoding'] &&
            raw.length > 0;
          send(res, answer.statusCode ?? 502, headers, text ? encoding : 'raw', text ? compress(raw, encoding) : raw);
        });
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    origin: `http://127.0.0.1:${port}`,
    encodings,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
