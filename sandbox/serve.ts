// Listening: the sandbox on PORT/HOST with its database and portal address from the environment.
// Used by server.ts (the sandbox alone) and start.ts (the Auth emulator, then the sandbox).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createSandbox, parseOrigins, PROJECT_ROOT, type SandboxOptions } from './app.js';
import { interfaceHosts, loopbackAliases, parseHosts } from './core/hosts.js';
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
  // SANDBOX_ALLOWED_ORIGINS as written, and the portal's own origin the other loopback way (loopbackAliases).
  const allowedOrigins = options.allowedOrigins ?? parseOrigins(process.env.SANDBOX_ALLOWED_ORIGINS);
  const aliases = loopbackAliases(portalUrl).filter((origin) => !allowedOrigins.includes(origin));
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
    allowedOrigins: [...allowedOrigins, ...aliases],
  });
  const server = createServer(sandbox.handler);
  const bound = await listen(server, port, host);
  const social = sandbox.firebase.authEmulatorUrl;
  const portal = new URL(portalUrl).origin;
  const here = `http://localhost:${port}`;
  console.log(`Portal and sandbox listening on ${bound.address}:${bound.port}`);
  for (const line of startupAddresses({ here, portal, portalUrl, aliases, allowedOrigins, sandboxUrl }))
    console.log(`  ${line}`);
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
  console.log(`  database       ${dbPath}`);
  console.log(
    social
      ? `  social sign-in through the Firebase Auth emulator at ${social}`
      : '  social sign-in off (its calls answer 503; SANDBOX_SOCIAL=off)',
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

/** What start-up prints: where to open the portal, what to give a tag as api-base, and what the sandbox allows. */
export function startupAddresses(p: {
  here: string;
  portal: string;
  portalUrl: string;
  aliases: readonly string[];
  allowedOrigins: readonly string[];
  sandboxUrl: string | undefined;
}): string[] {
  const portalHere = p.portal === p.here || p.aliases.length > 0;
  return [
    `portal         ${portalHere ? [p.portal, ...p.aliases].map((o) => `${o}/`).join(' or ') : `${p.here}/ (PORTAL_URL says the portal is at ${p.portalUrl})`}`,
    `API            ${p.here} (a tag's api-base on a page of another origin; pages on the portal's origin leave it out)`,
    `docs           ${p.here}/docs/ (every tag, live); mailbox ${p.here}/sandbox/mail`,
    `PORTAL_URL     ${p.portalUrl} (links in emails; payments may return to ${[p.portal, ...p.aliases].join(', ')}${p.allowedOrigins.length ? ' and the allowed origins' : ''})`,
    p.allowedOrigins.length
      ? `allowed origins ${p.allowedOrigins.join(', ')} (SANDBOX_ALLOWED_ORIGINS: may call the API and be returned to after a payment)`
      : 'allowed origins none (SANDBOX_ALLOWED_ORIGINS, a comma list of exact origins such as http://localhost:4000: pages there may embed the tags)',
    ...(p.sandboxUrl ? [`SANDBOX_URL    ${p.sandboxUrl} (its payment pages and banners)`] : []),
  ];
}
