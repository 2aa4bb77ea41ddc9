// The Firebase Auth emulator (firebase-tools), started offline as a child process for social sign-in.
// Node only: no Java, no download (the Emulator UI is disabled, which would otherwise be fetched).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIREBASE_DEFAULTS } from './firebase.js';

/** The local firebase-tools CLI. */
export const FIREBASE_BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/firebase');

export interface AuthEmulator {
  /** e.g. http://127.0.0.1:9099 */
  url: string;
  /** e.g. 127.0.0.1:9099, the value of FIREBASE_AUTH_EMULATOR_HOST */
  host: string;
  port: number;
  projectId: string;
  /**
   * The other ports it holds, as it said: its hub's (4400 by default) and its logging's (4500), or the next free ones
   * when those are taken. Empty when its output did not say.
   */
  otherPorts: number[];
  /** the firebase CLI's process id, also its process group's id */
  pid: number;
  /** Stops the emulator (its whole process group) and removes its temp folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartAuthEmulatorOptions {
  /** default 9099 */
  port?: number;
  /** a 'demo-' project needs no credentials (default demo-sm-portal) */
  projectId?: string;
  /** how long to wait for it to answer (default 60 s; 13-15 s is normal) */
  timeoutMs?: number;
  /** receives the emulator's output lines (default: kept quiet, shown only if the start fails) */
  log?: (line: string) => void;
}

export const EMULATOR_HOST = '127.0.0.1';

/** Listens on the port for a moment: the port it got (0: any free one), or null when something listens there already. */
function probePort(port: number, host = EMULATOR_HOST): Promise<number | null> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(null));
    probe.listen(port, host, () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : port));
    });
  });
}

/** A port the OS considers free right now (for tests). */
export async function freePort(host = EMULATOR_HOST): Promise<number> {
  const port = await probePort(0, host);
  if (port === null) throw new Error(`no free port on ${host}`);
  return port;
}

/** True when an Auth emulator answers at the URL (its root says `{"authEmulator": {"ready": true}}`). */
export async function isAuthEmulator(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return false;
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts `firebase emulators:start --only auth --project <demo id>` in a temp folder holding a generated
 * firebase.json (this port, UI off, single project), and resolves once http://127.0.0.1:PORT/ answers.
 * The child runs in its own process group; stop() ends the group.
 */
export async function startAuthEmulator(options: StartAuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const port = options.port ?? 9099;
  const projectId = options.projectId ?? FIREBASE_DEFAULTS.projectId;
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (!existsSync(FIREBASE_BIN))
    throw new Error(`The Firebase CLI is not installed (${FIREBASE_BIN} is missing): run npm install.`);
  if ((await probePort(port)) === null) {
    throw new Error(`Port ${port} is already in use: cannot start the Firebase Auth emulator there.`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'sm-auth-emulator-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify(
      { emulators: { auth: { port, host: EMULATOR_HOST }, ui: { enabled: false }, singleProjectMode: true } },
      null,
      2,
    ),
  );
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    detached: true, // its own process group, so stop() also ends anything it started
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Each instance keeps its hub locator file (os.tmpdir()/hub-<project>.json) to itself.
      TMPDIR: dir,
      CI: 'true', // no prompts, no spinners
    },
  });

  const output: string[] = [];
  const otherPorts = new Set<number>();
  let portsSaid = () => {};
  const saidPorts = new Promise<void>((done) => (portsSaid = done));
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      // "Emulator Hub host: 127.0.0.1 port: 4400" and "Other reserved ports: 4500" (the logging's)
      const hub = /Emulator Hub host: \S+ port: (\d+)/.exec(line)?.[1];
      const reserved = /Other reserved ports: ([\d, ]+)/.exec(line)?.[1];
      for (const port of [hub ?? '', ...(reserved ?? '').split(/[ ,]+/)]) if (/^\d+$/.test(port)) otherPorts.add(+port);
      if (reserved !== undefined) portsSaid();
      output.push(line);
      if (output.length > 200) output.shift();
      options.log?.(line);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const state: { exited: string | null; spawnError: Error | null } = { exited: null, spawnError: null };
  const exit = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      state.exited = `code ${code}, signal ${signal}`;
      done();
    });
  });
  child.once('error', (err) => {
    state.spawnError = err;
  });

  const killGroup = (signal: NodeJS.Signals) => {
    if (state.exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  // If this process ends without stop() (a crash, process.exit), do not leave the emulator behind.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.off('exit', onExit);
      killGroup('SIGTERM');
      const ended = await Promise.race([exit.then(() => true), sleep(5000).then(() => false)]);
      if (!ended) {
        killGroup('SIGKILL');
        await Promise.race([exit, sleep(2000)]);
      }
      rmSync(dir, { recursive: true, force: true });
    })());

  const url = `http://${EMULATOR_HOST}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (state.spawnError || state.exited) {
      await stop();
      const why = state.spawnError ? String(state.spawnError) : `it exited (${state.exited})`;
      throw new Error(`The Firebase Auth emulator did not start: ${why}.\n${output.slice(-30).join('\n')}`);
    }
    if (await isAuthEmulator(url, 500)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Firebase Auth emulator did not answer on ${url} within ${timeoutMs / 1000} s.\n${output.slice(-30).join('\n')}`,
      );
    }
    await sleep(250);
  }
  // It lists the ports it holds just after the emulator answers.
  await Promise.race([saidPorts, sleep(3000)]);
  return {
    url,
    host: `${EMULATOR_HOST}:${port}`,
    port,
    otherPorts: [...otherPorts].sort((a, b) => a - b),
    projectId,
    pid: child.pid!,
    stop,
  };
}
