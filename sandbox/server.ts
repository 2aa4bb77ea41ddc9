// Entry point: `tsx sandbox/server.ts`. Serves the API sandbox and the built portal on one origin.
// Social sign-in works when FIREBASE_AUTH_EMULATOR_HOST points at a running Auth emulator (start.ts starts one);
// otherwise its calls answer 503.
import { listenSandbox } from './serve.js';

const running = await listenSandbox();

function shutdown(): void {
  void running.stop().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
