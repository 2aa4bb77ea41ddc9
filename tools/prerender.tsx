/**
 * Prerenders every tag's first view at build time (react-dom/server), as a visitor who is not
 * signed in sees it before any data arrives: a form as it is, and where a view needs data a
 * skeleton that holds its place. Run after `vite build`; writes into dist/:
 *
 * - dist/snippets/<tag>.html: the tag with its declarative shadow root inside, in English, to paste
 *   where the tag goes (the browser attaches it while parsing the page, no script needed);
 *   dist/snippets/<lang>/<tag>.html the same in each other language (the tag says language="<lang>");
 * - dist/widgets/markup/<tag>.html (English) and <tag>.<lang>.html (each other language): the
 *   shadow root's content alone, which the loader fetches, in the tag's language, and stamps into
 *   a tag that came without it;
 * - dist/widgets/loader-<tag>.js: the loader with the tag's English markup file already in it, for a
 *   page that holds that tag and the script tag alone (embedMarkup).
 *
 * - dist/index.html: the portal page with the markup of its public routes (sign-in, sign-up,
 *   forgot password, premium, missions, the donation page), each tag in them with its
 *   declarative shadow root; route.js (built beside it from host/route.ts) shows the one the address names
 *   before any module runs, the loader keeps what the person does meanwhile, and host/main.tsx
 *   hydrates it. The page also holds what route.js says, in each language, when its script does
 *   not come (<template id="portal-failed">).
 *
 * The markup is rendered by the same components the page and the elements render
 * (shared/ui/define.ts elementComponent, host/Portal.tsx), so hydration finds what React renders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { browserDeps } from '../shared/deps/deps';
import { elementComponent, type ElementSpec } from '../shared/ui/define';
import { propName } from '../shared/ui/prop-name';
import { LANGUAGES, type PublicLanguage } from '../shared/i18n/languages';
import { DepsProvider, LanguageContext } from '../shared/ui/WidgetRoot';
import { Portal } from '../host/Portal';
import { MARKUP_MARK } from '../vite.config';
import { readCatalogue } from './messages';
import { OUT_DIR } from './out-dir';
import { sharedAttributes, tags, type Tag } from '../widgets/tags';

const dist = OUT_DIR;

/** The public routes of the portal page whose markup the page carries. */
export const PORTAL_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/premium',
  '/missions',
  '/donation-page',
] as const;

/** The shadow root's markup of a tag's first view, for the attributes it is given (kebab-case), in a language. */
export async function prerender(
  tag: Tag,
  attributes: Record<string, string> = {},
  language: PublicLanguage = 'en',
): Promise<string> {
  const name = tag.slice('sm-'.length);
  const module = (await import(`../widgets/${name}/${name}.element.ts`)) as { default: ComponentType<object> };
  const Element = elementComponent(tag, module.default as never, tags[tag] as ElementSpec);
  const props = Object.fromEntries(Object.entries(attributes).map(([key, value]) => [propName(key), value]));
  const markup = renderToString(
    createElement(LanguageContext.Provider, { value: language }, createElement(Element, props)),
  );
  // A view that draws its data before its code comes (widgets/survey/survey.draw.ts) holds an empty template for it:
  // filled here with the markup its <tag>.template.tsx renders.
  if (!markup.includes(DRAW)) return markup;
  const template = (await import(`../widgets/${name}/${name}.template.tsx`)) as {
    default: (language: PublicLanguage) => string;
  };
  return markup.replace(DRAW, () => `<template data-sm-draw="">${template.default(language)}</template>`);
}

/** The empty template a view renders for the build to fill in (widgets/survey/survey.tsx). */
const DRAW = '<template data-sm-draw=""></template>';

/** The attributes written in markup (` name="value"` each), by name. */
export function attributesOf(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    ]),
  );
}

/** Puts each sm-* tag's declarative shadow root into markup React rendered (it renders the tags empty). */
async function withShadowRoots(html: string): Promise<string> {
  const found = [...html.matchAll(/<(sm-[a-z]+)((?: [a-z-]+="[^"]*")*)><\/\1>/g)];
  let out = html;
  for (const [whole, tag, attrs] of found) {
    const attributes = attributesOf(attrs!);
    const markup = await prerender(tag as Tag, attributes);
    out = out.replace(whole, `<${tag}${attrs}><template shadowrootmode="open">${markup}</template></${tag}>`);
  }
  return out;
}

/** The portal page's markup of a public route, as a visitor who is not signed in first sees it. */
export async function prerenderRoute(route: string): Promise<string> {
  const deps = browserDeps({ apiBase: '', portalUrl: '' }, null);
  const html = renderToString(
    createElement(DepsProvider, { value: deps }, createElement(Portal, { initialHash: `#${route}` })),
  );
  return withShadowRoots(html);
}

/** dist/index.html with the public routes' markup, and the style that shows the one route.js names. */
async function prerenderPortal(): Promise<void> {
  const file = join(dist, 'index.html');
  const blocks = await Promise.all(
    PORTAL_ROUTES.map(async (route) => `<div data-route="${route}">${await prerenderRoute(route)}</div>`),
  );
  const style = [
    '#portal>[data-route]{display:none}',
    ...PORTAL_ROUTES.map(
      (r) =>
        `html[data-route="${r}"] #portal>[data-route="${r}"]{display:contents}html[data-route="${r}"] .portal-boot{display:none}`,
    ),
  ].join('');
  // What route.js says when the page's script does not come, in each language (the catalogue's words).
  const failed = LANGUAGES.map((language) => {
    const words = readCatalogue(language);
    return renderToStaticMarkup(
      createElement(
        'p',
        { className: 'portal-failed', role: 'alert', lang: language },
        words['portal.pageFailed'],
        createElement('button', { type: 'button' }, words['portal.home.retry']),
      ),
    );
  });
  const page = readFileSync(file, 'utf8')
    .replace('<!--prerendered routes-->', blocks.join(''))
    .replace('</body>', `<template id="portal-failed">${failed.join('')}</template></body>`)
    .replace('</head>', `<style>${style}</style></head>`)
    // The loader too, before the portal's own script (module scripts run in order): it is small and runs first, so a
    // press or a keystroke on the prerendered route is kept and done once the route's code is there. It defines the
    // tags as on any page: each route fetches only its own tags' code, when it shows them.
    .replace(
      '<script src="./route.js"></script>',
      '<script src="./route.js"></script><script type="module" src="./widgets/loader.js"></script>',
    );
  writeFileSync(file, page);
}

/**
 * Which elements a tag's markup fits, as a selector: it was rendered with each of the tag's own enumerated
 * attributes at its default, so it fits a tag that leaves each of them out, empty, or at that value
 * (`:not([tab]:not([tab=""],[tab="credit"]))`). The markup file starts with it as a comment, and the loader stamps
 * the markup only into an element that matches it: a tag asked for another view, or another tab, draws itself.
 */
export function renderedWith(tag: Tag): string {
  return renderedDefaults(tag)
    .map(([name, value]) => `:not([${name}]:not([${name}=""],[${name}="${value}"]))`)
    .join('');
}

/** Whether a tag given these attributes is one its markup fits (the rule of renderedWith). */
export function fitsMarkup(tag: Tag, attributes: Record<string, string>): boolean {
  return renderedDefaults(tag).every(([name, value]) => !attributes[name] || attributes[name] === value);
}

/** Each of the tag's own enumerated attributes, with the default its markup was rendered with. */
function renderedDefaults(tag: Tag): [string, string][] {
  return Object.entries(tags[tag].attributes).flatMap(([name, attribute]) =>
    attribute.type === 'enum' && 'default' in attribute && !(name in sharedAttributes)
      ? [[name, String(attribute.default)] as [string, string]]
      : [],
  );
}

/** The snippet an embedder pastes: the tag (naming its language, other than English) with its declarative shadow root. */
export function snippet(tag: Tag, markup: string, language: PublicLanguage = 'en'): string {
  return `<${tag}${language === 'en' ? '' : ` language="${language}"`}><template shadowrootmode="open">${markup}</template></${tag}>\n`;
}

/**
 * Fills in the loader's markup record (widgets/loader.ts markup, which the build marks: MARKUP_MARK): empty in
 * loader.js, and in each loader-<tag>.js, a copy written beside it for a page that holds that tag and the script
 * alone, the tag's English markup file, so that page shows the tag one round trip sooner.
 */
function embedMarkup(english: Record<Tag, string>): void {
  const file = join(dist, 'widgets', 'loader.js');
  // Without the line naming its source map (loader.js.map, beside it), which every visitor would fetch for developers:
  // the loader is kept to 2 KiB, and the map would not fit a copy anyway.
  const code = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  if (!code.includes(MARKUP_MARK))
    throw new Error(`widgets/loader.js has no ${MARKUP_MARK} to fill in: build it with vite build first.`);
  for (const tag of Object.keys(tags) as Tag[]) {
    const own = { [`markup/${tag}.html`]: english[tag] };
    writeFileSync(
      join(dist, 'widgets', `loader-${tag}.js`),
      code.replace(MARKUP_MARK, () => JSON.stringify(own)),
    );
  }
  writeFileSync(file, code.replace(MARKUP_MARK, '{}'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(join(dist, 'snippets'), { recursive: true });
  mkdirSync(join(dist, 'widgets', 'markup'), { recursive: true });
  /** Each tag's English markup file, as written. */
  const english = {} as Record<Tag, string>;
  for (const language of LANGUAGES) {
    const suffix = language === 'en' ? '' : `.${language}`;
    const snippets = language === 'en' ? join(dist, 'snippets') : join(dist, 'snippets', language);
    mkdirSync(snippets, { recursive: true });
    for (const tag of Object.keys(tags) as Tag[]) {
      const markup = await prerender(tag, {}, language);
      const said = renderedWith(tag);
      const file = `${said ? `<!--${said}-->` : ''}${markup}`;
      if (language === 'en') english[tag] = file;
      writeFileSync(join(dist, 'widgets', 'markup', `${tag}${suffix}.html`), file);
      writeFileSync(join(snippets, `${tag}.html`), snippet(tag, markup, language));
    }
  }
  embedMarkup(english);
  await prerenderPortal();
  console.log(
    `Prerendered ${Object.keys(tags).length} tags in ${LANGUAGES.length} languages into dist/snippets and dist/widgets/markup, and ${PORTAL_ROUTES.length} routes into dist/index.html.`,
  );
}
