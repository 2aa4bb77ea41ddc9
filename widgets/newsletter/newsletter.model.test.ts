import { describe, expect, it } from 'vitest';
import { fail, fakeDeps, ok, settle } from '../../shared/deps/testing';
import { TOAST_MS, createNewsletterModel } from './newsletter.model';

describe('newsletter model', () => {
  it('does nothing with an empty email, and the button waits for one', async () => {
    const deps = fakeDeps();
    const model = createNewsletterModel(deps);
    expect(model.canSubmit.value).toBe(false);
    model.setEmail('   ');
    await model.submit();
    expect(deps.requests).toHaveLength(0);
    expect(model.canSubmit.value).toBe(false);
  });

  it('sends the address, is busy meanwhile, then thanks with the server message for 3 seconds', async () => {
    let release: () => void = () => {};
    const deps = fakeDeps({
      routes: {
        'POST /subscribe-newsletter': () =>
          new Promise((resolve) => (release = () => resolve(ok(null, 'Thank you for subscribing!')))),
      },
    });
    const model = createNewsletterModel(deps);
    model.setEmail(' reader@example.org ');
    const sent = model.submit();
    await settle();
    expect(model.sending.value).toBe(true);
    expect(model.canSubmit.value).toBe(false);
    expect(deps.requests[0]?.body).toEqual({ email: 'reader@example.org' });
    release();
    await sent;
    expect(model.toast.value).toEqual({ tone: 'success', text: 'Thank you for subscribing!' });
    expect(model.email.value).toBe('');
    expect(deps.events).toEqual([{ type: 'sm-newsletter-subscribed', detail: { email: 'reader@example.org' } }]);
    await deps.clock.advance(TOAST_MS - 1);
    expect(model.toast.value).not.toBeNull();
    await deps.clock.advance(1);
    expect(model.toast.value).toBeNull();
  });

  it("shows the server's error and keeps what was typed", async () => {
    const deps = fakeDeps({ routes: { 'POST /subscribe-newsletter': fail(422, 'That address cannot receive mail.') } });
    const model = createNewsletterModel(deps);
    model.setEmail('nobody@invalid');
    await model.submit();
    expect(model.toast.value).toEqual({ tone: 'error', text: 'That address cannot receive mail.' });
    expect(model.email.value).toBe('nobody@invalid');
    expect(deps.events).toHaveLength(0);
  });

  it('says so when the server cannot be reached', async () => {
    const deps = fakeDeps({ routes: { 'POST /subscribe-newsletter': { status: 0, body: null } } });
    const model = createNewsletterModel(deps);
    model.setEmail('reader@example.org');
    await model.submit();
    expect(model.toast.value?.tone).toBe('error');
    expect(model.toast.value?.text).toContain('could not reach the server');
  });
});
