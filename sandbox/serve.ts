// Listening: the sandbox on PORT/HOST with its database and portal address from the environment.
// Used by server.ts (the sandbox alone) and start.ts (the Auth emulator, then the sandbox).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createSandbox, PROJECT_ROOT, type SandboxOptions } from './app.js';
import { interfaceHosts, parseHosts } from './core/hosts.js';
import { isLoopback } from './core/http.js';
import { RECOMMENDED_COST, type PasswordSettings } from './core/passwords.js';

/** Where the sandbox listens unless HOST says otherwise: this computer only. */
export const DEFAULT_HOST = '127.0.0.1';

export interface RunningSandbox {
  port: number;
  dbPath: string;
  portalUrl: string;
  /** Stops accepting, ends open connections, closes the database. */
  stop(): Promise<void>;
}

/** Listens on port and host; rejects when it cannot (the port taken, say). */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done(server.address() as AddressInfo);
    });
  });
}

/** SANDBOX_SCRYPT_N lowers the password hashing strength, for test runs that start the sandbox as a process. */
export function passwordsFromEnv(): PasswordSettings | undefined {
  const scryptN = Number(process.env.SANDBOX_SCRYPT_N);
  if (!Number.isInteger(scryptN) || scryptN <= 1) return undefined;
  console.warn(
    `SANDBOX_SCRYPT_N=${scryptN}: passwords are hashed at less than today's recommended strength (tests only).`,
  );
  return { cost: { ...RECOMMENDED_COST, N: scryptN } };
}

/**
 * Starts the sandbox from PORT, HOST, SANDBOX_DB, PORTAL_URL (and the given options) and prints where it is. It
 * listens on the loopback address unless HOST names another; then, and when SANDBOX_EXPOSE_HELPERS=1 lets other
 * computers use the helpers, it prints a warning.
 */
export async function listenSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST || DEFAULT_HOST;
  const dbPath = process.env.SANDBOX_DB ? resolve(process.env.SANDBOX_DB) : resolve(PROJECT_ROOT, '.sandbox/sm.sqlite');
  const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}/`;
  // Where browsers reach the sandbox's own pages (payments, banners), when that is not the portal's address.
  const sandboxUrl = process.env.SANDBOX_URL || undefined;

  const passwords = passwordsFromEnv();
  // Listening beyond this computer: other computers reach it by this computer's own addresses (an address literal
  // cannot be rebound by DNS), and by HOST when it names one.
  const wildcard = host === '0.0.0.0' || host === '::';
  const allowedHosts = [
    ...parseHosts(process.env.SANDBOX_ALLOWED_HOSTS),
    ...(isLoopback(host) || host === 'localhost' ? [] : interfaceHosts()),
    ...(wildcard ? [] : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host]),
  ];
  const sandbox = createSandbox({
    dbPath,
    portalUrl,
    sandboxUrl,
    allowedHosts,
    ...(passwords ? { passwords } : {}),
    ...options,
  });
  const server = createServer(sandbox.handler);
  const bound = await listen(server, port, host);
  const social = sandbox.firebase.authEmulatorUrl;
  console.log(`Portal and sandbox on http://localhost:${port} (listening on ${bound.address}:${bound.port})`);
  if (!isLoopback(bound.address)) {
    console.warn(
      `WARNING: HOST=${host}: the sandbox is reachable from other computers on the network, with seeded accounts and test ` +
        'passwords. Leave HOST unset to listen on this computer only.',
    );
  }
  if (sandbox.exposeHelpers) {
    console.warn(
      'WARNING: SANDBOX_EXPOSE_HELPERS=1: any client that reaches the port can mint a sign-in for any account, read every ' +
        'reset link and move the clock. Unset it unless every computer that can reach this one is yours.',
    );
  }
  console.log(`  database ${dbPath}; mailbox http://localhost:${port}/sandbox/mail`);
  console.log(
    social
      ? `  social sign-in through the Firebase Auth emulator at ${social}`
      : '  social sign-in off (its calls answer 503)',
  );

  let stopped: Promise<void> | undefined;
  return {
    port,
    dbPath,
    portalUrl,
    stop: () =>
      (stopped ??= new Promise<void>((done) => {
        server.close(() => {
          sandbox.close();
          done();
        });
        server.closeAllConnections();
      })),
  };
}
