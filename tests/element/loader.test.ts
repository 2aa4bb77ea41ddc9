/// <reference types="mocha" />
/**
 * The loader (widgets/loader.ts) in Chromium: it defines every sm-* tag at once, keeps an
 * element's reserved height while its code loads, then renders the widget; a per-tag module
 * loaded beside it does not fight it.
 */
import { expect } from 'chai';
import '../../widgets/loader';
import { tags } from '../../widgets/tags';
import { cleanup, fixture, waitFor } from './support';

describe('the loader', () => {
  afterEach(cleanup);

  it('defines every tag', () => {
    for (const tag of Object.keys(tags)) expect(customElements.get(tag), tag).to.not.equal(undefined);
  });

  it('renders a widget once its code has loaded, in the space it kept', async () => {
    const el = document.createElement('sm-newsletter');
    document.body.append(el);
    try {
      expect(el.getBoundingClientRect().height).to.equal(tags['sm-newsletter'].height);
      await waitFor(() => el.shadowRoot?.querySelector('[part~="card"]'), 10000);
      expect(el.shadowRoot!.querySelector('input[type="email"]')).to.not.equal(null);
    } finally {
      el.remove();
    }
  });

  it('leaves the tag to the loader when the per-tag module is imported too', async () => {
    const defined = customElements.get('sm-survey');
    await import('../../widgets/survey/survey.element');
    expect(customElements.get('sm-survey')).to.equal(defined);
    const el = await fixture('<sm-newsletter></sm-newsletter>');
    expect(el.shadowRoot!.querySelector('[part~="card"]')).to.not.equal(null);
  });
});
