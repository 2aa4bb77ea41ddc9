/// <reference types="mocha" />
/**
 * Prerendered markup is hydrated, not replaced: a tag whose shadow root already holds the
 * markup (a pasted snippet, or what the loader stamped) keeps the same nodes when its code
 * arrives, with what was typed into them; what was captured before reaches the model.
 */
import { expect } from 'chai';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { page } from '../../shared/boot/boot';
import { elementComponent, type ElementSpec } from '../../shared/ui/define';
import { Newsletter } from '../../widgets/newsletter/newsletter';
import { tags } from '../../widgets/tags';
import { fakeApi, waitFor } from './support';

/**
 * The newsletter's markup as the build prerenders it. Rendered here, before the tests watch the
 * console: React 18's server renderer warns that signals' useLayoutEffect does nothing on the
 * server when it runs where there is a window (the build prerenders in Node, where there is none).
 */
const MARKUP = renderToString(
  createElement(elementComponent('sm-newsletter', Newsletter as never, tags['sm-newsletter'] as ElementSpec), {}),
);

/** A <sm-newsletter> holding its prerendered markup, changed by `edit` (another release's markup). */
function prerendered(edit: (markup: string) => string = (markup) => markup): HTMLElement {
  const markup = edit(MARKUP);
  const element = document.createElement('sm-newsletter');
  element.attachShadow({ mode: 'open' }).innerHTML = markup;
  document.body.append(element);
  return element;
}

describe('hydrating prerendered markup', () => {
  it('keeps the nodes and what was typed, and the model takes the captured submit', async () => {
    const problems: string[] = [];
    const { warn, error } = console;
    console.warn = (...args: unknown[]) => void problems.push(args.map(String).join(' '));
    console.error = (...args: unknown[]) => void problems.push(args.map(String).join(' '));
    let release: () => void = () => {};
    const api = fakeApi({
      'POST /subscribe-newsletter': () =>
        new Promise(
          (resolve) => (release = () => resolve({ body: { status: 200, message: 'Thank you!', data: null } })),
        ),
    });
    try {
      const element = prerendered();
      const root = element.shadowRoot!;
      const input = root.querySelector<HTMLInputElement>('input[type="email"]')!;
      const button = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      input.focus();
      input.value = 'early@example.org';
      // What the loader records and shows meanwhile.
      page().boots.set(element, { fields: { email: 'early@example.org' }, actions: ['subscribe'] });
      button.textContent = 'Sending...';
      button.disabled = true;
      await import('../../widgets/newsletter/newsletter.element');
      await waitFor(() => api.calls.length === 1);
      expect(root.querySelector('input[type="email"]')).to.equal(input);
      expect(root.querySelector('button[type="submit"]')).to.equal(button);
      expect(input.value).to.equal('early@example.org');
      expect(root.activeElement).to.equal(input);
      expect(button.textContent).to.equal('Sending...');
      release();
      await waitFor(() => root.querySelector('[role="status"]')?.textContent?.includes('Thank you!'));
      expect(input.value).to.equal('');
      expect(problems).to.deep.equal([]);
      element.remove();
    } finally {
      console.warn = warn;
      console.error = error;
      api.restore();
    }
  });

  it('markup from another release is drawn again, and the new view still has what was typed and pressed', async () => {
    const problems: string[] = [];
    const { warn, error } = console;
    console.warn = (...args: unknown[]) => void problems.push(args.map(String).join(' '));
    console.error = (...args: unknown[]) => void problems.push(args.map(String).join(' '));
    const api = fakeApi({
      'POST /subscribe-newsletter': () => ({ body: { status: 200, message: 'Thank you!', data: null } }),
    });
    try {
      await import('../../widgets/newsletter/newsletter.element');
      // The element is defined: it starts on the page in a task of its own, after what the loader captured is set.
      const element = prerendered((markup) => markup.replace('Join our newsletter', 'Join our old newsletter'));
      page().boots.set(element, { fields: { email: 'stale@example.org' }, actions: ['subscribe'] });
      const root = element.shadowRoot!;
      await waitFor(() => root.querySelector('[role="status"]')?.textContent?.includes('Thank you!'));
      expect(root.querySelector('h2')?.textContent).to.equal('Join our newsletter');
      // (The hydrating view's model may have sent it already: it is sent again, for the new view to show the answer.)
      expect(api.calls.map((call) => (JSON.parse(String(call.init.body)) as { email: string }).email)).to.include(
        'stale@example.org',
      );
      expect(problems.filter((p) => p.includes('[sm-newsletter] The prerendered markup did not match'))).to.have.length(
        1,
      );
      element.remove();
    } finally {
      console.warn = warn;
      console.error = error;
      api.restore();
    }
  });
});
