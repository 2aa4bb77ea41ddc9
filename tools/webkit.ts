/**
 * WebKit for the browser runs (the element tests and the other engines' end-to-end set): Debian's WebKitGTK
 * MiniBrowser, driven through WebKitGTK's own `WebKitWebDriver` (package webkit2gtk-driver) under `xvfb-run`, as the
 * W3C WebDriver protocol over plain HTTP. Nothing is downloaded; WebKit is what the iOS app's webviews and Safari run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const WEBKIT_BROWSER = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** What a session asks for: MiniBrowser in automation mode (it has no headless mode: Xvfb is its screen). */
export const WEBKIT_CAPABILITIES = {
  'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation'] },
} as const;

/** Whether this machine can run WebKit (the driver, the browser and xvfb-run are installed). */
export function webkitInstalled(): boolean {
  return existsSync(WEBKIT_DRIVER) && existsSync(WEBKIT_BROWSER) && existsSync('/usr/bin/xvfb-run');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running WebKitWebDriver: where it listens, and how to stop it (and its Xvfb). */
export interface WebKitDriver {
  url: string;
  stop(): Promise<void>;
}

/** Starts `xvfb-run -a WebKitWebDriver` on a free port and waits until it says it is ready. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  if (!webkitInstalled())
    throw new Error(
      `WebKit is not installed (${WEBKIT_DRIVER}, ${WEBKIT_BROWSER}): apt-get install -y webkit2gtk-driver xvfb`,
    );
  const port = await freePort();
  // Its own process group, so stopping it also stops Xvfb and any browser it started.
  const child: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((done) => child.once('exit', done));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 3000))]);
  };
  const started = Date.now();
  for (;;) {
    try {
      const status = (await (await fetch(`${url}/status`)).json()) as { value?: { ready?: boolean } };
      if (status.value?.ready) return { url, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() - started > 20_000) {
      await stop();
      throw new Error(`WebKitWebDriver did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An error the driver answered with (W3C: `{ value: { error, message } }`). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** One browser session over the W3C WebDriver protocol: only the commands the tests use. */
export class WebDriverSession {
  private constructor(
    readonly driverUrl: string,
    readonly id: string,
  ) {}

  /** Opens a new browser window session with the given capabilities (WebKit's by default). */
  static async create(
    driverUrl: string,
    capabilities: Record<string, unknown> = WEBKIT_CAPABILITIES,
  ): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>(driverUrl, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(driverUrl, value.sessionId);
  }

  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send<T>(this.driverUrl, method, `/session/${this.id}${path}`, body);
  }

  navigate(url: string): Promise<void> {
    return this.command('POST', '/url', { url });
  }

  currentUrl(): Promise<string> {
    return this.command<string>('GET', '/url');
  }

  /** Runs a function body in the page (`arguments` holds args) and returns its JSON-able result (awaited). */
  execute<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script, args });
  }

  /** Real input: W3C actions (pointer moves and presses, keys). */
  async perform(actions: unknown[]): Promise<void> {
    await this.command('POST', '/actions', { actions });
    await this.command('DELETE', '/actions');
  }

  /** The window's content as a PNG. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.command<string>('GET', '/screenshot'), 'base64');
  }

  setWindowSize(width: number, height: number): Promise<unknown> {
    return this.command('POST', '/window/rect', { width, height });
  }

  async close(): Promise<void> {
    await this.command('DELETE', '').catch(() => undefined);
  }
}

async function send<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok || (answer.value && typeof answer.value === 'object' && 'error' in answer.value))
    throw new WebDriverError(String(answer.value?.error ?? response.status), String(answer.value?.message ?? ''));
  return answer.value;
}
