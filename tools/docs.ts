/**
 * Writes the embedders' documentation into dist/docs/ (served at /docs/ by `npm start`), from the
 * tag table (widgets/tags.ts), the theme's defaults (shared/ui/styles.ts) and the prerendered
 * snippets (dist/snippets/, so run after tools/prerender.tsx):
 *
 * - index.html: every tag with its summary;
 * - <tag>.html: one page per tag: a live example of its first view against this origin's API,
 *   every other value of its own attributes (views, tabs, lists) as a live example opened on
 *   demand, the attributes (type, default, allowed values), the events with their detail, the
 *   CSS parts, the custom properties with a live theming preview, and the markup to paste;
 * - docs.css and docs.js (the page's CSP allows only its own files: no inline script).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttributeSpec, Choice } from '../shared/ui/define';
import { events, sharedAttributes, tags, type DocumentedAttribute, type Tag, type TagSpec } from '../widgets/tags';
import { themeDefaults } from './custom-elements';
import { OUT_DIR } from './out-dir';
import { attributesOf, fitsMarkup } from './prerender';

const root = join(import.meta.dirname, '..');
const out = join(OUT_DIR, 'docs');
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const code = (text: string) => `<code>${escape(text)}</code>`;
const shared = new Set(Object.keys(sharedAttributes));

/** The package's version, for the tarball's name (npm pack writes sm-portal-widgets-<version>.tgz). */
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = `sm-portal-widgets-${version}.tgz`;

/**
 * How to install the package, as it is today: it is not on any registry yet, so the tarball that `npm pack` makes;
 * the registry name is said as what it will be.
 */
const npmRoute = `<p>The package is not published to a registry yet. In a copy of this project, build it and pack it, then install the file in your app:</p>
<pre><code>${escape(`npm ci && npm run build && npm pack     # in this project: writes ${tarball}
npm install /path/to/${tarball}         # in your app`)}</code></pre>
<p>Once it is published, that will be <code>npm install sm-portal-widgets</code> (not yet: that command fails today).</p>`;

function valuesOf(a: AttributeSpec): string {
  if (a.type !== 'enum' && a.type !== 'language') return a.type === 'url' ? 'an http(s) URL' : 'text';
  return Object.entries<Choice>(a.values)
    .map(([v, c]) => `${code(v)}${c.description ? ` (${escape(c.description)})` : ''}`)
    .join(', ');
}
function defaultOf(a: AttributeSpec): string {
  if (a.type === 'enum' || a.type === 'language')
    return a.default ? code(a.default) : escape((a.type === 'enum' ? a.whenUnset : undefined) ?? 'none');
  if (a.type === 'url') return 'this page’s origin';
  return 'none';
}
const typeOf = (a: AttributeSpec) =>
  a.type === 'enum' || a.type === 'language' ? 'one of the values' : a.type === 'url' ? 'URL' : 'string';

function attributeRows(attributes: [string, DocumentedAttribute][]): string {
  return attributes
    .map(
      ([name, a]) =>
        `<tr><th scope="row">${code(name)}</th><td>${typeOf(a)}</td><td>${valuesOf(a)}</td><td>${defaultOf(a)}</td><td>${escape(a.description)}</td></tr>`,
    )
    .join('\n');
}

function page(title: string, nav: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./docs.css">
<script type="module" src="../widgets/loader.js"></script>
<script type="module" src="./docs.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><p class="brand"><a href="./">sm-portal-widgets</a> documentation</p>
<nav aria-label="Tags"><ul>${nav}</ul></nav></header>
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>
`;
}

function navOf(current?: string): string {
  return Object.keys(tags)
    .map(
      (tag) =>
        `<li><a href="./${tag}.html"${tag === current ? ' aria-current="page"' : ''}>${escape(`<${tag}>`)}</a></li>`,
    )
    .join('');
}

/** The attributes of a tag's example markup (without the API host and portal, which a page adds). */
const exampleAttributes = (spec: TagSpec) => (spec.example ? ` ${spec.example}` : '');

function tagPage(tag: string, spec: TagSpec, defaults: Map<string, string>): string {
  const own = Object.entries(spec.attributes).filter(([name]) => !shared.has(name));
  const enums = own.filter(
    (entry): entry is [string, DocumentedAttribute & { type: 'enum' }] => entry[1].type === 'enum',
  );
  const live = `<${tag}${exampleAttributes(spec)}></${tag}>`;
  /** The live example's colour scheme, as the theming form starts. */
  const theme = /\btheme="(light|dark)"/.exec(spec.example ?? '')?.[1] ?? '';
  const examples = enums.flatMap(([name, a]) =>
    Object.entries<Choice>(a.values)
      .filter(([value]) => value !== a.default)
      .map(([value, c]) => {
        const markup = `<${tag} ${name}="${value}"${spec.example && !spec.example.startsWith(`${name}=`) ? ` ${spec.example}` : ''}></${tag}>`;
        return `<details class="example" data-example>
<summary>${code(`${name}="${value}"`)}${c.description ? ` — ${escape(c.description)}` : ''}</summary>
<pre><code>${escape(markup)}</code></pre>
<template>${markup}</template>
<div class="stage" data-stage></div>
</details>`;
      }),
  );
  const tagEvents = Object.entries(spec.events).map(([name, when]) => {
    const e = events[name as keyof typeof events] as { detail: string; target?: string; cancelable?: true };
    return `<tr><th scope="row">${code(name)}</th><td>${e.target === 'document' ? 'the document' : code(`<${tag}>`)}</td><td>${code(e.detail)}</td><td>${e.cancelable ? 'yes' : 'no'}</td><td>${escape(when as string)}</td></tr>`;
  });
  const parts = Object.entries(spec.parts).map(
    ([name, what]) => `<tr><th scope="row">${code(`::part(${name})`)}</th><td>${escape(what)}</td></tr>`,
  );
  const properties = Object.entries(spec.cssProperties).map(([name, what]) => {
    const value = defaults.get(name) ?? '';
    const id = `prop${name.slice(1)}`;
    const input = /^#[0-9a-f]{6}$/i.test(value)
      ? `<input type="color" id="${id}" data-property="${name}" value="${value}">`
      : `<input type="text" id="${id}" data-property="${name}" value="${escape(value)}" spellcheck="false">`;
    return `<tr><th scope="row"><label for="${id}">${code(name)}</label></th><td>${input}</td><td>${code(value)}</td><td>${escape(what)}</td></tr>`;
  });
  const snippet = readFileSync(join(OUT_DIR, 'snippets', `${tag}.html`), 'utf8').trim();
  const pkgImport = `import 'sm-portal-widgets/${tag}';`;
  // The tag's own copy of the loader carries the markup of its first view: for an example that asks for another, loader.js.
  const ownLoader = fitsMarkup(tag as Tag, attributesOf(spec.example ?? ''));
  const loaderMarkup = `<script type="module" src="https://portal.example.org/widgets/${ownLoader ? `loader-${tag}` : 'loader'}.js"></script>\n<${tag}${exampleAttributes(spec)} api-base="https://api.example.org" portal="https://portal.example.org/"></${tag}>`;
  return page(
    `<${tag}> — sm-portal-widgets`,
    navOf(tag),
    `<h1>${code(`<${tag}>`)}</h1>
<p class="summary">${escape(spec.summary)}</p>

<section aria-labelledby="live">
<h2 id="live">Live example</h2>
<p>Against this site’s API (the sandbox). Change the custom properties under “Theming” to restyle it.</p>
<div class="preview" data-preview>
${live}
</div>
<pre><code>${escape(live)}</code></pre>
</section>

${
  examples.length
    ? `<section aria-labelledby="views">
<h2 id="views">Every view</h2>
<p>Each example starts when you open it.</p>
${examples.join('\n')}
</section>`
    : ''
}

<section aria-labelledby="attributes">
<h2 id="attributes">Attributes</h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="attributes">
<table>
<thead><tr><th scope="col">attribute</th><th scope="col">type</th><th scope="col">allowed values</th><th scope="col">default</th><th scope="col">what it does</th></tr></thead>
<tbody>
${attributeRows(own)}
${attributeRows(Object.entries(sharedAttributes))}
</tbody>
</table>
</div>
<p>Another value than those allowed gives a console message saying what to write, and the default is used. Attributes are read at start and whenever they change.</p>
</section>

<section aria-labelledby="events">
<h2 id="events">Events</h2>
<p>All bubble and are composed (they cross shadow roots); read what they carry in <code>event.detail</code>.</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="events">
<table>
<thead><tr><th scope="col">event</th><th scope="col">dispatched on</th><th scope="col">detail</th><th scope="col">cancelable</th><th scope="col">when</th></tr></thead>
<tbody>
${tagEvents.join('\n')}
</tbody>
</table>
</div>
</section>

<section aria-labelledby="parts">
<h2 id="parts">CSS parts</h2>
<table>
<thead><tr><th scope="col">selector</th><th scope="col">what it is</th></tr></thead>
<tbody>
${parts.join('\n')}
</tbody>
</table>
</section>

<section aria-labelledby="theming">
<h2 id="theming">Theming: custom properties</h2>
<p>Set them on the element or on any ancestor (a whole page at once); the element's own win. Changing one here restyles the live example above.</p>
<form class="theming" data-theming>
<fieldset><legend>Colour scheme</legend>
${[
  ['', 'follow the system'],
  ['light', 'light'],
  ['dark', 'dark'],
]
  .map(
    ([value, label]) =>
      `<label><input type="radio" name="theme" value="${value}"${value === theme ? ' checked' : ''}> ${label}</label>`,
  )
  .join('\n')}
</fieldset>
<div class="scroll" tabindex="0" role="region" aria-labelledby="theming">
<table>
<thead><tr><th scope="col">custom property</th><th scope="col">try a value</th><th scope="col">default (light)</th><th scope="col">what it sets</th></tr></thead>
<tbody>
${properties.join('\n')}
</tbody>
</table>
</div>
<button type="reset">Reset the theme</button>
<p>The CSS for what you chose:</p>
<pre><code data-theme-css>${escape(`${tag} {\n}`)}</code></pre>
</form>
</section>

<section aria-labelledby="paste">
<h2 id="paste">Use it</h2>
<h3>With the loader</h3>
<pre><code>${escape(loaderMarkup)}</code></pre>
<p>${
      ownLoader
        ? `${code(`loader-${tag}.js`)} is the loader with this tag’s first view in it (in English), so the tag shows before its code arrives, one request after the page. On a page with several tags, use ${code('loader.js')} once instead: it fetches each tag’s first view.`
        : `${code('loader.js')} fetches each tag’s first view and draws it before the tag’s code arrives. This example asks for another view, which the tag draws itself when its code arrives. For the first view, ${code(`loader-${tag}.js`)} carries it (in English): one request fewer on a page with this tag alone.`
    }</p>
<h3>From the npm package</h3>
${npmRoute}
<p>Then import the tag where your app starts (it defines the tag and brings its DOM types); an app that writes the tag in React JSX also imports the React entry, for its JSX types (they need <code>@types/react</code> 19):</p>
<pre><code>${escape(`${pkgImport}\nimport 'sm-portal-widgets/react'; // only for React JSX`)}</code></pre>
<h3>The prerendered snippet</h3>
<p>Pasted where the tag goes, it shows the widget before any script runs (also <a href="../snippets/${tag}.html">${code(`snippets/${tag}.html`)}</a>, and <code>sm-portal-widgets/snippets/${tag}.html</code> in the package).</p>
<details><summary>Show the snippet (${(snippet.length / 1024).toFixed(1)} KiB)</summary>
<pre class="snippet" tabindex="0" aria-label="The snippet of ${tag}"><code>${escape(snippet)}</code></pre>
</details>
</section>`,
  );
}

function indexPage(): string {
  const items = Object.entries(tags)
    .map(([tag, spec]) => `<li><a href="./${tag}.html">${code(`<${tag}>`)}</a>: ${escape(spec.summary)}</li>`)
    .join('\n');
  return page(
    'sm-portal-widgets documentation',
    navOf(),
    `<h1>sm-portal-widgets</h1>
<p class="summary">The account portal’s custom elements, for any page. One page per tag, with live examples against this site’s API.</p>
<ul class="tags">
${items}
</ul>
<h2>Start</h2>
<pre><code>${escape('<script type="module" src="https://portal.example.org/widgets/loader.js"></script>\n<sm-newsletter api-base="https://api.example.org"></sm-newsletter>')}</code></pre>
<h2>From npm</h2>
${npmRoute}
<p>Then <code>import 'sm-portal-widgets/sm-newsletter';</code> (and <code>import 'sm-portal-widgets/react';</code> for the tags in React JSX).</p>`,
  );
}

const css = `:root { color-scheme: light; --ink: #1f1a24; --muted: #4f4857; --accent: #5c2a78; --line: #c9c0d0; --code: #f4f0f7; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: var(--ink); background: #fff; }
body { margin: 0; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 8px; z-index: 10; }
header { border-bottom: 1px solid var(--line); padding: 8px 16px; }
.brand { margin: 0 0 4px; font-weight: 600; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; }
a { color: var(--accent); }
a[aria-current="page"] { font-weight: 700; }
main { max-width: 960px; margin: 0 auto; padding: 16px; }
main:focus { outline: none; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.summary { font-size: 1.125rem; }
pre { background: var(--code); padding: 12px; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
pre.snippet { max-height: 24rem; overflow-y: auto; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--code); }
.scroll { overflow-x: auto; }
.preview { border: 1px dashed var(--line); border-radius: 8px; padding: 16px; background: #faf8fb; }
.example { border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; margin: 8px 0; }
.example summary, details summary { cursor: pointer; }
.stage:not(:empty) { padding: 8px 0; }
.theming fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 8px; }
.theming label { margin-right: 16px; }
.theming input[type="text"] { width: 100%; min-width: 12rem; font: inherit; }
button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 2px solid var(--accent); background: #fff; color: var(--accent); cursor: pointer; }
.tags li { margin-bottom: 6px; }
`;

const js = `// The docs pages' behaviour: a view's example starts when opened, and a view that closes itself (sm-close: the
// membership dialog) closes its example, as a page that opens that view does; the theming form restyles the live example.
for (const example of document.querySelectorAll('[data-example]')) {
  example.addEventListener('toggle', () => {
    const stage = example.querySelector('[data-stage]');
    if (example.open && !stage.firstElementChild) stage.append(example.querySelector('template').content.cloneNode(true));
    if (!example.open) stage.replaceChildren();
  });
  example.addEventListener('sm-close', () => {
    example.open = false;
    example.querySelector('summary').focus();
  });
}
const form = document.querySelector('[data-theming]');
const preview = document.querySelector('[data-preview]');
if (form && preview) {
  const element = preview.firstElementChild;
  const defaults = new Map([...form.querySelectorAll('[data-property]')].map((input) => [input.dataset.property, input.defaultValue]));
  const apply = () => {
    const lines = [];
    for (const input of form.querySelectorAll('[data-property]')) {
      const changed = input.value.trim() && input.value !== defaults.get(input.dataset.property);
      if (changed) element.style.setProperty(input.dataset.property, input.value);
      else element.style.removeProperty(input.dataset.property);
      if (changed) lines.push('  ' + input.dataset.property + ': ' + input.value + ';');
    }
    const theme = form.elements.theme.value;
    if (theme) element.setAttribute('theme', theme);
    else element.removeAttribute('theme');
    form.querySelector('[data-theme-css]').textContent = element.localName + (theme ? '[theme="' + theme + '"]' : '') + ' {\\n' + lines.join('\\n') + (lines.length ? '\\n' : '') + '}';
  };
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('reset', () => setTimeout(apply));
}
`;

export function writeDocs(): string[] {
  const defaults = themeDefaults(readFileSync(join(root, 'shared/ui/styles.ts'), 'utf8'));
  mkdirSync(out, { recursive: true });
  const written: [string, string][] = [
    ['index.html', indexPage()],
    ...Object.entries(tags).map(([tag, spec]): [string, string] => [`${tag}.html`, tagPage(tag, spec, defaults)]),
    ['docs.css', css],
    ['docs.js', js],
  ];
  for (const [file, content] of written) writeFileSync(join(out, file), content);
  return written.map(([file]) => `docs/${file}`);
}

if (process.argv[1] === import.meta.filename) {
  console.log(`Wrote ${writeDocs().join(', ')} in dist/.`);
}
