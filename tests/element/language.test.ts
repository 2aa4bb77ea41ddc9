/// <reference types="mocha" />
/**
 * The language a tag shows: its `language` attribute, else the nearest `lang` of the page around
 * it (through shadow roots), else English. Tried with the pseudo-locale en-XA (accented text
 * between ⟦ ⟧, right to left), which the test server builds beside English.
 */
import { expect } from 'chai';
import '../../widgets/newsletter/newsletter.element';
import { cleanup, fixture, text, type, waitFor } from './support';

/** The top element of the tag's shadow root (it carries the tag's lang and dir). */
const top = (el: HTMLElement) => el.shadowRoot!.querySelector('[lang]')!;
const pseudo = (el: HTMLElement) => /⟦.*⟧/.test(text(el));

describe('the language of a tag', () => {
  const holders: HTMLElement[] = [];
  afterEach(() => {
    for (const holder of holders.splice(0)) holder.remove();
    cleanup();
  });
  /** The tag inside `outer` (HTML with one empty element), appended to the page. */
  async function inside(outer: string, tag: string): Promise<HTMLElement> {
    const holder = document.createElement('div');
    holder.innerHTML = outer;
    document.body.append(holder);
    holders.push(holder);
    const slot = holder.querySelector('[data-here]')!;
    const wrapper = document.createElement('div');
    wrapper.innerHTML = tag;
    const element = wrapper.firstElementChild as HTMLElement;
    slot.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('form'));
    return element;
  }

  it('is English on a page that names no language, with lang="en" and dir="ltr" on its top element', async () => {
    const el = await fixture('<sm-newsletter></sm-newsletter>');
    expect(top(el).getAttribute('lang')).to.equal('en');
    expect(top(el).getAttribute('dir')).to.equal('ltr');
    expect(text(el)).to.include('Subscribe');
    expect(pseudo(el)).to.equal(false);
  });

  it('follows the nearest lang of the page around it, from its first render', async () => {
    const el = await inside(
      '<section lang="en-XA"><div><p data-here></p></div></section>',
      '<sm-newsletter></sm-newsletter>',
    );
    expect(top(el).getAttribute('lang')).to.equal('en-XA');
    expect(top(el).getAttribute('dir')).to.equal('rtl');
    expect(pseudo(el)).to.equal(true);
    expect(text(el)).not.to.include('Subscribe');
  });

  it('goes out through shadow roots to find the lang around it', async () => {
    const holder = document.createElement('div');
    holder.setAttribute('lang', 'en-XA');
    const host = document.createElement('div');
    holder.append(host);
    document.body.append(holder);
    holders.push(holder);
    const element = document.createElement('sm-newsletter');
    host.attachShadow({ mode: 'open' }).append(element);
    await waitFor(() => element.shadowRoot?.querySelector('form'));
    expect(top(element).getAttribute('lang')).to.equal('en-XA');
    expect(pseudo(element)).to.equal(true);
  });

  it('keeps English on a page in a language we do not have', async () => {
    const el = await inside('<div lang="de-DE" data-here></div>', '<sm-newsletter></sm-newsletter>');
    expect(top(el).getAttribute('lang')).to.equal('en');
    expect(pseudo(el)).to.equal(false);
  });

  it("its language attribute wins over the page's lang", async () => {
    const el = await inside('<div lang="en-XA" data-here></div>', '<sm-newsletter language="en-GB"></sm-newsletter>');
    expect(top(el).getAttribute('lang')).to.equal('en');
    expect(text(el)).to.include('Subscribe');
    const other = await inside('<div lang="en" data-here></div>', '<sm-newsletter language="en-XA"></sm-newsletter>');
    expect(top(other).getAttribute('dir')).to.equal('rtl');
    expect(pseudo(other)).to.equal(true);
  });

  it('a bad language attribute warns and shows English', async () => {
    const original = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      const el = await inside(
        '<div lang="en-XA" data-here></div>',
        '<sm-newsletter language="klingon"></sm-newsletter>',
      );
      expect(top(el).getAttribute('lang')).to.equal('en');
      expect(warnings.join('\n')).to.match(/\[sm-newsletter\] language="klingon" is not available/);
    } finally {
      console.warn = original;
    }
  });

  it("redraws in the new language when the page's lang or its attribute changes, keeping what was typed", async () => {
    const el = await inside('<div lang="en" data-here></div>', '<sm-newsletter></sm-newsletter>');
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]')!;
    type(input, 'reader@example.org');
    el.parentElement!.setAttribute('lang', 'en-XA');
    await waitFor(() => pseudo(el) && top(el).getAttribute('dir') === 'rtl');
    expect(el.shadowRoot!.querySelector('input[type="email"]')).to.equal(input);
    expect(input.value).to.equal('reader@example.org');
    el.setAttribute('language', 'en');
    await waitFor(() => !pseudo(el) && top(el).getAttribute('lang') === 'en');
  });
});
