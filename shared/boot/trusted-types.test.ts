// @vitest-environment happy-dom
/**
 * The page's one Trusted Types policy (shared/boot/trusted-types.ts): it passes markup only byte for byte as the build
 * wrote it and text with no markup in it, and it is out of page script's reach; every copy of the module shares the
 * text-only way to it, which passes nothing else.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerender } from '../../tools/prerender';
import { tags, type Tag } from '../../widgets/tags';
import { LANGUAGES } from './boot';
import { acceptHTML } from './trusted-types';

const STORE = Symbol.for('sm.trusted-text');
const page = globalThis as { trustedTypes?: unknown; [STORE]?: unknown };

/** A browser's trustedTypes whose policies wrap what their rules return (as TrustedHTML does). */
function browserTrustedTypes(refuse = false) {
  const created: { name: string; createHTML(html: string): unknown }[] = [];
  const createPolicy = vi.fn((name: string, rules: { createHTML(html: string): string }) => {
    if (refuse || created.some((p) => p.name === name)) throw new TypeError(`Policy ${name} disallowed.`);
    const policy = { name, createHTML: (html: string) => ({ trusted: rules.createHTML(html) }) };
    created.push(policy);
    return policy;
  });
  page.trustedTypes = { createPolicy };
  return { createPolicy, created };
}

/** A fresh copy of the module, as each script of ours on a page carries its own. */
const copy = async () => {
  vi.resetModules();
  return import('./trusted-types');
};

afterEach(() => {
  delete page.trustedTypes;
  delete page[STORE];
});

const HARMFUL = [
  '<input autofocus onfocus =alert(1)>',
  '<img src=x /onerror=alert(1)>',
  '<img src=x\nonerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<object data="https://evil.example/x"></object>',
  '<embed src="https://evil.example/x">',
  '<base href="https://evil.example/">',
  '<style>@import "https://evil.example/x.css"</style>',
  '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  '<p>Hello</p>',
];

describe('acceptHTML', () => {
  it('passes text with no markup in it, and markup only when it is one the build wrote', () => {
    const css = ':host{display:block}.sm-root > p{margin:0}';
    expect(acceptHTML(css, new Set())).toBe(css);
    expect(acceptHTML('', new Set())).toBe('');
    expect(acceptHTML('<p>ours</p>', new Set(['<p>ours</p>']))).toBe('<p>ours</p>');
    for (const html of HARMFUL) expect(() => acceptHTML(html, new Set(['<p>ours</p>'])), html).toThrow(TypeError);
  });
});

describe('trustedMarkup', () => {
  beforeEach(() => browserTrustedTypes());

  it.each(Object.keys(tags) as Tag[])(
    "passes %s's markup, in every language, byte for byte as the build writes it",
    async (tag) => {
      const { markupHash, trustedMarkup } = await copy();
      const markups = await Promise.all(LANGUAGES.map((language) => prerender(tag, {}, language)));
      const list = (await Promise.all(markups.map(markupHash))).join(' ');
      for (const markup of markups) expect(await trustedMarkup(markup, list)).toEqual({ trusted: markup });
    },
  );

  it('refuses markup not on the list: attacker markup, and a file of ours changed by one character', async () => {
    const { markupHash, trustedMarkup } = await copy();
    const ours = await prerender('sm-newsletter', {}, 'en');
    const list = await markupHash(ours);
    for (const html of [
      ...HARMFUL,
      `${ours} `,
      ours.replace('Subscribe', 'Subscr1be'),
      `${ours}<img src=x onerror=alert(1)>`,
    ])
      expect(await trustedMarkup(html, list), html.slice(0, 60)).toBeNull();
  });

  it('hashes as the build does: the first 12 bytes of SHA-256, in base64', async () => {
    const { markupHash } = await copy();
    // SHA-256('abc') = ba7816bf 8f01cfea 414140de 5dae2223 …
    expect(await markupHash('abc')).toBe(
      btoa(String.fromCharCode(0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde)),
    );
  });

  it('is null in a copy that did not create the policy: only the copy holding it vouches for markup', async () => {
    const first = await copy();
    const second = await copy();
    const ours = '<p>ours</p>';
    const list = await first.markupHash(ours);
    expect(await second.trustedMarkup(ours, list)).toBeNull();
    expect(await first.trustedMarkup(ours, list)).toEqual({ trusted: ours });
  });
});

describe('the policy, out of reach', () => {
  it('is created once, as the first copy loads, named sm-portal; page script finds no way to it that passes markup', async () => {
    const { createPolicy, created } = browserTrustedTypes();
    const first = await copy();
    await copy();
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(created.map((p) => p.name)).toEqual(['sm-portal']);
    expect(first.TRUSTED_TYPES_POLICY).toBe('sm-portal');
    // What page script can find: the page store's text-only way, which refuses every markup, even one the build
    // wrote and the policy passed.
    const ours = '<p>ours</p>';
    expect(await first.trustedMarkup(ours, await first.markupHash(ours))).toEqual({ trusted: ours });
    const reachable = Object.getOwnPropertySymbols(globalThis)
      .filter((s) => Symbol.keyFor(s)?.startsWith('sm.'))
      .map((s) => (globalThis as Record<symbol, unknown>)[s]);
    expect(reachable.length).toBeGreaterThan(0);
    for (const value of reachable) {
      expect(value).not.toBe(created[0]);
      if (typeof value === 'function')
        for (const html of [...HARMFUL, ours]) expect(() => (value as (t: string) => unknown)(html), html).toThrow();
    }
    // And the name is taken: page script cannot create it again.
    expect(() => createPolicy('sm-portal', { createHTML: (h: string) => h })).toThrow(TypeError);
  });

  it('passes text with no markup through it for every copy (a style sheet, an empty template)', async () => {
    browserTrustedTypes();
    await copy();
    const widgets = await copy();
    expect(widgets.trustedText('p{}')).toEqual({ trusted: 'p{}' });
    expect(widgets.trustedText('')).toEqual({ trusted: '' });
    expect(() => widgets.trustedText('<p>x</p>')).toThrow(/sm-portal refused HTML/);
  });

  it('is the string itself where the browser has no Trusted Types (and when prerendering)', async () => {
    const { trustedText, trustedMarkup, markupHash } = await copy();
    expect(trustedText('p{}')).toBe('p{}');
    expect(await trustedMarkup('<p>x</p>', await markupHash('<p>x</p>'))).toBe('<p>x</p>');
    expect(await trustedMarkup('<p>y</p>', await markupHash('<p>x</p>'))).toBeNull();
  });

  it('is the string itself on a page that does not allow the policy (its sinks then refuse it), and vouches for no markup', async () => {
    const { createPolicy } = browserTrustedTypes(true);
    const { trustedText, trustedMarkup, markupHash } = await copy();
    expect(trustedText('p{}')).toBe('p{}');
    expect(trustedText('q{}')).toBe('q{}');
    expect(await trustedMarkup('<p>x</p>', await markupHash('<p>x</p>'))).toBeNull();
    expect(createPolicy).toHaveBeenCalledTimes(1);
  });
});
