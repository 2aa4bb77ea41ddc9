// The sandbox as the bench starts it (serve.ts): as `sandbox/server.ts`, but serving the portal from the folder the build
// wrote (SM_OUT_DIR, else dist/: tools/out-dir.ts), the same folder the bench's CDN serves the tags' files from.
import { listenSandbox } from '../../sandbox/serve';
import { OUT_DIR } from '../../tools/out-dir';

const running = await listenSandbox({ distDir: OUT_DIR });

function shutdown(): void {
  void running.stop().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
