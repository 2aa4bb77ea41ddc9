// @vitest-environment node
// How the sandbox's files depend on each other. No file reaches itself again through its imports (type-only imports
// count too), and no feature reaches itself through other features (checkout sells for credits, memberships and
// donations, which are given to it: app.ts); core/ never imports a feature or the seed (its tests may start a whole
// sandbox), and nothing but tests imports the build's tools/; and only routes speak HTTP: in features/ and seed/, no
// file but a routes.ts uses the http layer, and routes leave SQL to the rules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The project's files a file imports (relative specifiers), as paths relative to sandbox/ ('../tools/…' outside it). */
function relativeImports(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm),
  ]
    .map((m) => m[1] ?? m[2]!)
    .filter((s) => s.startsWith('.'));
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s.replace(/\.js$/, '.ts'))));
}

/** The sandbox files a file imports (relative specifiers that stay inside sandbox/), as paths relative to it. */
export function importsOf(file: string, text: string): string[] {
  return relativeImports(file, text).filter((p) => !p.startsWith('..'));
}

/** The graph with each feature's files taken as one node (`features/<name>`), its own imports left out. */
export function byFeature(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const unit = (file: string) => /^features\/[^/]+/.exec(file)?.[0] ?? file;
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unit(file);
    const to = units.get(from) ?? new Set<string>();
    for (const target of targets) if (unit(target) !== from) to.add(unit(target));
    units.set(from, to);
  }
  return new Map([...units].map(([from, to]) => [from, [...to].sort()]));
}

/** Every import cycle of the graph, each as the files along it (first file repeated at the end). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

const texts = new Map(sourceFiles(ROOT).map((file) => [relative(ROOT, file), readFileSync(file, 'utf8')] as const));
const graph = new Map([...texts].map(([file, text]) => [file, importsOf(join(ROOT, file), text)] as const));
const HTTP_LAYER = ['core/http.ts', 'core/session.ts'];
const isRule = (file: string) =>
  /^(features|seed)\//.test(file) && !file.endsWith('/routes.ts') && !file.endsWith('.test.ts');

describe('imports', () => {
  it('finds cycles, including ones through type-only imports', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importsOf(
        join(ROOT, 'features/x/routes.ts'),
        "import type { Db } from '../../core/db.js';\nimport { z } from 'zod';",
      ),
    ).toEqual(['core/db.ts']);
  });

  it('reads every import of the sandbox', () => {
    expect(graph.get('app.ts')).toContain('core/http.ts');
    expect([...graph.values()].flat().every((target) => graph.has(target))).toBe(true);
  });

  it('has no cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no cycle between features (tests aside)', () => {
    const sample = new Map([
      ['features/a/routes.ts', ['features/b/rules.ts']],
      ['features/b/rules.ts', ['features/b/other.ts']],
      ['features/b/other.ts', ['features/a/rules.ts']],
      ['features/a/rules.ts', []],
    ]);
    expect(cycles(byFeature(sample))).toEqual([['features/a', 'features/b', 'features/a']]);
    const shipped = new Map([...graph].filter(([file]) => !file.endsWith('.test.ts')));
    expect(cycles(byFeature(shipped)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('leaves the build to tools/: only tests import it', () => {
    const toTools = [...texts].flatMap(([file, text]) =>
      file.endsWith('.test.ts')
        ? []
        : relativeImports(join(ROOT, file), text)
            .filter((t) => t.startsWith('../tools/'))
            .map((t) => `${file} -> ${t}`),
    );
    expect(toTools).toEqual([]);
  });

  it('keeps core/ free of features and seed data', () => {
    const inward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('core/') && !file.endsWith('.test.ts')
        ? targets.filter((t) => !t.startsWith('core/')).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(inward).toEqual([]);
  });

  it('lets only routes speak HTTP', () => {
    const rulesUsingHttp = [...graph]
      .filter(([file, targets]) => isRule(file) && targets.some((t) => HTTP_LAYER.includes(t)))
      .map(([file]) => file);
    expect(rulesUsingHttp).toEqual([]);
    const routesWithSql = [...texts]
      .filter(([file, text]) => file.endsWith('/routes.ts') && /\.prepare\(/.test(text))
      .map(([file]) => file);
    expect(routesWithSql).toEqual([]);
    expect(isRule('features/credits/prices.ts') && !isRule('features/credits/routes.ts')).toBe(true);
  });
});
