/**
 * The public API files the build writes from the tag table (widgets/tags.ts):
 * dist/custom-elements.json (the same as the checked-in one in the project root) and
 * dist/widgets/sm-widgets.d.ts (the DOM's, free of React) and sm-widgets-react.d.ts (React's JSX,
 * on the DOM's), which must type-check for a DOM consumer and a React consumer (good uses
 * compile, wrong attribute values and event details do not). This checks against the
 * project's @types/react (18.3, the React the widgets bundle); tests/consumers checks an app on
 * React 19 with its own types.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { tags } from '../../widgets/tags';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');

interface Declaration {
  tagName: string;
  summary: string;
  attributes: { name: string; type: { text: string }; default?: string }[];
  events: { name: string; type: { text: string } }[];
  cssParts: { name: string }[];
  cssProperties: { name: string; default?: string }[];
}
interface Manifest {
  schemaVersion: string;
  modules: { path: string; declarations: Declaration[]; exports: { kind: string; name: string }[] }[];
}

describe('custom-elements.json', () => {
  const text = readFileSync(join(dist, 'custom-elements.json'), 'utf8');
  const manifest = JSON.parse(text) as Manifest;
  const declarations = manifest.modules.flatMap((m) => m.declarations);

  it('is in dist/ the same as the checked-in one in the project root', () => {
    expect(readFileSync(join(root, 'custom-elements.json'), 'utf8')).toBe(text);
    expect(manifest.schemaVersion).toBe('2.1.0');
  });

  it('describes every tag: its attributes, events, parts and custom properties', () => {
    expect(declarations.map((d) => d.tagName).sort()).toEqual(Object.keys(tags).sort());
    for (const d of declarations) {
      const spec = tags[d.tagName as keyof typeof tags];
      const attributes = d.attributes.map((a) => a.name);
      expect(attributes, d.tagName).toEqual(Object.keys(spec.attributes));
      expect(attributes, d.tagName).toEqual(expect.arrayContaining(['api-base', 'portal', 'theme', 'language']));
      expect(d.attributes.find((a) => a.name === 'theme')).toMatchObject({ type: { text: "'light' | 'dark'" } });
      expect(d.attributes.find((a) => a.name === 'theme')).not.toHaveProperty('default'); // left out, it follows the system
      expect(d.summary.length, d.tagName).toBeGreaterThan(10);
      expect(
        d.cssParts.map((p) => p.name),
        d.tagName,
      ).toContain('card');
      expect(
        d.cssProperties.map((p) => p.name),
        d.tagName,
      ).toEqual(expect.arrayContaining(['--sm-color-primary', '--sm-font-family', '--sm-radius', '--sm-space']));
      expect(
        d.events.map((e) => e.name),
        d.tagName,
      ).toContain('sm-signed-out');
      for (const e of d.events) expect(e.type.text, `${d.tagName} ${e.name}`).toMatch(/^CustomEvent</);
    }
    const loader = manifest.modules.find((m) => m.path === 'widgets/loader.js')!;
    expect(loader.exports.map((e) => e.name).sort()).toEqual(Object.keys(tags).sort());
  });

  it('gives each view attribute its values and default', () => {
    const attribute = (tag: string, name: string) =>
      declarations.find((d) => d.tagName === tag)!.attributes.find((a) => a.name === name)!;
    expect(attribute('sm-donate', 'view')).toMatchObject({
      type: { text: "'donate' | 'missions' | 'success'" },
      default: "'donate'",
    });
    expect(attribute('sm-donate', 'list')).toMatchObject({
      type: { text: "'home' | 'all' | 'public'" },
      default: "'all'",
    });
    expect(attribute('sm-history', 'tab')).toMatchObject({ default: "'credit'" });
    expect(attribute('sm-login', 'view').default).toBe("'login'");
  });

  it('lists the events each tag dispatches', () => {
    const events = (tag: string) => declarations.find((d) => d.tagName === tag)!.events.map((e) => e.name);
    expect(events('sm-login')).toEqual(expect.arrayContaining(['sm-signed-in', 'sm-registered']));
    expect(events('sm-topup')).toContain('sm-payment-completed');
    expect(events('sm-subscribe')).toContain('sm-payment-completed');
    expect(events('sm-donate')).toContain('sm-donation-completed');
    expect(events('sm-newsletter')).toContain('sm-newsletter-subscribed');
    expect(events('sm-survey')).toContain('sm-survey-done');
  });
});

describe('the built widgets', () => {
  it("carry the table's rules (heights, allowed values) but not its documentation", () => {
    const code = [
      join(dist, 'widgets/loader.js'),
      ...readdirSync(join(dist, 'assets'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dist, 'assets', f)),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(code).toContain('change-password-user');
    for (const spec of Object.values(tags)) {
      expect(code).not.toContain(spec.summary);
      for (const attribute of Object.values(spec.attributes)) expect(code).not.toContain(attribute.description);
    }
  });
});

describe('dist/widgets/sm-widgets.d.ts', () => {
  // Consumers live under node_modules/.cache so that 'react' resolves from the project.
  const dir = join(root, 'node_modules/.cache/sm-widgets-types');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function check(files: Record<string, string>): string[] {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const file of ['sm-widgets.d.ts', 'sm-widgets-react.d.ts'])
      writeFileSync(join(dir, file), readFileSync(join(dist, 'widgets', file)));
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    const program = ts.createProgram(
      Object.keys(files).map((f) => join(dir, f)),
      {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.ReactJSX,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        types: [],
      },
    );
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
  }

  it('exists, with the React entry beside it', () => {
    expect(existsSync(join(dist, 'widgets/sm-widgets.d.ts'))).toBe(true);
    expect(existsSync(join(dist, 'widgets/sm-widgets-react.d.ts'))).toBe(true);
    expect(readFileSync(join(dist, 'widgets/sm-widgets-react.js'), 'utf8')).toMatch(/^export \{\};$/m);
  });

  it('names nothing of React: a page without React type-checks with skipLibCheck off', () => {
    expect(readFileSync(join(dist, 'widgets/sm-widgets.d.ts'), 'utf8')).not.toMatch(
      /import\(['"]react['"]\)|from ['"]react['"]|declare module ['"]react['"]|namespace JSX/,
    );
  });

  it('types the tags for the DOM and for React JSX', () => {
    const errors = check({
      'dom.ts': `import type { SmDonateElement, SmEventMap } from './sm-widgets';
const donate = document.querySelector('sm-donate');
const same: SmDonateElement | null = donate;
if (donate) {
  donate.mission = '2';
  donate.view = 'missions';
  // @ts-expect-error: not a view of sm-donate
  donate.view = 'checkout';
  donate.addEventListener('sm-donation-completed', (event) => event.detail.amount.toFixed(2));
}
document.createElement('sm-login').view = 'register';
document.addEventListener('sm-signed-out', (event) => {
  const reason: 'logout' | 'expired' | 'other-tab' = event.detail.reason;
  return reason;
});
document.querySelector('sm-newsletter')?.addEventListener('sm-newsletter-subscribed', (event) => {
  // @ts-expect-error: the detail has an email, not an amount
  event.detail.amount;
  return event.detail.email.toLowerCase();
});
const completed: SmEventMap['sm-payment-completed']['detail']['kind'] = 'credit';
export { same, completed };
`,
      'app.tsx': `import './sm-widgets-react';
export function Page() {
  return (
    <main>
      <sm-donate mission="2" api-base="https://api.example.org" theme="dark" onsm-donation-completed={(event) => event.detail.sessionId} />
      <sm-login view="register" portal="https://portal.example.org/" onsm-signed-in={(event) => event.detail.name} />
      <sm-history tab="donations" language="en" />
      <sm-survey onsm-survey-done={(event) => event.detail.answered.toFixed()} />
      <sm-newsletter className="footer-newsletter" />
      <sm-topup view="topup" />
      <sm-subscribe view="manage" onsm-close={() => undefined} />
      {/* @ts-expect-error: theme is light or dark */}
      <sm-newsletter theme="purple" />
      {/* @ts-expect-error: not a view of sm-topup */}
      <sm-topup view="donate" />
    </main>
  );
}
`,
    });
    expect(errors).toEqual([]);
  });
});
