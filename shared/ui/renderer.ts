/**
 * How an sm-* element renders its React component (the renderer given to @r2wc/core): into the
 * element's open shadow root. When the shadow root is already there with markup in it (a
 * declarative shadow root from a pasted snippet, or markup the loader stamped), React hydrates
 * that markup: the same nodes stay, with what was typed into them and where the focus is.
 * Otherwise the root is attached and rendered.
 *
 * (r2wc's own `shadow` option cannot be used: it calls attachShadow in the constructor, which
 * empties a declarative shadow root.)
 *
 * r2wc asks to mount on the first attribute it reads and to update on each following one; a
 * hydrating root that gets an update before it has hydrated gives up and renders afresh. So the
 * root starts once the element's attributes are all read, and an update that changes nothing is
 * dropped. It starts in a task of its own, not in the one that ran the widget's modules, so
 * a phone's main thread is held in two shorter stretches rather than one long one.
 *
 * The element shows its language (shared/i18n/languages.ts: its `language` attribute, else the
 * page's nearest `lang`, else English) from its first render: that language's messages are
 * loaded before the root starts, so markup prerendered in it hydrates as it is. Markup in another
 * language (the top element's `lang` says which) is replaced rather than hydrated.
 */
import type { R2WCRenderer } from '@r2wc/core';
import { createElement, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { isLoaded, loadLanguage } from '../i18n/catalogue';
import { elementLanguage } from '../i18n/languages';
import { appLinkSignedIn, page } from '../boot/boot';

type Props = Record<string, unknown>;

interface Mounted {
  root: Root | null;
  props: Props;
  readonly shadow: ShadowRoot;
  readonly Component: ComponentType<Props>;
  unmounted?: boolean;
  /** A mismatch was reported, and the root drawn afresh. */
  redrawn?: boolean;
}

const same = (a: Props, b: Props) => Object.keys({ ...a, ...b }).every((key) => Object.is(a[key], b[key]));

export const shadowRenderer: R2WCRenderer<Props, Mounted> = {
  mount(element, Component, props) {
    const existing = element.shadowRoot;
    // r2wc hands the same props object each time, changed in place: keep a copy to compare with.
    const mounted: Mounted = {
      root: null,
      props: { ...props },
      shadow: existing ?? element.attachShadow({ mode: 'open' }),
      Component,
    };
    const language = elementLanguage(element);
    const tree = () => createElement(Component, { ...mounted.props, container: mounted.shadow });
    const start = () => {
      if (mounted.unmounted) return;
      if (existing && hasMarkup(existing) && markupLanguage(existing) === language) {
        const tag = element.localName;
        const release = holdContinuousEvents(mounted.shadow);
        // What the loader captured, for a view drawn anew: the models of the hydrating view take it (and it is gone).
        const putBack = keepCapture(element);
        // Hydrated at once, not as a transition: a transition's slices leave a moment where the loader has handed over
        // what it captured but React does not handle a press yet (a tap was lost in the bench).
        mounted.root = hydrateRoot(
          mounted.shadow as unknown as Element,
          createElement(Hydrated, { release, children: tree() }),
          {
            // A mismatch (another release's markup) is drawn afresh: say so for the embedder. React clears an element it
            // draws again, but not a shadow root, so the old markup would stay beside the new: the root starts over.
            onRecoverableError: (error) => {
              // Taken off the page while hydrating (a route left at once) is no mismatch. React 18 reports one mismatch as
              // two errors or more (the mismatch, then the switch to drawing the root afresh): the root is drawn once.
              if (mounted.unmounted || mounted.redrawn) return;
              mounted.redrawn = true;
              console.warn(
                `[${tag}] The prerendered markup did not match this version of the widget; it was drawn again. Use the snippet from the same release as the script.`,
                error,
              );
              // The new view's models take what the person typed and pressed (a press its model took may go twice).
              putBack();
              setTimeout(draw);
            },
          },
        );
      } else draw();
    };
    const draw = () => {
      if (mounted.unmounted) return;
      mounted.root?.unmount();
      mounted.shadow.replaceChildren();
      mounted.root = createRoot(mounted.shadow);
      mounted.root.render(tree());
    };
    // An app link the head script is signing in (host/boot/app-link.ts): the root starts once that has answered, so its
    // models never read a session not written yet.
    const signingIn = page().appLink && appLinkSignedIn();
    if (signingIn) void Promise.all([loadLanguage(language), signingIn]).then(() => setTimeout(start));
    else if (isLoaded(language)) setTimeout(start);
    else void loadLanguage(language).then(start);
    return mounted;
  },
  update(mounted, props) {
    if (same(mounted.props, props)) return;
    mounted.props = { ...props };
    mounted.root?.render(createElement(mounted.Component, { ...props, container: mounted.shadow }));
  },
  unmount(mounted) {
    mounted.unmounted = true;
    queueMicrotask(() => mounted.root?.unmount());
  },
};

/**
 * Hover and focus events on markup React has not hydrated yet are kept from React until it has.
 * React queues them to replay after hydrating, by the event's target; but an event from inside a
 * shadow root has no target any more once it has been dispatched, and the replay throws ("Cannot
 * read properties of null (reading 'dispatchEvent')"). Presses and typing are not continuous
 * events: React hydrates at once for them, and the loader's capture keeps those before that.
 */
const CONTINUOUS =
  'focusin focusout dragenter dragleave mouseover mouseout pointerover pointerout gotpointercapture lostpointercapture'.split(
    ' ',
  );

function holdContinuousEvents(shadow: ShadowRoot): () => void {
  const hold = (event: Event) => event.stopImmediatePropagation();
  for (const type of CONTINUOUS) shadow.addEventListener(type, hold, true);
  return () => {
    for (const type of CONTINUOUS) shadow.removeEventListener(type, hold, true);
  };
}

/** Calls `release` once React has hydrated the markup (its layout effects run in the same commit). */
function Hydrated({ release, children }: { release: () => void; children: ReactNode }) {
  useLayoutEffect(release, [release]);
  return children;
}

/**
 * Keeps a copy of what the loader captured for an element (shared/ui/capture.ts), and answers a function that puts
 * the copy back: should the markup not match (a snippet from another release), the view is drawn anew with new
 * models, and they take what the person typed and pressed again instead of nothing.
 */
function keepCapture(element: Element): () => void {
  const kept = page().boots.get(element);
  const copy = kept && structuredClone(kept);
  return () => copy && page().boots.set(element, copy);
}

/** The language prerendered markup is in: its top element's `lang` (markup without one is English). */
function markupLanguage(shadow: ShadowRoot): string {
  return shadow.querySelector('[lang]')?.getAttribute('lang') ?? 'en';
}

/** A shadow root holds prerendered markup (more than the reserved-height style). */
function hasMarkup(shadow: ShadowRoot): boolean {
  return [...shadow.children].some((child) => child.localName !== 'style');
}
