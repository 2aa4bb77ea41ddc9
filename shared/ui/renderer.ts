/**
 * The renderer given to @r2wc/core: renders an sm-* element's component into its open shadow root,
 * hydrating markup already there (a pasted snippet's declarative shadow root, or what the loader
 * stamped) so its nodes, what was typed and the focus stay (docs/design.md, docs/loader.md).
 * r2wc's own `shadow` option would attachShadow in the constructor, emptying a declarative root.
 *
 * r2wc mounts on the first attribute it reads and updates on each next one, and a root updated
 * before it has hydrated renders afresh: so the root starts once all attributes are read, in a task
 * of its own (two shorter stretches of a phone's main thread, not one long one), and an update
 * that changes nothing is dropped.
 *
 * The element's language (elementLanguage) is loaded before the root starts, so markup prerendered
 * in it hydrates as it is; markup in another language (its top element's `lang`) is replaced.
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
        // A copy of what the loader captured, for a view drawn anew (the hydrating view's models take the original).
        const putBack = keepCapture(element);
        // Hydrated at once, not as a transition: a transition's slices leave a moment where the loader has handed over
        // what it captured but React does not handle a press yet (a tap was lost in the bench).
        mounted.root = hydrateRoot(
          mounted.shadow as unknown as Element,
          createElement(Hydrated, { release, children: tree() }),
          {
            // A mismatch (another release's markup) is drawn afresh, once, with a warning for the embedder; the root
            // starts over, as React does not clear a shadow root it draws again. React 18 reports one mismatch as two
            // errors or more; an element taken off the page while hydrating is no mismatch.
            onRecoverableError: (error) => {
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
 * Hover and focus events are kept from React until it has hydrated: it would replay them by their
 * target, which an event from inside a shadow root no longer has, and the replay throws ("Cannot
 * read properties of null (reading 'dispatchEvent')"). Presses and typing hydrate at once, and the
 * loader's capture keeps those before that.
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
 * Copies what the loader captured for an element (shared/ui/capture.ts); the function answered puts the copy back,
 * so a view drawn anew after a mismatch takes what the person typed and pressed again.
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
