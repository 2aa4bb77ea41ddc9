/**
 * Semantic versioning of what embedders use: custom-elements.json and package.json's entry points
 * compared with those of the last release (tests/consumers/released/<version>/). Removing or
 * renaming a tag, an attribute, an allowed value, an event, a part, a custom property or an entry
 * point fails unless package.json's major version is above the release's. Additions are free. At
 * a release, copy custom-elements.json and the entry points into released/<new version>/ (see
 * CHANGELOG.md).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

interface Manifest {
  modules: {
    path: string;
    declarations: {
      tagName?: string;
      attributes?: { name: string; type?: { text: string } }[];
      events?: { name: string }[];
      cssParts?: { name: string }[];
      cssProperties?: { name: string }[];
    }[];
  }[];
}

/** Everything a page may rely on, one line each (e.g. "<sm-donate> view=missions"). */
export function surface(manifest: Manifest): Set<string> {
  const out = new Set<string>();
  for (const module of manifest.modules) {
    for (const d of module.declarations) {
      if (!d.tagName) continue;
      const tag = `<${d.tagName}>`;
      out.add(tag);
      for (const a of d.attributes ?? []) {
        out.add(`${tag} ${a.name}`);
        for (const [, value] of (a.type?.text ?? '').matchAll(/'([^']*)'/g)) out.add(`${tag} ${a.name}=${value}`);
      }
      for (const e of d.events ?? []) out.add(`${tag} event ${e.name}`);
      for (const p of d.cssParts ?? []) out.add(`${tag} ::part(${p.name})`);
      for (const p of d.cssProperties ?? []) out.add(`${tag} ${p.name}`);
    }
  }
  return out;
}

/** What the released manifest offered that the current one does not. */
export function removed(released: Manifest, current: Manifest): string[] {
  const now = surface(current);
  return [...surface(released)].filter((item) => !now.has(item));
}

const major = (version: string) => Number(version.split('.')[0]);
const byVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x!.map((n, i) => n - y![i]!).find((d) => d !== 0) ?? 0;
};

const releasedDir = join(import.meta.dirname, 'released');
const lastRelease = readdirSync(releasedDir)
  .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
  .sort(byVersion)
  .at(-1)!;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const released = read(join(releasedDir, lastRelease, 'custom-elements.json'));
const current = read(join(root, 'custom-elements.json'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, unknown>;
};
const version = pkg.version;
const releasedEntryPoints = JSON.parse(
  readFileSync(join(releasedDir, lastRelease, 'entry-points.json'), 'utf8'),
) as string[];

describe(`custom-elements.json against release ${lastRelease}`, () => {
  it('package.json is at or after the last release', () => {
    expect(byVersion(version, lastRelease)).toBeGreaterThanOrEqual(0);
  });

  it('removes or renames nothing a page may use, unless the major version went up', () => {
    const gone = removed(released, current);
    if (major(version) > major(lastRelease)) return;
    expect(
      gone,
      `Removed since ${lastRelease} (a breaking change: bump package.json to ${major(lastRelease) + 1}.0.0 and say so in CHANGELOG.md):`,
    ).toEqual([]);
  });

  it('keeps every entry point of the release, unless the major version went up', () => {
    const gone = releasedEntryPoints.filter((entry) => !(entry in pkg.exports));
    if (major(version) > major(lastRelease)) return;
    expect(gone, `Entry points removed since ${lastRelease} (a breaking change):`).toEqual([]);
  });

  it('would notice a renamed attribute, a removed allowed value, event, part or custom property', () => {
    const changed = structuredClone(released);
    const donate = changed.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'sm-donate')!;
    donate.attributes = donate.attributes!.map((a) =>
      a.name === 'mission'
        ? { ...a, name: 'mission-id' }
        : a.name === 'list'
          ? { ...a, type: { text: "'all' | 'public'" } }
          : a,
    );
    donate.events = donate.events!.filter((e) => e.name !== 'sm-donation-completed');
    donate.cssParts = donate.cssParts!.filter((p) => p.name !== 'slider');
    donate.cssProperties = donate.cssProperties!.filter((p) => p.name !== '--sm-radius');
    expect(removed(released, changed).sort()).toEqual(
      [
        '<sm-donate> ::part(slider)',
        '<sm-donate> --sm-radius',
        '<sm-donate> event sm-donation-completed',
        '<sm-donate> list=home',
        '<sm-donate> mission',
      ].sort(),
    );
    // Additions are not breaking.
    expect(removed(changed, released)).toEqual(['<sm-donate> mission-id']);
  });
});
