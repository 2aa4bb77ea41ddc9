/// <reference types="mocha" />
/**
 * Theming: the --sm-* custom properties reach a tag from the element itself or from any ancestor
 * of the page, and the defaults hold where the page sets nothing.
 */
import { expect } from 'chai';
import '../../widgets/newsletter/newsletter.element';
import { cleanup, waitFor } from './support';

const card = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('[part~="card"]')!;

describe('theming with --sm-* custom properties', () => {
  const holders: HTMLElement[] = [];
  afterEach(() => {
    for (const holder of holders.splice(0)) holder.remove();
    cleanup();
  });
  async function place(html: string): Promise<HTMLElement> {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    document.body.append(holder);
    holders.push(holder);
    const element = holder.querySelector<HTMLElement>('sm-newsletter')!;
    await waitFor(() => element.shadowRoot?.querySelector('[part~="card"]'));
    return element;
  }

  it('takes them from an ancestor of the page', async () => {
    const el = await place(
      '<section style="--sm-color-surface: rgb(1, 2, 3); --sm-radius: 3px"><div><sm-newsletter theme="light"></sm-newsletter></div></section>',
    );
    expect(getComputedStyle(card(el)).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(card(el)).borderTopLeftRadius).to.equal('3px');
  });

  it('takes them from the element itself, over an ancestor', async () => {
    const el = await place(
      '<section style="--sm-color-surface: rgb(1, 2, 3)"><sm-newsletter theme="light" style="--sm-color-surface: rgb(4, 5, 6)"></sm-newsletter></section>',
    );
    expect(getComputedStyle(card(el)).backgroundColor).to.equal('rgb(4, 5, 6)');
  });

  it('keeps its own light and dark defaults where the page sets nothing', async () => {
    const light = await place('<sm-newsletter theme="light"></sm-newsletter>');
    const dark = await place('<sm-newsletter theme="dark"></sm-newsletter>');
    expect(getComputedStyle(card(light)).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(getComputedStyle(card(dark)).backgroundColor).to.equal('rgb(27, 24, 32)');
  });
});
