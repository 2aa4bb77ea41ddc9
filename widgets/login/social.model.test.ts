import { describe, expect, it } from 'vitest';
import { fail, ok, settle } from '../../shared/deps/testing';
import { SOCIAL_CACHE_KEY, SOCIAL_CACHE_MS } from './login.shared';
import { fakeSocial, GRACE, on, setup, TOKENS } from './login.testing';

describe('social sign-in', () => {
  it('loads the provider SDK ahead of the click', () => {
    const { model, social } = setup();
    model.social.prepare();
    expect(social.prepared).toBe(1);
  });

  it('says plainly when the page has no social sign-in', () => {
    const { model, social } = setup({ social: fakeSocial('off') });
    model.start('login');
    model.social.choose('facebook');
    expect(model.notice.value).toEqual({
      tone: 'info',
      text: 'Signing in with Facebook is not available here. Please use Email.',
    });
    expect(social.signInWithPopup).not.toHaveBeenCalled();
  });

  it("inside the app's webview, asks the app to sign in instead of opening a popup", () => {
    const { model, deps, social } = setup({ fromApps: true });
    model.start('login');
    model.social.choose('apple');
    expect(deps.events).toEqual([{ type: 'sm-app-signin', detail: { provider: 'apple' } }]);
    expect(model.notice.value).toEqual({
      tone: 'info',
      text: 'Inside the app, sign in with Apple from the app itself, then open this page again.',
    });
    expect(social.signInWithPopup).not.toHaveBeenCalled();
  });

  it('signs in a person whose account exists and goes on', async () => {
    const { model, deps, calls } = setup({
      routes: { 'POST /webclient/auth/connect-socmed': ok(TOKENS) },
      query: { type: 'topup' },
    });
    model.start('login');
    model.social.choose('google');
    await settle();
    expect(calls('POST', '/webclient/auth/connect-socmed')[0]?.body).toEqual(GRACE);
    expect(deps.session.isSignedIn.value).toBe(true);
    expect(deps.events.map((e) => e.type)).toEqual(['sm-signed-in']);
    expect(deps.visits).toEqual([{ name: 'TopUpPage', query: undefined, replace: false }]);
  });

  it('shows why the API host refused the social sign-in', async () => {
    const { model } = setup({
      routes: { 'POST /webclient/auth/connect-socmed': fail(400, 'An account with this email already exists.') },
    });
    model.start('login');
    model.social.choose('google');
    await settle();
    expect(model.notice.value).toEqual({ tone: 'error', text: 'An account with this email already exists.' });
    expect(model.busy.value).toBe(false);
  });

  it('says nothing when the person closes the popup, and says what to do when it is blocked or fails', async () => {
    /** The notice once the provider's window fails with `code`. */
    const noticeWhenRejected = async (code: string, provider: 'google' | 'facebook') => {
      const { model } = setup({
        social: fakeSocial('popup', () => Promise.reject(Object.assign(new Error(code), { code }))),
      });
      model.start('login');
      model.social.choose(provider);
      await settle();
      return model.notice.value;
    };
    expect(await noticeWhenRejected('auth/popup-closed-by-user', 'google')).toBeNull();
    expect(await noticeWhenRejected('auth/popup-blocked', 'google')).toEqual({
      tone: 'error',
      text: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    });
    expect(await noticeWhenRejected('auth/internal-error', 'facebook')).toEqual({
      tone: 'error',
      text: 'Signing in with Facebook did not work. Please try again or use Email.',
    });
  });

  it("against the emulator, asks for a test account first (the sandbox's identity step)", async () => {
    const { model, social, calls } = setup({
      social: fakeSocial('emulator'),
      routes: { 'POST /webclient/auth/connect-socmed': ok(TOKENS) },
    });
    model.start('login');
    model.social.choose('facebook');
    expect(model.social.testAccountFor.value).toBe('facebook');
    model.social.cancelTestAccount();
    expect(model.social.testAccountFor.value).toBeNull();
    model.social.choose('facebook');
    await model.social.continueWithTestAccount({ email: 'fb@example.org', name: 'F B', emailVerified: true });
    expect(social.signInWithTestAccount).toHaveBeenCalledWith('facebook', {
      email: 'fb@example.org',
      name: 'F B',
      emailVerified: true,
    });
    expect(calls('POST', '/webclient/auth/connect-socmed')[0]?.body).toMatchObject({
      email: 'fb@example.org',
      method: 'facebook',
    });
  });
});

describe('the social prefill of Sign Up', () => {
  const noAccount = { 'POST /webclient/auth/connect-socmed': ok(null) };

  it('runs once: from Log In to a filled Sign Up form, with the email locked and the countries loaded once', async () => {
    const { model, deps, shown, calls } = setup({ routes: noAccount });
    model.start('login');
    model.social.choose('google');
    await settle();
    expect(deps.visits).toEqual([{ name: 'Registration', query: undefined, replace: false }]);
    expect(shown).toEqual(['register']);
    // The portal then sets the same view on the element: nothing starts again.
    model.start('register');
    await settle();
    expect(model.view.value).toBe('register');
    const register = on(model, 'register');
    expect(register.step.value).toBe('form');
    expect(register.social.value).toEqual(GRACE);
    expect(register.form.value).toMatchObject({
      first_name: 'Grace Ann',
      last_name: 'Hopper',
      email: 'grace@example.org',
      password: '',
    });
    expect(calls('GET', '/api/country')).toHaveLength(1);
    // What the person types stays.
    register.setField('first_name', 'Gracie');
    await settle();
    model.start('register');
    expect(on(model, 'register').form.value.first_name).toBe('Gracie');
  });

  it('on Sign Up already, fills the form in place', async () => {
    const { model, deps, shown, calls } = setup({ routes: noAccount });
    model.start('register');
    model.social.choose('google');
    await settle();
    expect(deps.visits).toHaveLength(0);
    expect(shown).toHaveLength(0);
    expect(on(model, 'register').form.value.email).toBe('grace@example.org');
    expect(calls('GET', '/api/country')).toHaveLength(1);
  });

  it("is kept for the portal's Sign Up screen (another page, another model) for an hour at most", async () => {
    const first = setup({ routes: noAccount });
    first.model.start('login');
    first.model.social.choose('google');
    await settle();
    const stored = first.deps.storage.get(SOCIAL_CACHE_KEY);
    expect(stored).not.toBeNull();

    const later = setup();
    later.deps.storage.set(SOCIAL_CACHE_KEY, stored!);
    later.model.start('register');
    expect(on(later.model, 'register').form.value.email).toBe('grace@example.org');

    const tooLate = setup();
    tooLate.deps.storage.set(SOCIAL_CACHE_KEY, stored!);
    await tooLate.deps.clock.advance(SOCIAL_CACHE_MS);
    tooLate.model.start('register');
    expect(on(tooLate.model, 'register').step.value).toBe('choice');
    expect(tooLate.deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();

    const garbled = setup();
    garbled.deps.storage.set(SOCIAL_CACHE_KEY, '{"email":1');
    garbled.model.start('register');
    expect(on(garbled.model, 'register').step.value).toBe('choice');
  });

  it('registers with the provider token instead of a password, then signs in', async () => {
    let seen: unknown;
    const { model, deps } = setup({
      routes: {
        ...noAccount,
        'POST /webclient/auth/register': (request) => ((seen = request.body), ok(TOKENS)),
      },
    });
    model.start('register');
    model.social.choose('google');
    await settle();
    const register = on(model, 'register');
    register.setField('country', 'PH');
    await register.submit();
    expect(seen).toEqual({
      first_name: 'Grace Ann',
      last_name: 'Hopper',
      email: 'grace@example.org',
      password: '-',
      country_code: 'PH',
      gender: 'None',
      phone_number: '',
      method: 'google',
      token: 'id-token',
      uid: 'g-1',
    });
    expect(deps.events.map((e) => e.type)).toEqual(['sm-registered', 'sm-signed-in']);
    expect(deps.session.isSignedIn.value).toBe(true);
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
    expect(deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();
  });

  it('Back forgets the social details and empties the form', async () => {
    const { model, deps } = setup({ routes: noAccount });
    model.start('register');
    model.social.choose('google');
    await settle();
    const register = on(model, 'register');
    register.back();
    expect(register.step.value).toBe('choice');
    expect(register.social.value).toBeNull();
    expect(deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();
    register.chooseEmail();
    expect(register.form.value.email).toBe('');
  });
});
