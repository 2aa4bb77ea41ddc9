/**
 * The public API of the sm-* tags, generated from the JSDoc headers of widgets/*\/*.element.ts
 * (@summary, @attr, @event, @csspart, @cssproperty), the tag table (widgets/tags.ts, for the
 * property names), the base styles (every --sm-* custom property and its light default) and the
 * event types (shared/events/events.ts):
 *
 * - custom-elements.json (schema 2.1.0), written to dist/ and to the project root;
 * - dist/widgets/sm-widgets.d.ts: the tags in the DOM's HTMLElementTagNameMap and in React 19's
 *   JSX.IntrinsicElements (attributes with their allowed values, on<event> listeners).
 *
 * Used by the build (the Vite plugin at the end of this file) and by the tests.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

export interface Described {
  name: string;
  description: string;
}
export interface AttributeDoc extends Described {
  /** The property r2wc sets from the attribute (camelCase), when the tag table has one. */
  fieldName: string | null;
  /** Allowed values when the description starts with `a | b | c`, else null (any string). */
  values: string[] | null;
  default: string | null;
}
export interface EventDoc extends Described {
  /** Dispatched on the document rather than on the element. */
  onDocument: boolean;
}
export interface ElementDoc {
  tag: string;
  className: string;
  /** Source file, relative to the project root. */
  source: string;
  summary: string;
  description: string;
  attributes: AttributeDoc[];
  events: EventDoc[];
  cssParts: Described[];
  cssProperties: (Described & { default?: string })[];
}

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const pascal = (kebab: string) => camel(`-${kebab}`);

/** `login | register (default) | x` -> ['login', 'register', 'x']; null unless every part starts with a value. */
export function parseValues(description: string): string[] | null {
  const parts = description.split(' | ');
  if (parts.length < 2) return null;
  const values: string[] = [];
  for (const part of parts) {
    const match = /^([a-z][a-z0-9-]*)(?=$|[\s;,:(])/.exec(part.trim());
    if (!match) return null;
    values.push(match[1]!);
  }
  return values;
}

function parseDefault(description: string, values: string[] | null): string | null {
  const explicit = /\(default:?\s+([a-z][a-z0-9-]*)[;)]/.exec(description) ?? /default ([a-z][a-z0-9-]*)[;)]/.exec(description);
  if (explicit && (!values || values.includes(explicit[1]!))) return explicit[1]!;
  const marked = /(?:^|\| )([a-z][a-z0-9-]*) \(default\b/.exec(description);
  return marked ? marked[1]! : null;
}

/** Reads one element file's JSDoc header. `props` are the tag table's camelCase props. */
export function parseElementDoc(source: string, file: string, props: readonly string[]): ElementDoc {
  const header = /\/\*\*([\s\S]*?)\*\//.exec(source);
  const tagMatch = /defineWidget(?:<[^>]*>)?\('(sm-[a-z-]+)'/.exec(source);
  if (!header || !tagMatch) throw new Error(`${file}: expected a JSDoc header and a defineWidget('sm-…') call`);
  const tag = tagMatch[1]!;
  const lines = header[1]!.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  const doc: ElementDoc = { tag, className: `${pascal(tag)}Element`, source: file, summary: '', description: '', attributes: [], events: [], cssParts: [], cssProperties: [] };
  const intro: string[] = [];
  for (const line of lines) {
    const m = /^@(\w+)\s+(.*)$/.exec(line);
    if (!m) {
      if (doc.summary === '' && doc.attributes.length === 0 && line.trim()) intro.push(line.trim());
      continue;
    }
    const [, kind, rest] = m as unknown as [string, string, string];
    const named = /^(\S+)\s+-\s+(.*)$/.exec(rest);
    if (kind === 'summary') doc.summary = rest.trim();
    else if (!named) throw new Error(`${file}: @${kind} needs "name - description": ${rest}`);
    else {
      const [, name, description] = named as unknown as [string, string, string];
      if (kind === 'attr') {
        const values = parseValues(description);
        const field = camel(name);
        doc.attributes.push({ name, description, fieldName: props.includes(field) ? field : null, values, default: parseDefault(description, values) });
      } else if (kind === 'event') doc.events.push({ name, description, onDocument: /^\(on document\)/.test(description) });
      else if (kind === 'csspart') doc.cssParts.push({ name, description });
      else if (kind === 'cssproperty') doc.cssProperties.push({ name, description });
      else throw new Error(`${file}: unknown tag @${kind}`);
    }
  }
  doc.description = intro.join(' ');
  if (!doc.summary) throw new Error(`${file}: missing @summary`);
  return doc;
}

/** Every --sm-* custom property of the base styles' first :host block, with its (light) default. */
export function sharedCssProperties(stylesSource: string): { name: string; default: string }[] {
  const host = /:host\s*\{([^}]*)\}/.exec(stylesSource);
  if (!host) return [];
  return [...host[1]!.matchAll(/(--sm-[a-z0-9-]+)\s*:\s*([^;]+);/g)].map((m) => ({ name: m[1]!, default: m[2]!.trim() }));
}

const SHARED_PROPERTY_TEXT: Record<string, string> = {
  '--sm-color-primary': 'Primary colour: buttons, links, chosen options.',
  '--sm-color-primary-contrast': 'Text on the primary colour.',
  '--sm-color-text': 'Text colour.',
  '--sm-color-muted': 'Secondary text.',
  '--sm-color-surface': 'Card background.',
  '--sm-color-surface-alt': 'Tabs, notices, chosen options background.',
  '--sm-color-border': 'Input and option borders.',
  '--sm-color-danger': 'Errors.',
  '--sm-color-success': 'Success messages.',
  '--sm-font-family': 'Font of the widget.',
  '--sm-radius': 'Corner radius of the card and options.',
  '--sm-space': 'Base spacing unit.',
};

/** Adds every shared --sm-* property (with its default) to each element, keeping the element's own wording. */
export function withSharedProperties(docs: ElementDoc[], shared: { name: string; default: string }[]): ElementDoc[] {
  return docs.map((doc) => {
    const own = new Map(doc.cssProperties.map((p) => [p.name, p.description]));
    return {
      ...doc,
      cssProperties: shared.map((p) => ({ name: p.name, description: own.get(p.name) ?? SHARED_PROPERTY_TEXT[p.name] ?? 'Theme property.', default: p.default })),
    };
  });
}

export function readElementDocs(root: string, tagProps: Record<string, { props: object }>): ElementDoc[] {
  const docs: ElementDoc[] = [];
  for (const dir of readdirSync(join(root, 'widgets'), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = join(root, 'widgets', dir.name, `${dir.name}.element.ts`);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const tag = `sm-${dir.name}`;
    docs.push(parseElementDoc(source, relative(root, file), Object.keys(tagProps[tag]?.props ?? {})));
  }
  const shared = sharedCssProperties(readFileSync(join(root, 'shared/ui/styles.ts'), 'utf8'));
  return withSharedProperties(docs, shared).sort((a, b) => a.tag.localeCompare(b.tag));
}

const typeText = (a: AttributeDoc) => (a.values ? a.values.map((v) => `'${v}'`).join(' | ') : 'string');

/** The custom-elements.json manifest (schema 2.1.0): one module per built tag file, plus the loader. */
export function buildManifest(docs: ElementDoc[], eventTypes: Record<string, string> = {}): object {
  const modules = docs.map((doc) => {
    const path = `widgets/${doc.tag}.js`;
    return {
      kind: 'javascript-module',
      path,
      declarations: [
        {
          kind: 'class',
          name: doc.className,
          tagName: doc.tag,
          customElement: true,
          summary: doc.summary,
          description: `${doc.description} Source: ${doc.source}.`.trim(),
          superclass: { name: 'HTMLElement' },
          attributes: doc.attributes.map((a) => ({
            name: a.name,
            description: a.description,
            type: { text: typeText(a) },
            ...(a.default ? { default: `'${a.default}'` } : {}),
            ...(a.fieldName ? { fieldName: a.fieldName } : {}),
          })),
          members: doc.attributes
            .filter((a) => a.fieldName)
            .map((a) => ({ kind: 'field', name: a.fieldName, type: { text: `${typeText(a)} | undefined` }, attribute: a.name, reflects: false, description: a.description })),
          events: doc.events.map((e) => ({ name: e.name, description: e.description, type: { text: eventTypes[e.name] ?? 'CustomEvent' } })),
          cssParts: doc.cssParts,
          cssProperties: doc.cssProperties,
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: doc.tag, declaration: { name: doc.className, module: path } },
        { kind: 'js', name: doc.className, declaration: { name: doc.className, module: path } },
      ],
    };
  });
  const loader = {
    kind: 'javascript-module',
    path: 'widgets/loader.js',
    description: 'Defines every sm-* tag at once; fetches a tag\'s code (the module above) when one of its elements is connected.',
    declarations: [],
    exports: docs.map((doc) => ({ kind: 'custom-element-definition', name: doc.tag, declaration: { name: doc.className, module: `widgets/${doc.tag}.js` } })),
  };
  return { schemaVersion: '2.1.0', readme: 'README.md', modules: [loader, ...modules] };
}

/** The event types of shared/events/events.ts: its interfaces and type aliases as declarations, and each event's type. */
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
          if (ts.isPropertySignature(member) && member.type && ts.isStringLiteral(member.name)) types[member.name.text] = member.type.getText(file);
        }
      }
    }
  }
  if (!types['sm-signed-in']) throw new Error('shared/events/events.ts: SmEventMap not found');
  return { declarations: declarations.join('\n\n'), types };
}

/** dist/widgets/sm-widgets.d.ts: the tags for the DOM and for React 19 JSX. */
export function renderDts(docs: ElementDoc[], events: { declarations: string; types: Record<string, string> }): string {
  const out: string[] = [];
  out.push(`/**
 * Types for the sm-* custom elements (generated by the build from the widgets' JSDoc headers; do not edit).
 *
 * Use: copy next to your sources, or reference it: /// <reference path="./sm-widgets.d.ts" />
 * - DOM: document.querySelector('sm-donate') is an SmDonateElement; addEventListener('sm-donation-completed', e => e.detail.amount) is typed.
 * - React 19: <sm-donate mission="2" onsm-donation-completed={(e) => …} /> is typed (needs @types/react 19).
 */
`);
  out.push('// Events (from shared/events/events.ts)\n');
  out.push(events.declarations);
  out.push('');
  for (const doc of docs) {
    out.push(`/** Attributes of <${doc.tag}>. */`);
    out.push(`export interface ${doc.className.replace(/Element$/, 'Attributes')} {`);
    for (const a of doc.attributes) out.push(`  /** ${a.description.replace(/\*\//g, '* /')} */\n  '${a.name}'?: ${typeText(a)};`);
    out.push('}');
    out.push(`/** <${doc.tag}>: ${doc.summary} Its events are typed for every element through GlobalEventHandlersEventMap. */`);
    out.push(`export interface ${doc.className} extends HTMLElement {`);
    for (const a of doc.attributes.filter((x) => x.fieldName)) out.push(`  /** ${a.description.replace(/\*\//g, '* /')} */\n  ${a.fieldName}?: ${typeText(a)};`);
    out.push('}');
    out.push('');
  }
  out.push('declare global {');
  out.push('  interface HTMLElementTagNameMap {');
  for (const doc of docs) out.push(`    '${doc.tag}': ${doc.className};`);
  out.push('  }');
  out.push('  interface GlobalEventHandlersEventMap extends SmEventMap {}');
  out.push('}');
  out.push('');
  out.push(`type SmJsx<A, E extends keyof SmEventMap> = import('react').DetailedHTMLProps<import('react').HTMLAttributes<HTMLElement>, HTMLElement> &
  A & { [K in E as \`on\${K}\`]?: (event: SmEventMap[K]) => void };`);
  out.push('');
  out.push("declare module 'react' {");
  out.push('  namespace JSX {');
  out.push('    interface IntrinsicElements {');
  for (const doc of docs) {
    const ownEvents = doc.events.filter((e) => !e.onDocument && events.types[e.name]).map((e) => `'${e.name}'`);
    out.push(`      '${doc.tag}': SmJsx<${doc.className.replace(/Element$/, 'Attributes')}, ${ownEvents.length ? ownEvents.join(' | ') : 'never'}>;`);
  }
  out.push('    }');
  out.push('  }');
  out.push('}');
  out.push('');
  return out.join('\n');
}

/** Builds everything from the project's sources. */
export function generate(root: string, tagProps: Record<string, { props: object }>): { docs: ElementDoc[]; manifest: object; dts: string } {
  const docs = readElementDocs(root, tagProps);
  const events = readEventTypes(readFileSync(join(root, 'shared/events/events.ts'), 'utf8'));
  return { docs, manifest: buildManifest(docs, events.types), dts: renderDts(docs, events) };
}

/** Vite plugin: after the build, writes custom-elements.json (dist/ and root) and dist/widgets/sm-widgets.d.ts. */
export function customElementsPlugin(root: string, outDir: string, tagProps: Record<string, { props: object }>): Plugin {
  return {
    name: 'sm-custom-elements',
    apply: 'build',
    closeBundle() {
      const { manifest, dts } = generate(root, tagProps);
      const json = `${JSON.stringify(manifest, null, 2)}\n`;
      writeFileSync(join(outDir, 'custom-elements.json'), json);
      writeFileSync(join(root, 'custom-elements.json'), json);
      writeFileSync(join(outDir, 'widgets/sm-widgets.d.ts'), dts);
    },
  };
}
