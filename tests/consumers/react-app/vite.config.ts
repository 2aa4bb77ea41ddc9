// The consumer's own build: Vite compiles the TSX (tsconfig's "jsx": "react-jsx") and bundles the
// package's per-tag module with the app.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true },
});
