/**
 * Writes the public description of the sm-* tags from the tag table (widgets/tags.ts), the
 * theme's defaults (shared/ui/styles.ts) and the event types (shared/events/events.ts):
 *
 * - custom-elements.json (schema 2.1.0), in the project root and in dist/;
 * - the tag typings: the tags in the DOM's HTMLElementTagNameMap and in React 19's
 *   JSX.IntrinsicElements (attributes with their allowed values, on<event> listeners) as
 *   widgets/elements.generated.d.ts for this project; for embedders, the DOM's as
 *   dist/widgets/sm-widgets.d.ts (with the event types written in, and nothing of React, so a
 *   page without React type-checks with skipLibCheck off) and React's as
 *   dist/widgets/sm-widgets-react.d.ts (the package's sm-portal-widgets/react entry);
 * - the README's generated sections: the attributes every tag takes, the events, and one
 *   section per tag.
 *
 * `npx tsx tools/custom-elements.ts` writes the checked-in files (the root manifest, the
 * project's typings, README.md); the build writes the dist/ files (the Vite plugin at the end);
 * widgets/tags.test.ts fails while a checked-in file differs from what this would write.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import type { AttributeSpec, Choice, ElementSpec } from '../shared/ui/define';
import { propName } from '../shared/ui/prop-name';
import {
  events,
  sharedAttributes,
  tags,
  type DocumentedAttribute,
  type EventSpec,
  type TagSpec,
} from '../widgets/tags';

/** The table as the generator reads it: tag -> spec, plus every event's spec and the attributes all tags share. */
export interface Table {
  tags: Readonly<Record<string, TagSpec>>;
  events: Readonly<Record<string, EventSpec>>;
  sharedAttributes: Readonly<Record<string, DocumentedAttribute>>;
}

/** This project's table. */
export const projectTable: Table = { tags, events, sharedAttributes };

/** The files written into the project, relative to its root. */
export const CHECKED_IN = {
  manifest: 'custom-elements.json',
  typings: 'widgets/elements.generated.d.ts',
  readme: 'README.md',
} as const;

/** sm-donate -> SmDonate: the start of the tag's type names. */
const typeName = (tag: string) => propName(`-${tag}`);
const className = (tag: string) => `${typeName(tag)}Element`;
const attributesName = (tag: string) => `${typeName(tag)}Attributes`;
const code = (s: string) => `\`${s}\``;

const valuesOf = (a: AttributeSpec): string[] | null => (a.type === 'enum' ? Object.keys(a.values) : null);
const typeText = (a: AttributeSpec) =>
  valuesOf(a)
    ?.map((v) => `'${v}'`)
    .join(' | ') ?? 'string';
const defaultOf = (a: AttributeSpec): string | null => (a.type === 'enum' ? (a.default ?? null) : null);

/** An attribute's description with its values, its default and what a bad value does. */
export function attributeText(a: DocumentedAttribute): string {
  if (a.type !== 'enum' || a.default === undefined) return a.description;
  const values = Object.entries(a.values).map(([v, c]) => (c.description ? `${v} (${c.description})` : v));
  return `${a.description} One of: ${values.join(', ')}. Default ${a.default}; another value warns in the console and shows ${a.default}.`;
}

/** What a tag dispatches: its events with where and when, and whether every tag does it. */
function eventsOf(table: Table, tag: string) {
  const all = Object.values(table.tags);
  return Object.entries(table.tags[tag]!.events).map(([name, when]) => {
    const spec = table.events[name];
    if (!spec) throw new Error(`widgets/tags.ts: ${tag} lists ${name}, which is not in the events table`);
    const onDocument = spec.target === 'document';
    const text = `${onDocument ? '(on the document) ' : ''}${when} detail: ${spec.detail}${spec.cancelable ? '; cancelable' : ''}.`;
    return { name, when: when as string, spec, onDocument, text, everyTag: all.every((t) => name in t.events) };
  });
}

/** Every --sm-* custom property of the base styles' first :host block, with its (light) default. */
export function themeDefaults(stylesSource: string): Map<string, string> {
  const host = /:host\s*\{([^}]*)\}/.exec(stylesSource);
  // Each is read into an --_sm-* property with its default as the fallback: --_sm-radius: var(--sm-radius, 10px);
  return new Map(
    [...(host?.[1] ?? '').matchAll(/--_sm-[a-z0-9-]+\s*:\s*var\((--sm-[a-z0-9-]+),\s*([^;]+)\);/g)].map((m) => [
      m[1]!,
      m[2]!.trim(),
    ]),
  );
}

/** The custom-elements.json manifest (schema 2.1.0): one module per built tag file, plus the loader. */
export function buildManifest(table: Table, defaults: Map<string, string>, eventTypes: Record<string, string>): object {
  const modules = Object.entries(table.tags).map(([tag, spec]) => {
    const path = `widgets/${tag}.js`;
    const attributes = Object.entries(spec.attributes);
    for (const name of Object.keys(spec.cssProperties))
      if (!defaults.has(name))
        throw new Error(`widgets/tags.ts: ${tag} lists ${name}, which shared/ui/styles.ts does not define`);
    for (const name of defaults.keys())
      if (!(name in spec.cssProperties))
        throw new Error(`widgets/tags.ts: ${tag} does not list ${name} (shared/ui/styles.ts defines it)`);
    return {
      kind: 'javascript-module',
      path,
      declarations: [
        {
          kind: 'class',
          name: className(tag),
          tagName: tag,
          customElement: true,
          summary: spec.summary,
          superclass: { name: 'HTMLElement' },
          attributes: attributes.map(([name, a]) => ({
            name,
            description: attributeText(a),
            type: { text: typeText(a) },
            ...(defaultOf(a) ? { default: `'${defaultOf(a)}'` } : {}),
            ...(a.prop !== false ? { fieldName: propName(name) } : {}),
          })),
          members: attributes
            .filter(([, a]) => a.prop !== false)
            .map(([name, a]) => ({
              kind: 'field',
              name: propName(name),
              type: { text: `${typeText(a)} | undefined` },
              attribute: name,
              reflects: false,
              description: attributeText(a),
            })),
          events: eventsOf(table, tag).map((e) => ({
            name: e.name,
            description: e.text,
            type: { text: eventTypes[e.name] ?? 'CustomEvent' },
          })),
          cssParts: Object.entries(spec.parts).map(([name, description]) => ({ name, description })),
          cssProperties: Object.entries(spec.cssProperties).map(([name, description]) => ({
            name,
            description,
            default: defaults.get(name),
          })),
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: tag, declaration: { name: className(tag), module: path } },
        { kind: 'js', name: className(tag), declaration: { name: className(tag), module: path } },
      ],
    };
  });
  const loader = {
    kind: 'javascript-module',
    path: 'widgets/loader.js',
    description:
      "Defines every sm-* tag at once; fetches a tag's code (its module below) when one of its elements is connected.",
    declarations: [],
    exports: Object.keys(table.tags).map((tag) => ({
      kind: 'custom-element-definition',
      name: tag,
      declaration: { name: className(tag), module: `widgets/${tag}.js` },
    })),
  };
  return { schemaVersion: '2.1.0', readme: 'README.md', modules: [loader, ...modules] };
}

/** The event types of shared/events/events.ts: its exported interfaces and type aliases as declarations, and each event's type. */
export function readEventTypes(eventsSource: string): { declarations: string; types: Record<string, string> } {
  const file = ts.createSourceFile('events.ts', eventsSource, ts.ScriptTarget.ES2022, true);
  const declarations: string[] = [];
  const types: Record<string, string> = {};
  for (const statement of file.statements) {
    const exported = ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && exported) {
      declarations.push(statement.getText(file));
      if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'SmEventMap') {
        for (const member of statement.members) {
          if (ts.isPropertySignature(member) && member.type && ts.isStringLiteral(member.name))
            types[member.name.text] = member.type.getText(file);
        }
      }
    }
  }
  if (Object.keys(types).length === 0) throw new Error('shared/events/events.ts: SmEventMap not found');
  return { declarations: declarations.join('\n\n'), types };
}

const comment = (text: string) => `/** ${text.replace(/\*\//g, '* /')} */`;

/** The embedders' React typings, beside the DOM's (dist/widgets/). */
export const REACT_TYPINGS = 'sm-widgets-react';

/**
 * The tag typings. For the project (`standalone` false) the event types come from
 * shared/events/events.ts, and React's JSX types follow in the same file; for embedders the event
 * types are written in, with the global event map, and React's are left to renderReactTypings.
 */
export function renderTypings(table: Table, eventTypes: { declarations: string }, standalone: boolean): string {
  const out: string[] = [];
  out.push(`/**
 * Types for the sm-* custom elements, generated from widgets/tags.ts by tools/custom-elements.ts: do not edit.
 *${
   standalone
     ? `
 * Use: copy next to your sources, or reference it: /// <reference path="./sm-widgets.d.ts" />`
     : ''
 }
 * - DOM: document.querySelector('sm-donate') is an SmDonateElement; addEventListener('sm-donation-completed', e => e.detail.amount) is typed.
${
  standalone
    ? ` * - React 19 JSX: in ${REACT_TYPINGS}.d.ts (import 'sm-portal-widgets/react'), apart, so that this file needs no React.`
    : ' * - React 19: <sm-donate mission="2" onsm-donation-completed={(e) => …} /> is typed (needs @types/react 19).'
}
 */
`);
  if (standalone) out.push('// Events (from shared/events/events.ts)\n', eventTypes.declarations, '');
  else out.push("import type { SmEventMap } from '../shared/events/events';", '');
  const members = (attributes: [string, DocumentedAttribute][]) =>
    attributes.flatMap(([name, a]) => [`  ${comment(attributeText(a))}`, `  '${name}'?: ${typeText(a)};`]);
  const attributesOnly = [
    ...new Set(
      Object.values(table.tags).flatMap((spec) =>
        Object.entries(spec.attributes)
          .filter(([, a]) => a.prop === false)
          .map(([name]) => `'${name}'`),
      ),
    ),
  ];
  out.push(
    '/** Attributes every sm-* tag takes. */',
    'export interface SmSharedAttributes {',
    ...members(Object.entries(table.sharedAttributes)),
    '}',
    '',
    "/** An element's properties: its attributes (but those read only as attributes) under their camelCase names. */",
    `type SmProperties<A> = { [K in keyof A as K extends ${attributesOnly.join(' | ') || 'never'} ? never : SmCamelCase<K & string>]: A[K] };`,
    'type SmCamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<SmCamelCase<Tail>>}` : S;',
    '',
  );
  for (const [tag, spec] of Object.entries(table.tags)) {
    for (const name of Object.keys(table.sharedAttributes))
      if (!(name in spec.attributes))
        throw new Error(`widgets/tags.ts: ${tag} does not take the shared attribute ${name}`);
    const own = Object.entries(spec.attributes).filter(([name]) => !(name in table.sharedAttributes));
    out.push(
      `/** Attributes of <${tag}>. */`,
      `export interface ${attributesName(tag)} extends SmSharedAttributes {`,
      ...members(own),
      '}',
      `${comment(`<${tag}>: ${spec.summary} Its events are typed for every element through GlobalEventHandlersEventMap.`)}`,
      `export interface ${className(tag)} extends HTMLElement, SmProperties<${attributesName(tag)}> {}`,
      '',
    );
  }
  out.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const tag of Object.keys(table.tags)) out.push(`    '${tag}': ${className(tag)};`);
  out.push('  }');
  if (standalone) out.push('  interface GlobalEventHandlersEventMap extends SmEventMap {}');
  out.push('}', '');
  if (!standalone) out.push(...reactJsx(table));
  return out.join('\n');
}

/** React 19's JSX.IntrinsicElements for every tag: its attributes and an on<event> listener per event it dispatches. */
function reactJsx(table: Table): string[] {
  const out: string[] = [];
  out.push(`type SmJsx<A, E extends keyof SmEventMap> = import('react').DetailedHTMLProps<import('react').HTMLAttributes<HTMLElement>, HTMLElement> &
  A & { [K in E as \`on\${K}\`]?: (event: SmEventMap[K]) => void };`);
  out.push('', "declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
  for (const tag of Object.keys(table.tags)) {
    const own = eventsOf(table, tag)
      .filter((e) => !e.onDocument)
      .map((e) => `'${e.name}'`);
    out.push(`      '${tag}': SmJsx<${attributesName(tag)}, ${own.length ? own.join(' | ') : 'never'}>;`);
  }
  out.push('    }', '  }', '}', '');
  return out;
}

/**
 * The embedders' React typings (dist/widgets/sm-widgets-react.d.ts, the package's sm-portal-widgets/react entry): the
 * tags in React 19's JSX, on the DOM typings beside it. Only a page that imports this entry needs @types/react.
 */
export function renderReactTypings(table: Table): string {
  const names = ['SmEventMap', ...Object.keys(table.tags).map(attributesName)];
  return [
    `/**
 * React 19 JSX types for the sm-* custom elements, generated from widgets/tags.ts by tools/custom-elements.ts: do not edit.
 *
 * Use: import 'sm-portal-widgets/react'; once in the app (it also brings the DOM types of sm-widgets.d.ts). Needs
 * @types/react 19. <sm-donate mission="2" onsm-donation-completed={(e) => …} /> is typed.
 */
`,
    `import type { ${names.join(', ')} } from './sm-widgets.js';`,
    '',
    ...reactJsx(table),
    'export {};',
    '',
  ].join('\n');
}

/** The React entry's module: nothing runs; it is there so that `import 'sm-portal-widgets/react'` bundles. */
export const REACT_MODULE =
  "// sm-portal-widgets/react: the tags' React 19 JSX types are in sm-widgets-react.d.ts. Nothing runs here.\nexport {};\n";

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The values column of an attribute in the README. */
function valuesCell(a: AttributeSpec): string {
  if (a.type !== 'enum' && a.type !== 'language') return a.type === 'url' ? 'an http(s) URL' : 'text';
  return Object.entries<Choice>(a.values)
    .map(([v, c]) => {
      const notes = [a.type === 'enum' && v === a.default ? 'default' : '', c.description ?? ''].filter(Boolean);
      return `${code(v)}${notes.length ? ` (${notes.join(': ')})` : ''}`;
    })
    .join(' \\| ');
}
function whatCell(a: DocumentedAttribute): string {
  if (a.type === 'enum' && a.default !== undefined)
    return `${a.description} Another value warns in the console and shows ${code(a.default)}.`;
  return a.description;
}
function attributeTable(attributes: [string, DocumentedAttribute][]): string[] {
  return [
    '| attribute | values | |',
    '|---|---|---|',
    ...attributes.map(([name, a]) => `| ${code(name)} | ${valuesCell(a)} | ${cell(whatCell(a))} |`),
  ];
}

/** The README's generated sections, by the name in their markers. */
export function readmeSections(table: Table): Record<string, string> {
  const tagList = Object.keys(table.tags);
  const shared = Object.keys(table.sharedAttributes);
  const rows = ['| event | dispatched on | detail |', '|---|---|---|'];
  for (const [name, spec] of Object.entries(table.events)) {
    const from = tagList.filter((tag) => name in table.tags[tag]!.events);
    const by = from.length === tagList.length ? 'every tag' : from.map((t) => code(`<${t}>`)).join(', ');
    const where = spec.target === 'document' ? `the document, from ${by}` : by;
    rows.push(`| ${code(name)}${spec.cancelable ? ' (cancelable)' : ''} | ${where} | ${code(cell(spec.detail))} |`);
  }
  const sections: string[] = [];
  for (const [tag, spec] of Object.entries(table.tags)) {
    const own = Object.entries(spec.attributes).filter(([name]) => !shared.includes(name));
    const example = [spec.example, 'api-base="https://api.example.org"', 'portal="https://portal.example.org/"']
      .filter(Boolean)
      .join(' ');
    const tagEvents = eventsOf(table, tag).filter((e) => !e.everyTag);
    sections.push(
      `### ${code(`<${tag}>`)}`,
      '',
      spec.summary,
      '',
      `<img src="docs/widgets/${tag}.png" alt="${tag} on a phone" width="300">`,
      '',
      '```html',
      `<${tag} ${example}></${tag}>`,
      '```',
      '',
      ...(own.length ? [...attributeTable(own), ''] : []),
      ...(tagEvents.length
        ? [
            'Events:',
            '',
            ...tagEvents.map(
              (e) =>
                `- ${code(e.name)}${e.onDocument || e.spec.cancelable ? ` (${[e.onDocument ? 'on the document' : '', e.spec.cancelable ? 'cancelable' : ''].filter(Boolean).join(', ')})` : ''}: ${e.when} Detail: ${code(e.spec.detail)}.`,
            ),
          ]
        : ['Events: none of its own.']),
      '',
      `Parts: ${Object.keys(spec.parts).map(code).join(', ')}.`,
      '',
    );
  }
  return {
    attributes: attributeTable(Object.entries(table.sharedAttributes)).join('\n'),
    events: rows.join('\n'),
    tags: sections.join('\n').trimEnd(),
  };
}

const marker = (name: string) =>
  new RegExp(`(<!-- generated:${name} [^>]*-->\\n)[\\s\\S]*?(\\n<!-- /generated:${name} -->)`);

/** The README with its generated sections replaced; each must be there, between its markers. */
export function renderReadme(readme: string, table: Table): string {
  let out = readme;
  for (const [name, text] of Object.entries(readmeSections(table))) {
    if (!marker(name).test(out))
      throw new Error(`README.md: missing the <!-- generated:${name} … --> … <!-- /generated:${name} --> markers`);
    out = out.replace(marker(name), (_, begin: string, end: string) => `${begin}${text}${end}`);
  }
  return out;
}

/** Everything generated, from the project's sources. */
export function generate(
  root: string,
  table: Table,
): { manifest: string; typings: string; distTypings: string; distReactTypings: string; readme: string } {
  const eventTypes = readEventTypes(readFileSync(join(root, 'shared/events/events.ts'), 'utf8'));
  const defaults = themeDefaults(readFileSync(join(root, 'shared/ui/styles.ts'), 'utf8'));
  return {
    manifest: `${JSON.stringify(buildManifest(table, defaults, eventTypes.types), null, 2)}\n`,
    typings: renderTypings(table, eventTypes, false),
    distTypings: renderTypings(table, eventTypes, true),
    distReactTypings: renderReactTypings(table),
    readme: renderReadme(readFileSync(join(root, CHECKED_IN.readme), 'utf8'), table),
  };
}

/** The checked-in files and what they should hold: [path relative to the root, content]. */
export function checkedInFiles(root: string, table: Table): [string, string][] {
  const out = generate(root, table);
  return [
    [CHECKED_IN.manifest, out.manifest],
    [CHECKED_IN.typings, out.typings],
    [CHECKED_IN.readme, out.readme],
  ];
}

/**
 * What the browser gets of the table: each tag's ElementSpec (heights, how attributes are read), no
 * documentation. Of the values' descriptions only a language attribute's default keeps its name
 * (its warning says "Showing English").
 */
export function shippedTags(table: Table['tags']): Record<string, ElementSpec> {
  const shipped = (read: AttributeSpec): AttributeSpec => {
    if (!('values' in read)) return read;
    const values = Object.entries(read.values).map(([value, { description, ...choice }]): [string, Choice] => [
      value,
      read.type === 'language' && value === read.default ? { description, ...choice } : choice,
    ]);
    return { ...read, values: Object.fromEntries(values) };
  };
  return Object.fromEntries(
    Object.entries(table).map(([tag, spec]) => [
      tag,
      {
        height: spec.height,
        attributes: Object.fromEntries(
          Object.entries(spec.attributes).map(([name, { description: _, ...read }]) => [
            name,
            shipped(read as AttributeSpec),
          ]),
        ),
      },
    ]),
  );
}

/**
 * Vite plugin for the build: widgets/tags.ts becomes just `tags` as registration reads it
 * (shippedTags), and after the build it writes dist/custom-elements.json,
 * dist/widgets/sm-widgets.d.ts and the React entry (sm-widgets-react.d.ts and its empty module).
 */
export function customElementsPlugin(root: string, outDir: string, table: Table['tags']): Plugin {
  const tagsModule = join(root, 'widgets/tags.ts');
  return {
    name: 'sm-custom-elements',
    apply: 'build',
    enforce: 'pre',
    transform(_code, id) {
      if (id.split('?')[0] !== tagsModule) return null;
      return { code: `export const tags = ${JSON.stringify(shippedTags(table))};\n`, map: null };
    },
    closeBundle() {
      const { manifest, distTypings, distReactTypings } = generate(root, { ...projectTable, tags: table });
      mkdirSync(join(outDir, 'widgets'), { recursive: true });
      writeFileSync(join(outDir, 'custom-elements.json'), manifest);
      writeFileSync(join(outDir, 'widgets/sm-widgets.d.ts'), distTypings);
      writeFileSync(join(outDir, `widgets/${REACT_TYPINGS}.d.ts`), distReactTypings);
      writeFileSync(join(outDir, `widgets/${REACT_TYPINGS}.js`), REACT_MODULE);
    },
  };
}

// `npx tsx tools/custom-elements.ts`: writes the checked-in files.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const root = join(import.meta.dirname, '..');
  for (const [path, content] of checkedInFiles(root, projectTable)) {
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
}
