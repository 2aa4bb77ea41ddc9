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
 * - dist/widgets/loader.js, the loader, which only stamps the markup files written here (their hashes in it), and
 *   dist/widgets/loader-<tag>.js, the same with the tag's English markup file already in it, for a page that holds
 *   that tag and the script tag alone (writeLoaders).
 *
 * - dist/index.html: the portal page with the markup of its routes (BLOCKS), each tag in them with its declarative
 *   shadow root: the public routes as a visitor who is not signed in sees them (sign-in, sign-up, forgot password,
 *   premium, missions, the donation page), and the member routes as any signed-in person first sees them (home,
 *   top-up, subscription, donations, survey, the pages after a payment...: the signed-in header and banner, with
 *   places held for the name, the picture and the balance, and no one's data); the footer, the same on every route,
 *   once beside them (#portal-footer: prerenderFooter). route.js (host/route.ts, written into the page's head
 *   with the portal's stylesheet: inlineHead) shows the one the address names, for whoever is signed in, before any module runs (the page's
 *   style: blockStyle), the loader keeps what the person does meanwhile, and host/main.tsx hydrates it
 *   (host/routes-shown.ts; the whole sequence: docs/boot.md). The page also holds what route.js says, in each
 *   language, when its script does not come (<template id="portal-failed">).
 *
 * The markup is rendered by the same components the page and the elements render
 * (shared/ui/define.ts elementComponent, host/Portal.tsx), so hydration finds what React renders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { computed } from '@preact/signals-core';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import type { Manifest } from 'vite';
import { FIRST_DATA_META, INTL_WORKER_FILE, type FirstData } from '../shared/boot/boot';
import { markupHash } from '../shared/boot/trusted-types';
import { browserDeps, type ModelDeps } from '../shared/deps/deps';
import { elementComponent, type ElementSpec } from '../shared/ui/define';
import { propName } from '../shared/ui/prop-name';
import { LANGUAGES, type PublicLanguage } from '../shared/i18n/languages';
import { DepsProvider, LanguageContext } from '../shared/ui/WidgetRoot';
import { Portal } from '../host/Portal';
import { Footer } from '../host/shell/Footer';
import { PRERENDERED, ROUTES, type RouteName, type Session } from '../shared/routing/routes';
import { scriptHashes } from '../sandbox/core/csp';
import { bundlePlainScript } from './boot-scripts';
import { bundleLoader, tagFiles } from './loader-build';
import { readCatalogue } from './messages';
import { OUT_DIR } from './out-dir';
import { sharedAttributes, tags, type Tag } from '../widgets/tags';

const dist = OUT_DIR;

/**
 * One prerendered block of the portal page (`<div data-route data-session [data-any-query]>`), for each route and
 * session the route table names (shared/routing/routes.ts PRERENDERED). A member's bare address and /history show
 * home's block (signedInShownAs): the page holds it once.
 */
export interface Block {
  /** The path route.js names (html[data-route]). */
  readonly route: string;
  /** Whom it is for (html[data-session]): a visitor who is not signed in, or any signed-in person. */
  readonly session: Session;
  /** Its markup fits the route with any query (the page reads the query when it hydrates), not only without one. */
  readonly anyQuery: boolean;
}

/** Every block the portal page carries: the visitors' first, then the members'. */
export const BLOCKS: readonly Block[] = (['out', 'in'] as const).flatMap((session) =>
  Object.entries(PRERENDERED)
    .filter(([, shown]) => shown.for.includes(session))
    .map(([name, shown]) => ({
      route: ROUTES[name as RouteName].path,
      session,
      anyQuery: session === 'in' && !shown.readsQuery,
    })),
);

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
  // Rendered whole: a view whose code comes later (a lazy part in a Suspense boundary) is in the markup as it will
  // show, for the browser to hydrate once that code is there (renderAll).
  const markup = await renderAll(
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

/**
 * The portal page's first script as the build leaves it (host/index.html marks it vite-ignore, an attribute the build
 * takes out, so Vite does not warn that a classic script cannot be bundled).
 */
const ROUTE_SCRIPT = /<script\s+src="\.\/route\.js"\s*><\/script>/;
/** The portal's stylesheet as Vite links it. */
const PORTAL_STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\.\/(assets\/[\w.-]+\.css)">/;

/**
 * The page's head with what its first paint needs written into it rather than linked, so the page paints and its
 * route is chosen after one round trip, not two: route.js (host/route.ts), as an inline script the page's CSP allows
 * by its hash (sandbox/core/csp.ts scriptHashes), and the portal's stylesheet, as a <style> (the page's CSP allows
 * inline styles already; the file has no url() to resolve against assets/).
 */
function inlineHead(page: string, routeCode: string): string {
  const stylesheet = PORTAL_STYLESHEET.exec(page);
  if (!stylesheet) throw new Error('dist/index.html links no stylesheet of the portal to write into it');
  const css = readFileSync(join(dist, stylesheet[1]!), 'utf8');
  if (/url\(/.test(css)) throw new Error(`${stylesheet[1]} has a url(), which would resolve against the page instead`);
  // Neither may close its element early (an HTML parser ends a script or a style at its first end tag).
  if (/<\/script/i.test(routeCode) || /<\/style/i.test(css))
    throw new Error('route.js or the portal stylesheet holds an end tag: it cannot be written into the page');
  return page
    .replace(stylesheet[0], () => `<style>${css.trim()}</style>`)
    .replace(ROUTE_SCRIPT, () => `<script>${routeCode.trim()}</script>`);
}

/**
 * Markup of everything the element renders, the pages whose code loads when they show included (host/Portal.tsx
 * Later: a lazy page in a Suspense boundary, which renderToString would leave at its fallback, for the browser to
 * draw afresh): React's stream, once all of it is ready. The browser hydrates such a page when its code has come,
 * showing this markup meanwhile.
 */
function renderAll(element: ReactElement): Promise<string> {
  return new Promise((done, fail) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        html += chunk.toString();
        next();
      },
      final(next) {
        done(html);
        next();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: fail,
      onError: fail,
    });
  });
}

/**
 * The dependencies of a portal page as any signed-in person's first render has them: signed in, with no profile yet
 * and no one's token (the page holds places for the profile; nothing is asked while prerendering).
 */
export function signedInDeps(deps: ModelDeps): ModelDeps {
  const session = {
    ...deps.session,
    auth: computed(() => ({ accessToken: '', tokenType: 'Bearer', expiresAt: Number.MAX_SAFE_INTEGER })),
    user: computed(() => null),
    isSignedIn: computed(() => true),
  };
  return { ...deps, session };
}

/**
 * The portal page's markup of a route, as a visitor who is not signed in first sees it (`out`), or as any signed-in
 * person does (`in`): the same for everyone, their data's places held.
 */
export async function prerenderRoute(route: string, session: Session = 'out'): Promise<string> {
  const anyone = browserDeps({ apiBase: '', portalUrl: '', returnsToPortal: false }, null);
  const deps = session === 'in' ? signedInDeps(anyone) : anyone;
  const html = await renderAll(
    createElement(DepsProvider, { value: deps }, createElement(Portal, { initialHash: `#${route}` })),
  );
  return withShadowRoots(html);
}

/** The portal's footer, the same on every route and for everyone (a root of its own: host/main.tsx). */
export async function prerenderFooter(): Promise<string> {
  const deps = browserDeps({ apiBase: '', portalUrl: '', returnsToPortal: false }, null);
  return withShadowRoots(await renderAll(createElement(DepsProvider, { value: deps }, createElement(Footer))));
}

/** A block's opening tag: what route.js and host/routes-shown.ts match. */
export function blockTag({ route, session, anyQuery }: Block): string {
  return `<div data-route="${route}" data-session="${session}"${anyQuery ? ' data-any-query' : ''}>`;
}

/**
 * What each signed-in block's tags ask for first (shared/boot/boot.ts FIRST_DATA_META), for route.js to ask for as it
 * starts, before the loader runs (which asks for the same, and takes those answers): the data its tags' first views
 * name (`data-sm-early-signed-in`, their paths on the portal's API host), and the tags whose first view draws it
 * before their code comes (`data-sm-draw`: widgets/<tag>.draw.js). A block for visitors names nothing: their data is
 * the loader's to ask for.
 */
export function firstData(blocks: readonly { block: Block; markup: string }[]): Record<string, FirstData> {
  const all: Record<string, FirstData> = {};
  for (const { block, markup } of blocks) {
    if (block.session !== 'in') continue;
    const data = new Set<string>();
    const draw = new Set<string>();
    // Each tag's markup runs from its opening tag to the next tag's (tags hold no tags).
    for (const [, tag = '', inside = ''] of markup.matchAll(/<(sm-[a-z]+)[\s>]([\s\S]*?)(?=<sm-[a-z]+[\s>]|$)/g)) {
      for (const [, said = ''] of inside.matchAll(/data-sm-early-signed-in="([^"]*)"/g))
        for (const path of said.split(' ')) if (path) data.add(path.replaceAll('&amp;', '&'));
      if (inside.includes('data-sm-draw')) draw.add(tag);
    }
    if (data.size || draw.size) all[block.route] = { data: [...data], draw: [...draw] };
  }
  return all;
}

/** The page's <meta> that holds firstData, for route.js. */
export function firstDataMeta(all: Record<string, FirstData>): string {
  const content = JSON.stringify(all).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  return `<meta name="${FIRST_DATA_META}" content='${content}'>`;
}

/**
 * The page's style that shows the block route.js names (html[data-route] and html[data-session]) and hides the boot
 * message under it (the message comes after the blocks in #portal: host/index.html), every other block hidden. A
 * page without html[data-session] (a route.js older than the signed-in blocks) shows the public ones.
 */
export function blockStyle(blocks: readonly Block[]): string {
  const shown = blocks.map(({ route, session }) => {
    const page = `html[data-route="${route}"]${session === 'in' ? '[data-session=in]' : ':not([data-session=in])'}`;
    return `${page} #portal>[data-route="${route}"][data-session=${session}]`;
  });
  // The footer (#portal-footer, after #portal) shows with the block route.js kept (it takes out the others), and once
  // the portal has drawn the page (data-drawn: host/main.tsx); not under the boot message alone. It shows whole: once
  // what follows it in the page (host/index.html's noscript) is parsed. Under a page shorter than the screen the footer
  // sits at the bottom, so a frame of half a footer would show it lower, and it would move up as the rest came.
  const footer =
    '#portal-footer:not([data-drawn]){display:none}html[data-route] #portal:has(>[data-route])~#portal-footer:has(~noscript){display:block}';
  return `#portal>[data-route]{display:none}${shown.join()}{display:contents}${shown.map((s) => `${s}~.portal-boot`).join()}{display:none}${footer}`;
}

/**
 * The page's own share of each tag's reserved height (the tag's `:host` min-height, per view where the table gives
 * one: shared/ui/define.ts reserveCss), for a tag the portal draws without markup (a route it draws itself, after a
 * redirect or in another language): it has its height before its markup and code come, so the footer under it does
 * not move when they do.
 */
export function tagReserveStyle(): string {
  return (Object.keys(tags) as Tag[])
    .map((tag) => {
      const { height, attributes } = tags[tag] as ElementSpec;
      const views = Object.entries(attributes).flatMap(([name, attribute]) =>
        attribute.type === 'enum'
          ? Object.entries(attribute.values).flatMap(([value, choice]) =>
              choice.height !== undefined && choice.height !== height
                ? [`${tag}[${name}="${value}"]{min-height:${choice.height}px}`]
                : [],
            )
          : [],
      );
      return `${tag}{min-height:${height}px}${views.join('')}`;
    })
    .join('');
}

/**
 * The blocks' markup with each of its tags' styles written once, and inert: every shadow root's <style> is left empty
 * with its text's number (`<style data-sm-style="0"></style>`), and each text is written once, in a
 * `<template data-sm-styles>` before the first block that uses it, for route.js to fill in the block it shows before
 * the page paints it (host/boot/blocks.ts shareStyles). Every block would otherwise carry the base styles of each of
 * its tags again, most of the page's bytes; and a style in a template is not parsed as one, so a phone parses only
 * the shown block's styles, not every block's.
 */
export function shareStyles(blocks: readonly string[]): string {
  const numbers = new Map<string, number>();
  return blocks
    .map((block) => {
      const held: string[] = [];
      const markup = block.replace(/<template shadowrootmode="open"><style>([^<]*)<\/style>/g, (_, text: string) => {
        let number = numbers.get(text);
        if (number === undefined) {
          numbers.set(text, (number = numbers.size));
          held.push(`<style data-sm-style="${number}">${text}</style>`);
        }
        return `<template shadowrootmode="open"><style data-sm-style="${number}"></style>`;
      });
      return (held.length ? `<template data-sm-styles>${held.join('')}</template>` : '') + markup;
    })
    .join('');
}

/** dist/index.html with the routes' markup (BLOCKS), and the style that shows the one route.js names. */
async function prerenderPortal(): Promise<void> {
  const file = join(dist, 'index.html');
  const rendered: { block: Block; markup: string }[] = [];
  // One after another: the routes share the page's session and connection while they render.
  for (const block of BLOCKS) rendered.push({ block, markup: await prerenderRoute(block.route, block.session) });
  const blocks = rendered.map(({ block, markup }) => `${blockTag(block)}${markup}</div>`);
  const style = blockStyle(BLOCKS) + tagReserveStyle();
  const footer = await prerenderFooter();
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
    .replace('<!--prerendered routes-->', () => shareStyles(blocks))
    .replace('<!--prerendered footer-->', footer)
    .replace('</body>', `<template id="portal-failed">${failed.join('')}</template></body>`)
    .replace('</head>', `<style>${style}</style></head>`)
    // The loader too, before the portal's own script (module scripts run in order): it is small and runs first, so a
    // press or a keystroke on the prerendered route is kept and done once the route's code is there. It defines the
    // tags as on any page: each route fetches only its own tags' code, when it shows them.
    .replace(
      ROUTE_SCRIPT,
      () =>
        `${firstDataMeta(firstData(rendered))}<script src="./route.js"></script>` +
        '<script type="module" src="./widgets/loader.js"></script>',
    );
  if (!ROUTE_SCRIPT.test(page)) throw new Error(`${file}: no <script src="./route.js"> to put the loader after`);
  const written = inlineHead(page, await bundlePlainScript());
  writeFileSync(file, written);
  // The worker route.js starts, beside the page (shared/boot/intl.ts INTL_WORKER_FILE).
  writeFileSync(join(dist, INTL_WORKER_FILE), await bundlePlainScript({ script: INTL_WORKER_FILE }));
  // What the page's host must allow (docs/embedding.md): the sandbox reads it from the page as it serves it.
  console.log(
    `dist/index.html runs one inline script; its CSP needs: script-src 'self' ${scriptHashes(written).join(' ')}`,
  );
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
 * Builds the loader (tools/loader-build.ts) with the hashes of every markup file it may stamp (`stamped`, what follows
 * each file's comment), which are all it passes, and the files of each tag (the manifest of `vite build`, run before):
 * loader.js, and each loader-<tag>.js, a copy for a page that holds that tag and the script alone, with the tag's
 * English markup file in it, so that page shows the tag one round trip sooner.
 */
async function writeLoaders(english: Record<Tag, string>, stamped: string[]): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const facts = { FILES: tagFiles(manifest), WRITTEN: (await Promise.all(stamped.map(markupHash))).join(' ') };
  const widgets = join(dist, 'widgets');
  const { code, map } = await bundleLoader({ ...facts, MARKUP: {} });
  writeFileSync(join(widgets, 'loader.js'), code);
  writeFileSync(join(widgets, 'loader.js.map'), map);
  for (const tag of Object.keys(tags) as Tag[]) {
    const own = await bundleLoader({ ...facts, MARKUP: { [`markup/${tag}.html`]: english[tag] } });
    writeFileSync(join(widgets, `loader-${tag}.js`), own.code);
  }
}

/**
 * react-dom/server's development build says "useLayoutEffect does nothing on the server", with a component stack, for
 * every component that measures itself in a layout effect (the shared UI does, in the browser, before a frame is
 * painted). Here that is expected: the markup is what renders before any effect, and the browser runs the effects when
 * it hydrates. That one warning is dropped while this tool runs (not in tests that import it); every other goes on.
 */
function quietLayoutEffectWarning(): void {
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('useLayoutEffect does nothing on the server')) return;
    error(...args);
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  quietLayoutEffectWarning();
  mkdirSync(join(dist, 'snippets'), { recursive: true });
  mkdirSync(join(dist, 'widgets', 'markup'), { recursive: true });
  /** Each tag's English markup file, as written. */
  const english = {} as Record<Tag, string>;
  /** Every markup file's markup, as the loader stamps it. */
  const stamped: string[] = [];
  for (const language of LANGUAGES) {
    const suffix = language === 'en' ? '' : `.${language}`;
    const snippets = language === 'en' ? join(dist, 'snippets') : join(dist, 'snippets', language);
    mkdirSync(snippets, { recursive: true });
    for (const tag of Object.keys(tags) as Tag[]) {
      const markup = await prerender(tag, {}, language);
      const said = renderedWith(tag);
      const file = `${said ? `<!--${said}-->` : ''}${markup}`;
      if (language === 'en') english[tag] = file;
      stamped.push(markup);
      writeFileSync(join(dist, 'widgets', 'markup', `${tag}${suffix}.html`), file);
      writeFileSync(join(snippets, `${tag}.html`), snippet(tag, markup, language));
    }
  }
  await writeLoaders(english, stamped);
  await prerenderPortal();
  console.log(
    `Prerendered ${Object.keys(tags).length} tags in ${LANGUAGES.length} languages into dist/snippets and dist/widgets/markup, and ${BLOCKS.length} blocks (${BLOCKS.filter((b) => b.session === 'out').length} signed out, ${BLOCKS.filter((b) => b.session === 'in').length} signed in) into dist/index.html.`,
  );
}
