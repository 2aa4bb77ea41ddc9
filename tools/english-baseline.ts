/**
 * Records what an English reader's first load of each tag weighed before the message catalogues
 * came in, so the size budgets can hold the catalogues' cost for English readers to at most 1 KiB
 * brotli per tag (tests/bench/budgets.test.ts) and the bench can print before and after.
 *
 * `npm run bench:baseline` builds the commit just before the catalogues in a temporary git
 * worktree (with this checkout's node_modules linked in), measures each tag's first load until it
 * is hydrated (loader, markup file and the tag's code, each file brotli 11 on its own: `hydrated`
 * in tests/bench/sizes.ts) and writes tests/bench/english-baseline.json. Run it again only when
 * the way sizes are measured changes; the JSON is committed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EnglishBaseline } from '../tests/bench/english';
import { measureEntries } from '../tests/bench/sizes';

/** The last commit before the catalogues: every text was English and written in the code. */
const BEFORE_CATALOGUES = '55c632f';
const root = resolve(import.meta.dirname, '..');
const out = join(root, 'tests/bench/english-baseline.json');

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
  return result.stdout;
}

const commit = run('git', ['rev-parse', `${BEFORE_CATALOGUES}^{commit}`], root).trim();
const work = join(mkdtempSync(join(tmpdir(), 'sm-english-baseline-')), 'checkout');
run('git', ['worktree', 'add', '--detach', work, commit], root);
try {
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
  console.log(`Building ${commit.slice(0, 7)} in ${work}...`);
  run('npx', ['vite', 'build', '--logLevel', 'warn'], work);
  run('npx', ['tsx', 'tools/prerender.tsx'], work);
  const tags = Object.fromEntries(measureEntries(join(work, 'dist')).map((e) => [e.tag, e.hydrated.brotli]));
  const baseline: EnglishBaseline = { commit, measured: new Date().toISOString().slice(0, 10), tags };
  writeFileSync(out, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`Wrote ${out}:`, tags);
} finally {
  // The link first, on its own: nothing below may reach into this checkout's node_modules.
  rmSync(join(work, 'node_modules'), { force: true });
  run('git', ['worktree', 'remove', '--force', work], root);
  rmSync(join(work, '..'), { recursive: true, force: true });
}
