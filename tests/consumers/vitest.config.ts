/**
 * The package tried from outside (`npm run test:consumers`, run by `npm test` after the build):
 * packed, checked by publint and attw, installed into tests/consumers/react-app and html-page.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
