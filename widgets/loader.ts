/**
 * The loader (dist/widgets/loader.js): one script tag defines every sm-* tag at once, and a
 * widget's code is fetched only when one of its elements is connected to the page.
 *
 *   <script type="module" src="https://portal.example.org/widgets/loader.js"></script>
 *   <sm-donate mission="2"></sm-donate>
 *
 * Each tag not yet defined is defined (with the guarded define every per-tag module uses, so
 * the loader and e.g. sm-donate.js on one page never fight) as a small component that starts
 * the import when it first renders (the element is connected) and renders the widget once the
 * module is there. While the code loads the element keeps its reserved height (widgets/tags.ts),
 * so nothing on the page moves. The imported module is the tag's own entry (widgets/sm-<tag>.js),
 * the same file a page may include on its own.
 *
 * Not React.lazy and Suspense: React renders a suspended tree's retry in time slices, and the
 * widgets' inner components read signals through their parent's useSignals(); a slice boundary
 * between the two (easily hit on a slow phone) leaves the inner component unsubscribed. A state
 * update after the import renders the widget in one pass, as the per-tag module does.
 *
 * The loader itself holds only the import URLs: React, r2wc, the guarded define and the tag
 * table come from the shared runtime chunk, loaded once per page however many tags it holds.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { defineWidget } from '../shared/ui/define';
import { tags, type Tag } from './tags';

/** A tag's component, whatever its props (r2wc passes the parsed attributes and the shadow root). */
type Loaded = { default: ComponentType<object> };

/**
 * Each tag's own module, widgets/<name>/<name>.element.ts for sm-<name>, found by the bundler
 * (one lazy import per file), so the table is the only list of tags.
 */
const modules = import.meta.glob<Loaded>('./*/*.element.ts');
const moduleOf = (tag: Tag): (() => Promise<Loaded>) => {
  const name = tag.slice('sm-'.length);
  return modules[`./${name}/${name}.element.ts`] ?? (() => Promise.reject(new Error(`no module widgets/${name}/${name}.element.ts`)));
};

/** Shown in place of a widget whose code could not be fetched (offline, blocked host). */
function failed(tag: Tag, error: unknown): Loaded {
  console.error(`[${tag}] Could not load this widget's code (${String(error)}). Check that the page can reach the widgets' host, then reload.`);
  return { default: () => createElement('p', { role: 'alert', style: { padding: '16px' } }, 'This part of the page could not load. Please reload the page.') };
}

const loading = new Map<Tag, Promise<Loaded>>();
const loaded = new Map<Tag, Loaded['default']>();

/** Imports a tag's module once per page; a failure is reported and shown, not thrown. */
function load(tag: Tag): Promise<Loaded> {
  let promise = loading.get(tag);
  if (!promise) {
    promise = moduleOf(tag)()
      .catch((error: unknown) => failed(tag, error))
      .then((module) => (loaded.set(tag, module.default), module));
    loading.set(tag, promise);
  }
  return promise;
}

for (const tag of Object.keys(tags) as Tag[]) {
  const Lazy = (props: object) => {
    const [Widget, setWidget] = useState(() => loaded.get(tag) ?? null);
    if (!Widget) void load(tag); // start at once: rendering means the element is connected
    useEffect(() => {
      if (Widget) return;
      let live = true;
      void load(tag).then((module) => live && setWidget(() => module.default));
      return () => {
        live = false;
      };
    }, [Widget]);
    return Widget ? createElement(Widget, props) : null;
  };
  defineWidget(tag, Lazy, tags[tag]);
}
