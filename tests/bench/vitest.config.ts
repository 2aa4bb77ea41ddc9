/**
 * Checks of the built files (`npm run test:dist`, run by `npm test` after the build): size
 * budgets from dist/, the custom-elements manifest and the shipped TypeScript declarations; and
 * how the bench reports a ratio. Never timings: those are printed by `npm run bench`, not asserted.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname + '/../..',
    include: ['tests/bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
