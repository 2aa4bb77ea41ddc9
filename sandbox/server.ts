// Entry point: `tsx sandbox/server.ts`. Serves the API sandbox and the built portal on one origin.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createSandbox, PROJECT_ROOT } from './app.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const dbPath = process.env.SANDBOX_DB ? resolve(process.env.SANDBOX_DB) : resolve(PROJECT_ROOT, '.sandbox/sm.sqlite');
const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}/`;

const sandbox = createSandbox({ dbPath, portalUrl });
const server = createServer(sandbox.handler);

server.listen(port, host, () => {
  console.log(`Portal and sandbox on http://localhost:${port}`);
  console.log(`  database ${dbPath}; mailbox http://localhost:${port}/sandbox/mail`);
});

function shutdown(): void {
  server.close(() => {
    sandbox.close();
    process.exit(0);
  });
  server.closeAllConnections();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
