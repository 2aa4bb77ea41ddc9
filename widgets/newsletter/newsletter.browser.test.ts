/// <reference types="mocha" />
import { expect } from 'chai';
import '../../widgets/newsletter/newsletter.element';
import {
  expectAccessible,
  failed,
  fakeApiPerTest,
  fixture,
  ok,
  text,
  type,
  waitFor,
} from '../../tests/element/support';

describe('<sm-newsletter>', () => {
  const serve = fakeApiPerTest();

  it('is disabled while empty, shows Sending..., then the server message for 3 seconds', async () => {
    let release: () => void = () => {};
    const api = serve({
      'POST /subscribe-newsletter': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(null, 'Thank you for subscribing to our newsletter!'));
        }),
    });
    const el = await fixture('<sm-newsletter></sm-newsletter>');
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(button.disabled).to.equal(true);
    el.shadowRoot!.querySelector('form')!.requestSubmit();
    expect(api.calls.length).to.equal(0);
    await expectAccessible(el);
    type(input, 'reader@example.org');
    await waitFor(() => !button.disabled);
    const subscribed = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('sm-newsletter-subscribed', (e) => resolve(e as CustomEvent), { once: true }),
    );
    button.click();
    await waitFor(() => button.textContent === 'Sending...' && button.disabled);
    release();
    await waitFor(() => text(el).includes('Thank you for subscribing to our newsletter!'));
    // The message sits centred at the foot of the window and uses the room it has: it wraps only in a toast as wide as it may be
    // (480 px, or the window less 16 px each side). It used to be squeezed into half the window.
    const toast = el.shadowRoot!.querySelector<HTMLElement>('[part~="toast"]')!;
    const box = toast.getBoundingClientRect();
    expect(Math.abs(box.left - (innerWidth - box.right))).to.be.lessThan(2);
    const message = document.createRange();
    message.selectNodeContents(toast.querySelector('span')!);
    if (message.getClientRects().length > 1) expect(box.width).to.be.closeTo(Math.min(480, innerWidth - 32), 1);
    expect((await subscribed).detail).to.deep.equal({ email: 'reader@example.org' });
    await waitFor(() => !text(el).includes('Thank you for subscribing'), 4000);
  });

  it('before its code comes, its markup is as tall as the view: the needs-JavaScript line takes no room until shown', async () => {
    serve({});
    const el = await fixture('<sm-newsletter></sm-newsletter>');
    await waitFor(() => el.shadowRoot!.querySelector('form'));
    // The same markup in a tag whose code never comes (not defined), as on a page before the script has run.
    const early = document.createElement('sm-newsletter-early');
    early.attachShadow({ mode: 'open' }).innerHTML = el.shadowRoot!.innerHTML;
    document.body.append(early);
    try {
      const line = early.shadowRoot!.querySelector('.sm-needs-script')!;
      expect(getComputedStyle(line).visibility).to.equal('hidden');
      expect(getComputedStyle(line).animationName).to.equal('sm-reveal');
      const height = (tag: HTMLElement) => tag.shadowRoot!.querySelector('.sm-card')!.getBoundingClientRect().height;
      expect(height(early)).to.equal(height(el));
    } finally {
      early.remove();
    }
  });

  it('shows the server error message', async () => {
    serve({ 'POST /subscribe-newsletter': () => failed(400, 'email: must be a valid email') });
    const el = await fixture('<sm-newsletter></sm-newsletter>');
    type(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]')!, 'nope');
    await waitFor(() => !el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled);
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const toast = await waitFor(() => el.shadowRoot!.querySelector('[role="alert"]'));
    expect(toast.textContent).to.contain('email: must be a valid email');
  });

  it('draws itself afresh, once, over prerendered markup that does not match (another release)', async () => {
    const warn = console.warn;
    const warned: string[] = [];
    console.warn = (message: unknown) => warned.push(String(message));
    // React 18's development build rethrows the mismatch it has handled, to the page, as uncaught; its production
    // build only hands it to onRecoverableError (the renderer's warning, checked below, and tests/e2e).
    const onerror = window.onerror;
    window.onerror = (message, ...rest) =>
      /Hydration failed/.test(String(message)) ? true : onerror?.call(window, message, ...rest);
    const wrapper = document.createElement('div');
    wrapper.setHTMLUnsafe(
      '<sm-newsletter><template shadowrootmode="open"><div class="sm-root" lang="en" dir="ltr"><div class="sm-card"><form><h2>An older heading</h2><button type="submit">Join</button></form></div></div></template></sm-newsletter>',
    );
    const el = wrapper.firstElementChild as HTMLElement;
    try {
      expect(text(el)).to.contain('An older heading');
      document.body.append(el);
      await waitFor(() => text(el).includes('Join our newsletter'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The new drawing only: React leaves a shadow root's old markup in place when it draws again.
      expect(text(el)).not.to.contain('An older heading');
      expect(el.shadowRoot!.querySelectorAll('form')).to.have.length(1);
      expect(el.shadowRoot!.querySelectorAll('button[type="submit"]')).to.have.length(1);
      // Once: React 18 reports a mismatch as two errors (the mismatch, then the switch to drawing the root afresh).
      expect(warned.filter((m) => m.includes('did not match this version'))).to.have.length(1);
    } finally {
      console.warn = warn;
      window.onerror = onerror;
      el.remove();
    }
  });
});
