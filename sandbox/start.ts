// `npm start`'s second step (after the build): the Firebase Auth emulator for social sign-in, then the sandbox.
//   SANDBOX_SOCIAL=off               no emulator; social sign-in answers 503
//   FIREBASE_AUTH_EMULATOR_PORT=9099 where the emulator listens (on 127.0.0.1); its hub and logging take 4400 and 4500
//                                    (or the next free ones)
// Ctrl+C (SIGINT) or SIGTERM stops both.
import { EMULATOR_HOST, isAuthEmulator, startAuthEmulator, type AuthEmulator } from './core/emulator.js';
import { listenSandbox, type RunningSandbox } from './serve.js';

const social = process.env.SANDBOX_SOCIAL !== 'off';
const emulatorPort = Number(process.env.FIREBASE_AUTH_EMULATOR_PORT ?? 9099);
if (!Number.isInteger(emulatorPort) || emulatorPort < 1 || emulatorPort > 65535) {
  console.error(`FIREBASE_AUTH_EMULATOR_PORT must be a port number (got ${process.env.FIREBASE_AUTH_EMULATOR_PORT}).`);
  process.exit(1);
}

let emulator: AuthEmulator | undefined;
let sandbox: RunningSandbox | undefined;
let stopping = false;

async function shutdown(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([sandbox?.stop(), emulator?.stop()]);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

let authEmulatorUrl: string | null = null;
if (social) {
  const url = `http://${EMULATOR_HOST}:${emulatorPort}`;
  if (await isAuthEmulator(url)) {
    // One started by hand (npx firebase emulators:start --only auth): use it, leave it running.
    console.log(`Using the Firebase Auth emulator already running at ${url}`);
  } else {
    console.log(`Starting the Firebase Auth emulator on ${url} (about 15 s)...`);
    const started = Date.now();
    try {
      emulator = await startAuthEmulator({ port: emulatorPort });
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
      console.error(
        'Set FIREBASE_AUTH_EMULATOR_PORT to another port, or SANDBOX_SOCIAL=off to run without social sign-in.',
      );
      await shutdown(1);
    }
    if (stopping) await new Promise(() => {}); // a signal arrived while it started: shutdown() ends the process
    const others = emulator!.otherPorts;
    console.log(
      `Firebase Auth emulator on ${url} (project ${emulator!.projectId}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s); ` +
        `it also holds ${others.length ? `ports ${others.join(' and ')}` : 'ports 4400 and 4500 (or the next free ones)'} for its hub and logging.`,
    );
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${EMULATOR_HOST}:${emulatorPort}`; // firebase-admin finds it here
  authEmulatorUrl = url;
} else {
  console.log('SANDBOX_SOCIAL=off: no Firebase Auth emulator; social sign-in answers 503.');
}

try {
  sandbox = await listenSandbox({ firebase: { authEmulatorUrl } });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}
