/**
 * Registers a React component as a custom element (@r2wc/core and renderer.ts) from its entry in
 * widgets/tags.ts:
 * - a guarded define: a second copy of the script does not throw; the first definition wins;
 * - typed, valid props from its attributes; a bad value warns in the console and the component
 *   gets the default (null for a patterned one); `prop: false` attributes are checked, not passed;
 * - a reserved height from definition on, so the page does not move while the widget loads.
 *
 * Free of app imports: it ships in the shared runtime chunk.
 */
import r2wc from '@r2wc/core';
import { createElement, type ComponentType } from 'react';
import { languageChanged } from '../i18n/catalogue';
import { matchLanguage, PSEUDO } from '../i18n/languages';
import { normaliseBase } from '../boot/boot';
import { propName, type PropName } from './prop-name';
import { shadowRenderer } from './renderer';
import { ReserveContext } from './reserve';

/** One allowed value of an enumerated attribute. */
export interface Choice {
  /** What the value shows, for the docs (for a language, its name in messages). */
  readonly description?: string;
  /** The reserved height with this value, when it differs from the tag's. */
  readonly height?: number;
}

interface AttributeBase {
  /** `false`: read by the element itself (styles, checks), not passed to the component. */
  readonly prop?: false;
}
/** `string`: any text. `url`: an http(s) address without its trailing slash; another value warns and is dropped. */
export interface TextAttribute extends AttributeBase {
  readonly type: 'string' | 'url';
}
/** Text of one form, e.g. a mission id; another form warns and gives null (there is no default to show). */
export interface PatternAttribute extends AttributeBase {
  readonly type: 'string';
  /** A regular expression's source the whole value must match. */
  readonly pattern: string;
  /** What to give instead, for the warning, e.g. 'a mission id, such as mission="2"'. */
  readonly hint: string;
}
/** One of `values`, else the default (with a warning when set to another value). */
export interface EnumAttribute extends AttributeBase {
  readonly type: 'enum';
  readonly values: Readonly<Record<string, Choice>>;
  readonly default?: string;
  /** Without a default: what the element does when unset, e.g. "follow the system's colour scheme". */
  readonly whenUnset?: string;
}
/** A language tag matching one of `values`, or the pseudo-locale "en-XA"; anything else warns and shows the default. */
export interface LanguageAttribute extends AttributeBase {
  readonly type: 'language';
  readonly values: Readonly<Record<string, Choice>>;
  readonly default: string;
}
export type AttributeSpec = TextAttribute | PatternAttribute | EnumAttribute | LanguageAttribute;

/** What registration reads of a tag's entry; the build ships only this much of the table. */
export interface ElementSpec {
  /** Reserved height in CSS pixels (its :host min-height). */
  readonly height: number;
  /** Attribute name (kebab-case) -> how to read it. */
  readonly attributes: Readonly<Record<string, AttributeSpec>>;
}

type Passed<A> = { [K in keyof A as A[K] extends { readonly prop: false } ? never : K]: A[K] };
type ValueOf<A> = A extends { readonly type: 'enum'; readonly values: infer V }
  ? keyof V & string
  : A extends { readonly pattern: string }
    ? string | null
    : string;
type Always<A> = {
  [K in keyof A & string as A[K] extends { readonly default: string } ? PropName<K> : never]: ValueOf<A[K]>;
};
type Maybe<A> = {
  [K in keyof A & string as A[K] extends { readonly default: string } ? never : PropName<K>]?: ValueOf<A[K]>;
};
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The props from an element spec: those with a default always set, the others optional. */
export type PropsOf<E extends ElementSpec> = Flat<Always<Passed<E['attributes']>> & Maybe<Passed<E['attributes']>>>;

/** What r2wc adds to the props: the element's shadow root, where the widget renders. */
export interface HostProps {
  container?: ShadowRoot;
}

const has = (values: Readonly<Record<string, Choice>>, value: string) => Object.hasOwn(values, value);
const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
/** ['a', 'b', 'c'] -> 'a, b or c' */
const either = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** Reads one attribute: the value the component gets and, for a bad value, the console warning. */
export function parseAttribute(
  tag: string,
  name: string,
  spec: AttributeSpec,
  raw: string | null | undefined,
): { value: string | null | undefined; problem: string | null } {
  if (spec.type === 'enum') {
    if (!raw || has(spec.values, raw)) return { value: raw || spec.default, problem: null };
    const allowed = Object.keys(spec.values);
    const problem =
      spec.default !== undefined
        ? `[${tag}] Unknown ${name}="${raw}". Use one of: ${allowed.join(', ')}. Showing "${spec.default}".`
        : `[${tag}] Unknown ${name}="${raw}". Use ${either(allowed.map((v) => `${name}="${v}"`))}, or leave it out${spec.whenUnset ? ` to ${spec.whenUnset}` : ''} (used meanwhile).`;
    return { value: spec.default, problem };
  }
  if (spec.type === 'language') {
    const allowed = Object.keys(spec.values);
    const language = matchLanguage(raw);
    if (!raw || (language && (allowed.includes(language) || language === PSEUDO)))
      return { value: language ?? spec.default, problem: null };
    const shown = spec.values[spec.default]?.description ?? `"${spec.default}"`;
    return {
      value: spec.default,
      problem: `[${tag}] ${name}="${raw}" is not available: only ${quoted(allowed)} ${allowed.length === 1 ? 'exists' : 'exist'} for now. Showing ${shown}.`,
    };
  }
  if ('pattern' in spec && raw) {
    if (new RegExp(`^(?:${spec.pattern})$`).test(raw)) return { value: raw, problem: null };
    return { value: null, problem: `[${tag}] Ignoring ${name}="${raw}": give ${spec.hint}.` };
  }
  if (spec.type === 'url' && raw) {
    // Normalised as shared/boot/boot.ts keys storage by it, so each address is read one way.
    const url = normaliseBase(raw);
    if (url === null)
      return {
        value: undefined,
        problem: `[sm] Ignoring ${name}="${raw}": give an absolute http(s) URL such as https://portal.example.org.`,
      };
    return { value: url, problem: null };
  }
  return { value: raw || undefined, problem: null };
}

/** The component's props from r2wc's raw strings (keyed by prop name). */
export function propsFrom(
  tag: string,
  spec: ElementSpec,
  raw: Readonly<Record<string, unknown>>,
): Record<string, string | null | undefined> {
  const props: Record<string, string | null | undefined> = {};
  for (const [name, attribute] of Object.entries(spec.attributes)) {
    if (attribute.prop === false) continue;
    const value = raw[propName(name)];
    props[propName(name)] = parseAttribute(tag, name, attribute, typeof value === 'string' ? value : undefined).value;
  }
  return props;
}

/** A tag's reserved-height style sheet, per attribute value where given. */
export function reserveCss(spec: ElementSpec): string {
  let css = `:host{display:block;min-height:${spec.height}px}`;
  for (const [name, attribute] of Object.entries(spec.attributes)) {
    if (attribute.type !== 'enum') continue;
    for (const [value, choice] of Object.entries(attribute.values)) {
      if (choice.height !== undefined && choice.height !== spec.height)
        css += `:host([${name}="${value}"]){min-height:${choice.height}px}`;
    }
  }
  return `${css}:host([hidden]){display:none}`;
}

type R2wcElement = HTMLElement & {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  connectedCallback(): void;
};
type R2wcClass = { new (): R2wcElement; readonly observedAttributes: string[] };

/** A constructable style sheet, or null where unsupported (no reserved height then). */
function sheetOf(css: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return null;
  }
}

/** What an element renders: the widget with parsed props, and its reserved height; tools/prerender.tsx uses it too. */
export function elementComponent<E extends ElementSpec>(
  tag: string,
  component: ComponentType<NoInfer<PropsOf<E>> & HostProps>,
  spec: E,
) {
  const reserve = reserveCss(spec);
  return (raw: Record<string, unknown>) =>
    createElement(
      ReserveContext.Provider,
      { value: reserve },
      createElement(component as ComponentType<object>, { ...raw, ...propsFrom(tag, spec, raw) }),
    );
}

export function defineWidget<E extends ElementSpec>(
  tag: `sm-${string}`,
  component: ComponentType<NoInfer<PropsOf<E>> & HostProps>,
  spec: E,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const entries = Object.entries(spec.attributes);
  const passed = entries.filter(([, a]) => a.prop !== false).map(([name]) => propName(name));
  const own = entries.filter(([, a]) => a.prop === false).map(([name]) => name);
  const Parsed = elementComponent(tag, component, spec);
  const Base = r2wc(
    Parsed,
    { props: Object.fromEntries(passed.map((p) => [p, 'string'])) } as never,
    shadowRenderer,
  ) as unknown as R2wcClass;
  let reserve: CSSStyleSheet | null | undefined;
  class SmElement extends Base {
    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...own];
    }
    override connectedCallback(): void {
      // One sheet per tag, adopted by each shadow root, reserves the height before React renders.
      if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
      if (reserve === undefined) reserve = sheetOf(reserveCss(spec));
      if (reserve && this.shadowRoot && !this.shadowRoot.adoptedStyleSheets.includes(reserve))
        this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, reserve];
      super.connectedCallback();
    }
    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const attribute = spec.attributes[name];
      if (attribute && value !== old) {
        const { problem } = parseAttribute(tag, name, attribute, value);
        if (problem) console.warn(problem);
        if (attribute.type === 'language') languageChanged();
      }
      if (attribute?.prop !== false) super.attributeChangedCallback(name, old, value);
    }
  }
  customElements.define(tag, SmElement);
}
