/**
 * End-to-end suites: whole user flows in Debian's Chromium (playwright-core) against the
 * built portal and the sandbox, started once for the run on a free port with a fresh database.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname + '/../..',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The Firebase Auth emulator takes 10-15 s to start with the sandbox.
    teardownTimeout: 30_000,
  },
});
