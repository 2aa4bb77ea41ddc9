/**
 * What a person did to a prerendered tag before its code arrived, as the loader (widgets/loader.ts)
 * records it: the text typed into each field (by the field's `name`), the actions taken (by the
 * `data-sm-action` of the form submitted or the button clicked) and where the focus was.
 *
 * The loader writes it; the element takes it once, when its code arrives, and hands it to its
 * model before React hydrates the markup, so what the model renders is what the person sees.
 * Kept on globalThis so the loader and the element code (separate files) share one store.
 */

export interface Capture {
  /** Field name -> the text in it. */
  readonly fields: Record<string, string>;
  /** The actions taken, in order (each at most once). */
  readonly actions: string[];
}

const KEY = Symbol.for('sm.capture');
type Holder = { [KEY]?: WeakMap<Element, Capture> };

/** The page's store of captures, by element. */
export function captures(): WeakMap<Element, Capture> {
  return ((globalThis as Holder)[KEY] ??= new WeakMap());
}

/** Takes (and forgets) what was captured for an element. */
export function takeCapture(element: Element | null): Capture | null {
  if (!element) return null;
  const store = captures();
  const capture = store.get(element) ?? null;
  store.delete(element);
  return capture;
}
