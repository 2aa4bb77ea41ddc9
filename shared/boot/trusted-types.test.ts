// @vitest-environment happy-dom
/**
 * The page's one Trusted Types policy (shared/boot/boot.ts): it passes the build's own markup and the text our code
 * writes into a <style> or <template>, and refuses anything else; it is created once per page, however many copies of
 * the boot protocol ask for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerender } from '../../tools/prerender';
import { tags, type Tag } from '../../widgets/tags';
import { acceptHTML, LANGUAGES, TRUSTED_TYPES_POLICY, trustedHTML } from './boot';

const PORTAL = 'https://portal.example.org';
const file = (name: string, origin = PORTAL) => `${origin}/widgets/markup/${name}`;

describe('the sm-portal policy', () => {
  it.each(Object.keys(tags) as Tag[])(
    "passes %s's markup files, in every language, as the build writes them",
    async (tag) => {
      for (const language of LANGUAGES) {
        const markup = await prerender(tag, {}, language);
        const name = `${tag}${language === 'en' ? '' : `.${language}`}.html`;
        expect(acceptHTML(PORTAL, markup, file(name))).toBe(markup);
        // As the loader names it: the URL it fetched.
        expect(acceptHTML(PORTAL, markup, new URL(file(name)))).toBe(markup);
      }
    },
  );

  it("passes our own code's text for a <style> or <template>: no markup in it", () => {
    const css = ':host{display:block}.sm-root>p{margin:0}';
    expect(acceptHTML(PORTAL, css)).toBe(css);
    expect(acceptHTML(PORTAL, '')).toBe('');
  });

  it('refuses markup from anywhere but our markup files on our own origin', () => {
    const markup = '<style>p{}</style><p>Hello</p>';
    for (const from of [
      file('sm-login.html', 'https://evil.example'),
      file('sm-login.html', 'http://portal.example.org'),
      `${PORTAL}/widgets/sm-login.html`,
      `${PORTAL}/widgets/markup/sm-login.js`,
      `${PORTAL}/widgets/markup/login.html`,
      `${PORTAL}/upload/evil.html#/markup/sm-login.html`,
      `data:text/html,${markup}/markup/sm-login.html`,
      'markup/sm-login.html',
      '',
    ])
      expect(() => acceptHTML(PORTAL, markup, from), from).toThrow(TypeError);
  });

  it('refuses a markup file with script in it', () => {
    for (const markup of [
      '<p>Hi</p><script>alert(1)</script>',
      '<p>Hi</p><SCRIPT src="https://evil.example/x.js"></SCRIPT>',
      '<img src="x" onerror="alert(1)">',
      '<svg><a onclick=alert(1)>x</a></svg>',
    ])
      expect(() => acceptHTML(PORTAL, markup, file('sm-login.html')), markup).toThrow(TypeError);
  });

  it('refuses markup that does not say which file it is, however harmless it looks', () => {
    for (const html of ['<p>Hi</p>', '<img src=x onerror=alert(1)>', '</style><script>alert(1)</script>'])
      expect(() => acceptHTML(PORTAL, html), html).toThrow(TypeError);
  });
});

describe('trustedHTML', () => {
  const STORE = Symbol.for('sm.trusted-types');
  const page = globalThis as { trustedTypes?: unknown; [STORE]?: unknown };
  afterEach(() => {
    delete page.trustedTypes;
    delete page[STORE];
  });

  /** A browser's trustedTypes whose policies wrap what their rules return (as TrustedHTML does). */
  function browserTrustedTypes(refuse = false) {
    const createPolicy = vi.fn((name: string, rules: { createHTML(html: string, from?: string): string }) => {
      if (refuse) throw new TypeError(`Policy ${name} disallowed.`);
      return { createHTML: (html: string, from?: string) => ({ trusted: rules.createHTML(html, from) }) };
    });
    page.trustedTypes = { createPolicy };
    return createPolicy;
  }

  it('is the string itself where the browser has no Trusted Types (and when prerendering)', () => {
    expect(trustedHTML('p{}')).toBe('p{}');
    expect(trustedHTML('<p>x</p>', file('sm-login.html'))).toBe('<p>x</p>');
  });

  it('passes HTML through one policy named sm-portal, created once for every copy of the boot protocol', () => {
    const createPolicy = browserTrustedTypes();
    expect(trustedHTML('p{}')).toEqual({ trusted: 'p{}' });
    expect(trustedHTML('')).toEqual({ trusted: '' });
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe(TRUSTED_TYPES_POLICY);
    expect(TRUSTED_TYPES_POLICY).toBe('sm-portal');
    // Another copy (the loader's, the draw module's, another version's) finds the page's policy under its symbol.
    expect(page[STORE]).toBeTruthy();
  });

  it("refuses what the policy refuses, with the file's address in the error", () => {
    browserTrustedTypes();
    expect(() => trustedHTML('<p>x</p>')).toThrow(/sm-portal refused HTML/);
    expect(() => trustedHTML('<p>x</p>', file('sm-login.html', 'https://evil.example'))).toThrow(/evil\.example/);
  });

  it('is the string itself on a page that does not allow the policy (its sinks then refuse it)', () => {
    const createPolicy = browserTrustedTypes(true);
    expect(trustedHTML('p{}')).toBe('p{}');
    expect(trustedHTML('q{}')).toBe('q{}');
    expect(createPolicy).toHaveBeenCalledTimes(1);
  });
});
