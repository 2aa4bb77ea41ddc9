/**
 * Prerenders every tag's first view at build time (react-dom/server), as a visitor who is not
 * signed in sees it before any data arrives: a form as it is, and where a view needs data a
 * skeleton that holds its place. Run after `vite build`; writes into dist/:
 *
 * - dist/snippets/<tag>.html: the tag with its declarative shadow root inside, to paste where the
 *   tag goes (the browser attaches it while parsing the page, no script needed);
 * - dist/widgets/markup/<tag>.html: the shadow root's content alone, which the loader fetches and
 *   stamps into a tag that came without it.
 *
 * The markup is rendered by the same component the element renders (shared/ui/define.ts
 * elementComponent), so hydration finds exactly what React renders.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { elementComponent, type ElementSpec } from '../shared/ui/define';
import { tags, type Tag } from '../widgets/tags';

const dist = join(import.meta.dirname, '..', 'dist');

/** The shadow root's markup of a tag's first view. */
export async function prerender(tag: Tag): Promise<string> {
  const name = tag.slice('sm-'.length);
  const module = (await import(`../widgets/${name}/${name}.element.ts`)) as { default: ComponentType<object> };
  const Element = elementComponent(tag, module.default as never, tags[tag] as ElementSpec);
  return renderToString(createElement(Element, {}));
}

/** The snippet an embedder pastes: the tag with its declarative shadow root. */
export function snippet(tag: Tag, markup: string): string {
  return `<${tag}><template shadowrootmode="open">${markup}</template></${tag}>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(join(dist, 'snippets'), { recursive: true });
  mkdirSync(join(dist, 'widgets', 'markup'), { recursive: true });
  for (const tag of Object.keys(tags) as Tag[]) {
    const markup = await prerender(tag);
    writeFileSync(join(dist, 'widgets', 'markup', `${tag}.html`), markup);
    writeFileSync(join(dist, 'snippets', `${tag}.html`), snippet(tag, markup));
  }
  console.log(`Prerendered ${Object.keys(tags).length} tags into dist/snippets and dist/widgets/markup.`);
}
