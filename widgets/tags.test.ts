/**
 * The tag table (widgets/tags.ts) against everything that follows from it: the element modules
 * and the build's entries, the events of shared/events/events.ts, the attributes' parsing, the
 * reserved heights, and the files generated from it (custom-elements.json, the typings, the
 * README's sections), which must be what tools/custom-elements.ts writes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { checkedInFiles, projectTable, readEventTypes } from '../tools/custom-elements';
import { widgetEntries } from '../vite.config';
import { parseAttribute, propsFrom, reserveCss } from '../shared/ui/define';
import { events, sharedAttributes, tags, type TagProps } from './tags';

const dir = import.meta.dirname;
const root = join(dir, '..');
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

describe('the tag table', () => {
  it.each(Object.keys(tags))(
    '%s: its element module defines it from the table and exports the component for the loader',
    (tag) => {
      const name = tag.replace(/^sm-/, '');
      const source = read(`${name}/${name}.element.ts`);
      const defined = new RegExp(`defineWidget\\('${tag}', (\\w+), tags\\['${tag}'\\]\\);`).exec(source);
      expect(defined, `${name}.element.ts`).not.toBeNull();
      expect(source).toContain(`export default ${defined![1]};`);
      expect(widgetEntries[tag], 'vite.config.ts widgetEntries').toBe(`widgets/${name}/${name}.element.ts`);
    },
  );

  it('has an element module for every widget folder, and the build an entry for every tag', () => {
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `sm-${d.name}`);
    expect(folders.sort()).toEqual(Object.keys(tags).sort());
    expect(Object.keys(widgetEntries).sort()).toEqual(Object.keys(tags).sort());
  });

  it('lists exactly the events of shared/events/events.ts (SmEventMap), and each tag only those', () => {
    const declared = Object.keys(readEventTypes(readFileSync(join(root, 'shared/events/events.ts'), 'utf8')).types);
    expect(Object.keys(events).sort()).toEqual(declared.sort());
    for (const [tag, spec] of Object.entries(tags))
      for (const name of Object.keys(spec.events)) expect(declared, tag).toContain(name);
  });

  it("shows each event's detail with the fields of its type in SmEventMap", () => {
    const file = join(root, 'shared/events/events.ts');
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file)!;
    const map = source.statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'SmEventMap',
    )!;
    const fieldsOf = (text: string) =>
      [...text.replace(/'[^']*'/g, '').matchAll(/([A-Za-z]\w*)\s*(?=[:,}])/g)].map((m) => m[1]).sort();
    for (const member of checker.getTypeAtLocation(map).getProperties()) {
      const detail = checker.getTypeOfSymbolAtLocation(member, map).getProperty('detail')!;
      const fields = checker
        .getTypeOfSymbolAtLocation(detail, map)
        .getProperties()
        .map((p) => p.name)
        .sort();
      expect(fieldsOf(events[member.name as keyof typeof events].detail), member.name).toEqual(fields);
    }
  });

  it('gives every tag the shared attributes', () => {
    for (const spec of Object.values(tags))
      for (const [name, attribute] of Object.entries(sharedAttributes))
        expect(spec.attributes).toHaveProperty([name], attribute);
  });

  it('is the one place for the reserved heights: no widget style sets a larger :host min-height', () => {
    for (const [tag, spec] of Object.entries(tags)) {
      const name = tag.replace(/^sm-/, '');
      const files = readdirSync(join(dir, name)).filter((f) => /\.(styles\.ts|tsx)$/.test(f) && !f.includes('.test.'));
      for (const file of files) {
        for (const match of read(`${name}/${file}`).matchAll(/:host\s*\{[^}]*min-height:\s*(\d+)px/g)) {
          // The table's sheet comes later in the shadow root and wins; a larger value here would be dead code.
          expect(Number(match[1]), `${name}/${file}`).toBeLessThanOrEqual(spec.height);
        }
      }
    }
  });

  it('turns heights into a :host sheet, per view where one differs', () => {
    expect(reserveCss(tags['sm-subscribe'])).toContain(':host{display:block;min-height:475px}');
    expect(reserveCss(tags['sm-subscribe'])).toContain(':host([view="manage"]){min-height:0px}');
    expect(reserveCss(tags['sm-login'])).toContain(':host([view="register"]){min-height:446px}');
    expect(reserveCss(tags['sm-login'])).not.toContain('view="verify-email"');
    expect(reserveCss(tags['sm-newsletter'])).toBe(
      ':host{display:block;min-height:274px}:host([hidden]){display:none}',
    );
  });

  it('types each component from its attributes', () => {
    expectTypeOf<TagProps<'sm-topup'>>().toEqualTypeOf<{
      view: 'topup' | 'checkout' | 'success';
      returnTo: 'page' | 'portal';
      apiBase?: string;
      portal?: string;
    }>();
    expectTypeOf<TagProps<'sm-donate'>>().toEqualTypeOf<{
      view: 'donate' | 'missions' | 'success';
      list: 'home' | 'all' | 'public';
      returnTo: 'page' | 'portal';
      mission?: string | null;
      apiBase?: string;
      portal?: string;
    }>();
    expectTypeOf<TagProps<'sm-history'>>().toEqualTypeOf<{
      tab: 'credit' | 'content' | 'donations';
      apiBase?: string;
      portal?: string;
    }>();
    expectTypeOf<TagProps<'sm-newsletter'>>().toEqualTypeOf<{ apiBase?: string; portal?: string }>();
    // The same props at run time: a bad or missing value is the default; theme and language stay with the element.
    expect(
      propsFrom('sm-donate', tags['sm-donate'], { view: 'missions', list: 'everything', mission: '2', theme: 'dark' }),
    ).toEqual({
      view: 'missions',
      list: 'all',
      mission: '2',
      returnTo: 'page',
      apiBase: undefined,
      portal: undefined,
    });
    expect(propsFrom('sm-history', tags['sm-history'], {})).toEqual({
      tab: 'credit',
      apiBase: undefined,
      portal: undefined,
    });
    // Addresses arrive checked and without their trailing slash; a mission of another form arrives as null.
    expect(
      propsFrom('sm-donate', tags['sm-donate'], {
        mission: 'two',
        apiBase: 'https://api.example.org/',
        portal: 'ftp://portal.example.org',
      }),
    ).toEqual({
      view: 'donate',
      list: 'all',
      mission: null,
      returnTo: 'page',
      apiBase: 'https://api.example.org',
      portal: undefined,
    });
  });

  it("reads a mission id as the portal's donation page does", () => {
    const mission = (raw: string | null) =>
      parseAttribute('sm-donate', 'mission', tags['sm-donate'].attributes.mission, raw);
    for (const good of ['2', '02', '123456789']) expect(mission(good), good).toEqual({ value: good, problem: null });
    for (const left of [null, '']) expect(mission(left)).toEqual({ value: undefined, problem: null });
    for (const bad of ['two', '0', '000', '-2', '2.5', ' 2', '1234567890', '2\n']) {
      expect(mission(bad), bad).toEqual({
        value: null,
        problem: `[sm-donate] Ignoring mission="${bad}": give a mission id, such as mission="2".`,
      });
    }
  });
});

describe('the attributes every tag shares', () => {
  const check = (tag: string, name: keyof typeof sharedAttributes, value: string | null) =>
    parseAttribute(tag, name, sharedAttributes[name], value).problem;

  it('accepts light, dark, our languages (by any of their names) and no value', () => {
    for (const [name, value] of [
      ['theme', 'light'],
      ['theme', 'dark'],
      ['theme', null],
      ['theme', ''],
      ['language', 'en'],
      ['language', 'EN-gb'],
      ['language', 'es-MX'],
      ['language', 'zh-CN'],
      ['language', 'tl'],
      ['language', 'en-XA'],
      ['language', null],
      ['api-base', 'https://api.example.org'],
      ['api-base', null],
      ['portal', 'http://localhost:5173/#/'],
    ] as const) {
      expect(check('sm-x', name, value), `${name}=${String(value)}`).toBeNull();
    }
  });

  it('explains a bad value and says what is shown instead', () => {
    expect(check('sm-donate', 'theme', 'Dark')).toBe(
      `[sm-donate] Unknown theme="Dark". Use theme="light" or theme="dark", or leave it out to follow the system's colour scheme (used meanwhile).`,
    );
    expect(check('sm-survey', 'language', 'fr')).toBe(
      '[sm-survey] language="fr" is not available: only "en", "fil", "zh-Hans", "es" exist for now. Showing English.',
    );
    expect(check('sm-survey', 'language', 'zh-TW')).toMatch(/not available/);
    expect(check('sm-survey', 'language', 'eng')).toMatch(/not available/);
    // Not an http(s) address (a relative one has no page to be read against here): the widget uses its default.
    for (const [name, value] of [
      ['api-base', 'ftp://api.example.org'],
      ['api-base', 'javascript:alert(1)'],
      ['api-base', 'api'],
      ['portal', 'https://'],
    ] as const) {
      expect(parseAttribute('sm-donate', name, sharedAttributes[name], value), `${name}=${value}`).toEqual({
        value: undefined,
        problem: `[sm] Ignoring ${name}="${value}": give an absolute http(s) URL such as https://portal.example.org.`,
      });
    }
  });

  it("explains a view that is not one of the tag's", () => {
    expect(parseAttribute('sm-topup', 'view', tags['sm-topup'].attributes.view, 'x')).toEqual({
      value: 'topup',
      problem: '[sm-topup] Unknown view="x". Use one of: topup, checkout, success. Showing "topup".',
    });
    // Names of Object.prototype are not values either.
    expect(parseAttribute('sm-history', 'tab', tags['sm-history'].attributes.tab, 'constructor').value).toBe('credit');
  });
});

describe('the generated files', () => {
  it.each(checkedInFiles(root, projectTable))(
    '%s is what tools/custom-elements.ts writes from the table (run `npx tsx tools/custom-elements.ts`)',
    (path, content) => {
      expect(readFileSync(join(root, path), 'utf8')).toBe(content);
    },
  );
});
