/** Unit tests (vitest): *.test.ts(x) next to the code, in node or happy-dom. Browser suites (*.browser.test.ts) run in web-test-runner. */
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './tools/messages';

export default defineConfig({
  plugins: [messagesPlugin()],
  test: {
    include: [
      'shared/**/*.test.{ts,tsx}',
      'widgets/**/*.test.{ts,tsx}',
      'host/**/*.test.{ts,tsx}',
      'sandbox/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    exclude: ['**/*.browser.test.{ts,tsx}', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 20_000,
    restoreMocks: true,
  },
});
