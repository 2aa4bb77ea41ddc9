/**
 * Where the build writes: dist/ at the project root, or the folder SM_OUT_DIR names (relative to the
 * project root, or absolute). A second build, such as the production shape's (sandbox/production.ts,
 * built for another API host), then never overwrites the dist/ that `npm start` and the tests use.
 */
import { resolve } from 'node:path';

export const OUT_DIR = resolve(import.meta.dirname, '..', process.env.SM_OUT_DIR || 'dist');
