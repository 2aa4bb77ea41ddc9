// `npm run build` as the production shape runs it: for an API host of its own, into a folder of its own. Apart from
// production.ts so that a test can build without loading the sandbox.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/** `npm run build` with the API's address baked in (VITE_API_BASE), into outDir (tools/out-dir.ts). */
export async function buildPortal(
  outDir: string,
  apiBase: string,
  log: (line: string) => void,
  settings: Record<string, string> = {},
): Promise<void> {
  log(`Building the portal for the API at ${apiBase} into ${outDir}...`);
  const child = spawn('npm', ['run', 'build'], {
    cwd: PROJECT_ROOT,
    // A build for deployment whatever the caller's NODE_ENV (vitest's `test` makes Vite build another way).
    env: { ...process.env, ...settings, NODE_ENV: 'production', SM_OUT_DIR: outDir, VITE_API_BASE: apiBase },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  if (code !== 0) throw new Error(`The build failed (exit code ${code}):\n${output}`);
}
