/**
 * The tag table (widgets/tags.ts) against the code that uses it: every tag has its element
 * module and a loader entry, the reserved heights live only in the table, and the attributes all
 * tags share are checked in one place (shared/ui/define.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSharedAttribute, reserveCss } from '../shared/ui/define';
import { tags } from './tags';

const dir = import.meta.dirname;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

describe('the tag table', () => {
  it.each(Object.keys(tags))('%s: its element module defines it from the table and exports the component for the loader', (tag) => {
    const name = tag.replace(/^sm-/, '');
    const source = read(`${name}/${name}.element.ts`);
    expect(source).toMatch(new RegExp(`defineWidget<\\w+>\\('${tag}', (\\w+), tags\\['${tag}'\\]\\);`));
    const component = /defineWidget<\w+>\('[^']+', (\w+),/.exec(source)![1];
    expect(source).toContain(`export { ${component} };`);
    expect(read('loader.ts')).toContain(`'${tag}': () => import('./${name}/${name}.element').then((m) => ({ default: m.${component} }))`);
  });

  it('has an element module for every widget folder', () => {
    const folders = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `sm-${d.name}`);
    expect(folders.sort()).toEqual(Object.keys(tags).sort());
  });

  it('is the one place for the reserved heights: no widget style sets a larger :host min-height', () => {
    for (const [tag, spec] of Object.entries(tags)) {
      const name = tag.replace(/^sm-/, '');
      const files = readdirSync(join(dir, name)).filter((f) => /\.(styles\.ts|tsx)$/.test(f) && !f.includes('.test.'));
      for (const file of files) {
        for (const match of read(`${name}/${file}`).matchAll(/:host\s*\{[^}]*min-height:\s*(\d+)px/g)) {
          // The table's sheet comes later in the shadow root and wins; a larger value here would be dead code.
          expect(Number(match[1]), `${name}/${file}`).toBeLessThanOrEqual(spec.minHeight);
        }
      }
    }
  });

  it('turns heights into a :host sheet', () => {
    expect(reserveCss(tags['sm-subscribe'])).toContain(':host{display:block;min-height:475px}');
    expect(reserveCss(tags['sm-subscribe'])).toContain(':host([view="manage"]){min-height:0px}');
    expect(reserveCss({})).toBe(':host{display:block;min-height:0px}:host([hidden]){display:none}');
  });
});

describe('the attributes every tag shares', () => {
  it('accepts light, dark, English and no value', () => {
    for (const [name, value] of [['theme', 'light'], ['theme', 'dark'], ['theme', null], ['theme', ''], ['language', 'en'], ['language', 'EN-gb'], ['language', null], ['view', 'anything']] as const) {
      expect(checkSharedAttribute('sm-x', name, value), `${name}=${String(value)}`).toBeNull();
    }
  });

  it('explains a bad value and says what is shown instead', () => {
    expect(checkSharedAttribute('sm-donate', 'theme', 'Dark')).toBe(
      `[sm-donate] Unknown theme="Dark". Use theme="light" or theme="dark", or leave it out to follow the system's colour scheme (used meanwhile).`,
    );
    expect(checkSharedAttribute('sm-survey', 'language', 'fr')).toBe('[sm-survey] language="fr" is not available: only "en" exists for now. Showing English.');
    expect(checkSharedAttribute('sm-survey', 'language', 'eng')).toMatch(/not available/);
  });
});
