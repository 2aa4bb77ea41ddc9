/**
 * Registers a React component as a custom element with r2wc, guarded so that a second copy
 * of the script on a page (or the loader and a per-tag module together) does not throw: the
 * first definition of a tag wins, later ones are skipped.
 *
 * Every sm-* element also gets here, in one place:
 * - the attributes all tags share, validated: `theme` (light | dark; anything else warns and
 *   follows prefers-color-scheme, which the base styles do for any value but "light"/"dark")
 *   and `language` (only English exists: other values warn and English is shown);
 * - its reserved height from the moment it is defined (an adopted style sheet on the shadow
 *   root: `:host { display: block; min-height }`, per view where given; values in
 *   widgets/tags.ts), so the page does not move while the widget's code loads and React renders.
 *
 * Kept free of app imports: the loader uses it, and it ships in the shared runtime chunk.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

export type PropType = 'string' | 'number' | 'boolean' | 'json';

export interface TagSpec<P = Record<string, unknown>> {
  /** Component props set from attributes (camelCase; the attribute is kebab-case). */
  readonly props: Partial<Record<keyof P & string, PropType>>;
  /** Height in CSS pixels the element keeps from the moment it is defined (its :host min-height). */
  readonly minHeight?: number;
  /** The same for particular values of the `view` attribute. */
  readonly views?: Readonly<Record<string, number>>;
}

/** The reserved-height style sheet of a tag: `:host { display: block; min-height }`, per view where given. */
export function reserveCss(spec: Pick<TagSpec, 'minHeight' | 'views'>): string {
  let css = `:host{display:block;min-height:${spec.minHeight ?? 0}px}`;
  for (const [view, height] of Object.entries(spec.views ?? {})) css += `:host([view="${view}"]){min-height:${height}px}`;
  return `${css}:host([hidden]){display:none}`;
}

export const THEMES = ['light', 'dark'] as const;
export const LANGUAGES = ['en'] as const;

/**
 * Checks an attribute every sm-* element shares. Returns the console message for a bad value
 * (saying what to write instead and what is shown meanwhile), or null when the value is fine.
 */
export function checkSharedAttribute(tag: string, name: string, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (name === 'theme' && !(THEMES as readonly string[]).includes(value)) {
    return `[${tag}] Unknown theme="${value}". Use theme="light" or theme="dark", or leave it out to follow the system's colour scheme (used meanwhile).`;
  }
  const lang = value.toLowerCase();
  if (name === 'language' && !LANGUAGES.some((l) => lang === l || lang.startsWith(`${l}-`))) {
    return `[${tag}] language="${value}" is not available: only "en" exists for now. Showing English.`;
  }
  return null;
}

type R2wcElement = HTMLElement & {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};
type R2wcClass = { new (): R2wcElement; readonly observedAttributes: string[] };

/** A constructable style sheet, or null where they are missing (the element then just has no reserved height). */
function sheetOf(css: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return null;
  }
}

export function defineWidget<P extends object>(tag: `sm-${string}`, component: ComponentType<P>, spec: TagSpec<P>): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  let reserve: CSSStyleSheet | null | undefined;
  const Base = r2wc(component, { shadow: 'open', props: spec.props as Record<string, PropType> } as never) as unknown as R2wcClass;
  class SmElement extends Base {
    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, 'theme', 'language'];
    }
    constructor() {
      super();
      // One sheet per tag, adopted by each element: its reserved height applies before React renders.
      if (reserve === undefined) reserve = spec.minHeight || spec.views ? sheetOf(reserveCss(spec)) : null;
      if (reserve && this.shadowRoot) this.shadowRoot.adoptedStyleSheets = [reserve];
    }
    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (name === 'theme' || name === 'language') {
        const message = checkSharedAttribute(tag, name, value);
        if (message && value !== old) console.warn(message);
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }
  }
  customElements.define(tag, SmElement);
}
