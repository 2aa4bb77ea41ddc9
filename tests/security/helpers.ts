/** What the security tests share: the sandbox as a process of its own (started, killed, started again). */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A client elsewhere on the network, as test-support's `from` presents it to the sandbox. */
export const REMOTE = '203.0.113.9';

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  /** everything it printed so far */
  output(): string;
  /** resolves when the process has ended (by itself, a fault, or a kill) */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `tsx sandbox/server.ts` with this environment (PORT, SANDBOX_DB, ...), once it answers; `ready: false` returns at
 * once, for a process expected to fail or only to print.
 */
export async function startProcess(
  env: Record<string, string | undefined>,
  options: { ready?: boolean } = {},
): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_FAULT: undefined, SANDBOX_EXPOSE_HELPERS: undefined, HOST: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const running: SandboxProcess = {
    url,
    child,
    output: () => text,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  if (options.ready === false) return running;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the sandbox ended while starting:\n${text}`);
    try {
      if ((await fetch(`${url}/api/country`)).ok) return running;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 30_000) throw new Error(`the sandbox did not start in 30 s:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the text appears in what the process printed. */
export async function printed(running: SandboxProcess, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const m = pattern.exec(running.output());
    if (m) return m[0];
    if (Date.now() - started > timeoutMs) throw new Error(`never printed ${pattern}:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const jsonPost = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** Pays a card session on the sandbox's checkout page (as a person's browser would post the form). */
export function payByCard(url: string, sessionId: string, card = '4242424242424242'): Promise<Response> {
  return fetch(`${url}/sandbox/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `card=${card}`,
    redirect: 'manual',
  });
}
