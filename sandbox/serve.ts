// Listening: the sandbox on PORT/HOST with its database and portal address from the environment.
// Used by server.ts (the sandbox alone) and start.ts (the Auth emulator, then the sandbox).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createSandbox, PROJECT_ROOT, type SandboxOptions } from './app.js';

export interface RunningSandbox {
  port: number;
  dbPath: string;
  portalUrl: string;
  /** Stops accepting, ends open connections, closes the database. */
  stop(): Promise<void>;
}

/** Starts the sandbox from PORT, HOST, SANDBOX_DB, PORTAL_URL (and the given options) and prints where it is. */
export async function listenSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const dbPath = process.env.SANDBOX_DB ? resolve(process.env.SANDBOX_DB) : resolve(PROJECT_ROOT, '.sandbox/sm.sqlite');
  const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}/`;

  const sandbox = createSandbox({ dbPath, portalUrl, ...options });
  const server = createServer(sandbox.handler);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const social = sandbox.firebase.authEmulatorUrl;
  console.log(`Portal and sandbox on http://localhost:${port}`);
  console.log(`  database ${dbPath}; mailbox http://localhost:${port}/sandbox/mail`);
  console.log(social ? `  social sign-in through the Firebase Auth emulator at ${social}` : '  social sign-in off (its calls answer 503)');

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
