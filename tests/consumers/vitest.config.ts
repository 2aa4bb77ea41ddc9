/**
 * The package tried from outside (`npm run test:consumers`, run by `npm test` after the build):
 * packed, checked by publint and attw, installed into tests/consumers/react-app and html-page.
 */
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from '../../tools/messages';

export default defineConfig({
  // The sandbox the consumers talk to runs in this process: its shared code imports the compiled messages.
  plugins: [messagesPlugin()],
  test: {
    root: import.meta.dirname + '/../..',
    include: ['tests/consumers/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
