import { describe, expect, it, vi } from 'vitest';
import type { SocialMode, SocialSignIn, SocialUser } from '../../shared/auth/social';
import { fail, fakeDeps, ok, PROFILE, settle, type Handler } from '../../shared/deps/testing';
import type { Query } from '../../shared/routing/routes';
import { MOBILE_REDIRECT_MS, SOCIAL_CACHE_KEY, SOCIAL_CACHE_MS, createLoginModel, toView, type View } from './login.model';

const TOKENS = { access_token: 'token-2', token_type: 'Bearer', expires_in: 3600 };
const COUNTRIES = [
  { code: 'PH', name: 'Philippines', phone_code: '+63' },
  { code: 'US', name: 'United States', phone_code: '+1' },
];
const GRACE: SocialUser = { email: 'grace@example.org', name: 'Grace Ann Hopper', uid: 'g-1', token: 'id-token', method: 'google' };
const base64 = (text: string) => Buffer.from(text).toString('base64');

function fakeSocial(mode: SocialMode = 'popup', popup: () => Promise<SocialUser> = async () => GRACE) {
  return {
    prepared: 0,
    mode: () => mode,
    prepare() {
      this.prepared += 1;
    },
    signInWithPopup: vi.fn((_provider: string) => popup()),
    signInWithTestAccount: vi.fn(async (provider: SocialUser['method'], account: { email: string; name: string }) => ({ ...GRACE, email: account.email, name: account.name, method: provider })),
  } satisfies SocialSignIn & { prepared: number };
}

/**
 * A login model with fake dependencies. Like the element, `showView` sets the view "attribute",
 * which starts that view; `attribute` sets it as the portal's host page would.
 */
function setup(options: { routes?: Record<string, Handler>; signedIn?: boolean; query?: Query; fromApps?: boolean; social?: ReturnType<typeof fakeSocial> } = {}) {
  const deps = fakeDeps({ ...options, routes: { 'GET /api/country': ok(COUNTRIES), 'GET /webclient/account/profile': ok(PROFILE), ...options.routes } });
  const social = options.social ?? fakeSocial();
  const shown: View[] = [];
  const model = createLoginModel({
    ...deps,
    social,
    showView: (view) => {
      shown.push(view);
      model.start(view);
    },
  });
  const calls = (method: string, path: string) => deps.requests.filter((r) => r.method === method && r.path === path);
  return { deps, model, shown, social, calls };
}

describe('the view attribute owns the view', () => {
  it('reads the attribute, showing login for a missing or unknown value', () => {
    expect(toView('register')).toBe('register');
    expect(toView(undefined)).toBe('login');
    expect(toView('favourites')).toBe('login');
  });

  it("runs a view's start once, however often the same view is given", async () => {
    const { model, calls } = setup({ query: { _t: 'verify-1' }, routes: { 'GET /webclient-verification-email': ok(null) } });
    model.start('verify-email');
    model.start('verify-email');
    await settle();
    model.start('verify-email');
    await settle();
    expect(calls('GET', '/webclient-verification-email')).toHaveLength(1);
    expect(model.verify.value).toEqual({ kind: 'verified' });
  });

  it('moves between the tabs through the address and the attribute; other links only through the attribute', () => {
    const { deps, model, shown } = setup();
    model.start('login');
    model.open('register');
    expect(deps.visits).toEqual([{ name: 'Registration', query: undefined, replace: false }]);
    expect(model.view.value).toBe('register');
    model.open('login');
    model.open('forgot-password');
    expect(deps.visits.map((v) => v.name)).toEqual(['Registration', 'Signin']);
    expect(shown).toEqual(['register', 'login', 'forgot-password']);
    expect(model.view.value).toBe('forgot-password');
  });

  it('starts each view afresh: what was typed on another view is gone', () => {
    const { model } = setup();
    model.start('login');
    model.chooseEmailLogin();
    model.setLoginField('email', 'ann@example.org');
    model.start('forgot-password');
    model.start('login');
    expect(model.loginStep.value).toBe('choice');
    expect(model.loginForm.value).toEqual({ email: '', password: '' });
  });
});

describe('log in', () => {
  it('asks for email and password only once Log In is pressed', async () => {
    const { model, deps } = setup();
    model.start('login');
    model.chooseEmailLogin();
    expect(model.loginErrors.value).toEqual({});
    await model.submitLogin();
    expect(model.loginErrors.value).toEqual({ email: 'This is a required field.', password: 'This is a required field.' });
    expect(deps.requests).toHaveLength(0);
  });

  it("shows the server's refusal under the password, and flags an unverified email with a resend", async () => {
    const { model, calls } = setup({
      routes: {
        'POST /webclient/auth/login': fail(403, 'Please verify your email before logging in.'),
        'POST /webclient/auth/resend-activation': ok(null, 'We sent you a new link.'),
      },
    });
    model.start('login');
    model.setLoginField('email', ' unverified@example.org ');
    model.setLoginField('password', 'secret-1');
    await model.submitLogin();
    expect(model.loginServerError.value).toBe('Please verify your email before logging in.');
    expect(model.unverifiedEmail.value).toBe('unverified@example.org');
    await model.resendVerification(model.unverifiedEmail.value!);
    expect(calls('POST', '/webclient/auth/resend-activation')[0]?.body).toEqual({ email: 'unverified@example.org' });
    expect(model.dialog.value).toEqual({ title: 'Resend Email Sent', text: 'We sent you a new link.', tone: 'success' });
  });

  it('says something went wrong when the resend fails', async () => {
    const { model } = setup({ routes: { 'POST /webclient/auth/resend-activation': fail(500, 'boom') } });
    model.start('login');
    await model.resendVerification('ann@example.org');
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'Something Wrong. Please Try Again', tone: 'error' });
  });

  it('a wrong password is not an unverified email', async () => {
    const { model } = setup({ routes: { 'POST /webclient/auth/login': fail(400, 'The email or password is incorrect.') } });
    model.start('login');
    model.setLoginField('email', 'ann@example.org');
    model.setLoginField('password', 'wrong');
    await model.submitLogin();
    expect(model.loginServerError.value).toBe('The email or password is incorrect.');
    expect(model.unverifiedEmail.value).toBeNull();
    model.backToChoice();
    expect(model.loginServerError.value).toBeNull();
  });

  it('signs in, announces it and goes to the stored next page first', async () => {
    const { model, deps } = setup({ routes: { 'POST /webclient/auth/login': ok(TOKENS) }, query: { type: 'topup' } });
    deps.session.setNextPage({ name: 'DonationsPage', query: { _d: '3' } });
    model.start('login');
    model.setLoginField('email', 'listener@example.org');
    model.setLoginField('password', 'listen-2026');
    const pending = model.submitLogin();
    expect(model.busy.value).toBe(true);
    await pending;
    expect(model.busy.value).toBe(false);
    expect(deps.session.authorization()).toBe('Bearer token-2');
    expect(deps.events).toEqual([{ type: 'sm-signed-in', detail: { email: PROFILE.email, name: PROFILE.name } }]);
    expect(deps.visits).toEqual([{ name: 'DonationsPage', query: { _d: '3' }, replace: false }]);
    expect(deps.session.nextPage.value).toBeNull();
  });

  it('else goes to a safe next path, else to the page for the type, else the dashboard', async () => {
    const signIn = async (query: Query) => {
      const { model, deps } = setup({ routes: { 'POST /webclient/auth/login': ok(TOKENS) }, query });
      model.start('login');
      model.setLoginField('email', 'listener@example.org');
      model.setLoginField('password', 'listen-2026');
      await model.submitLogin();
      return deps.visits[0];
    };
    expect(await signIn({ next: '/top-up' })).toMatchObject({ name: 'TopUpPage' });
    expect(await signIn({ next: 'https://evil.example/', type: 'survey' })).toMatchObject({ name: 'SurveyPage' });
    expect(await signIn({ type: 'change-subscription' })).toMatchObject({ name: 'ChangeSubscriptionPage' });
    expect(await signIn({})).toMatchObject({ name: 'HomePage' });
  });

  it('shows the profile failure and stays signed out', async () => {
    const { model, deps } = setup({ routes: { 'POST /webclient/auth/login': ok(TOKENS), 'GET /webclient/account/profile': fail(500, 'Profile unavailable.') } });
    model.start('login');
    model.setLoginField('email', 'listener@example.org');
    model.setLoginField('password', 'listen-2026');
    await model.submitLogin();
    expect(model.loginServerError.value).toBe('Profile unavailable.');
    expect(deps.session.isSignedIn.value).toBe(false);
    expect(deps.visits).toHaveLength(0);
  });

  it('sends a visitor already signed in on to the next page', () => {
    const { model, deps } = setup({ signedIn: true, query: { type: 'survey' } });
    model.start('login');
    expect(deps.visits).toEqual([{ name: 'SurveyPage', query: undefined, replace: false }]);
  });

  it('says so when the session ended', () => {
    const { model, deps } = setup({ signedIn: true });
    deps.session.signOut('expired');
    model.start('login');
    expect(model.notice.value).toEqual({ tone: 'info', text: 'Your session has ended. Please log in again.' });
  });
});

describe("the mobile app's sign-in (_t and type)", () => {
  const routes = { 'GET /webclient/auth/mobile-login': ok(TOKENS) };

  it('replaces any session with the app token, then opens the mission of the donation link after 500 ms', async () => {
    const { model, deps, calls } = setup({ signedIn: true, routes, query: { _t: 'app-token', type: 'donation' } });
    model.start('login');
    await settle();
    expect(calls('GET', '/webclient/auth/mobile-login')[0]?.headers.Authorization).toBe('Bearer app-token');
    expect(deps.nav.query()._t).toBeUndefined();
    expect(deps.session.authorization()).toBe('Bearer token-2');
    expect(deps.session.fromApps.value).toBe(true);
    expect(deps.events).toEqual([{ type: 'sm-signed-in', detail: { email: PROFILE.email, name: PROFILE.name } }]);
    expect(model.busy.value).toBe(true);
    await deps.clock.advance(MOBILE_REDIRECT_MS - 1);
    expect(deps.visits).toHaveLength(0);
    await deps.clock.advance(1);
    expect(deps.visits).toEqual([{ name: 'DonationsPage', query: { _d: '2' }, replace: false }]);
    expect(model.busy.value).toBe(false);
  });

  it.each([
    ['topup', 'TopUpPage'],
    ['subscription', 'SubscribePage'],
    ['survey', 'SurveyPage'],
    ['change-subscription', 'ChangeSubscriptionPage'],
    ['anything', 'HomePage'],
  ])('type=%s goes to %s', async (type, name) => {
    const { model, deps } = setup({ routes, query: { _t: 'app-token', type } });
    model.start('register');
    await deps.clock.advance(MOBILE_REDIRECT_MS);
    expect(deps.visits).toEqual([{ name, query: undefined, replace: false }]);
  });

  it('shows the login form with the reason when the token is refused, or when the server is out of reach', async () => {
    const refused = setup({ routes: { 'GET /webclient/auth/mobile-login': fail(401, 'Token expired.') }, query: { _t: 'old', type: 'topup' } });
    refused.model.start('login');
    await settle();
    expect(refused.model.notice.value).toEqual({ tone: 'error', text: 'We could not sign you in from the app. Please log in. Token expired.' });
    expect(refused.model.busy.value).toBe(false);
    expect(refused.model.view.value).toBe('login');
    expect(refused.deps.session.isSignedIn.value).toBe(false);

    const offline = setup({ routes: { 'GET /webclient/auth/mobile-login': { status: 0, body: null } }, query: { _t: 'old', type: 'topup' } });
    offline.model.start('login');
    await settle();
    expect(offline.model.notice.value?.text).toContain('could not reach the server');
    expect(offline.model.notice.value?.text).not.toContain('from the app');
  });

  it('is not tried without a type', async () => {
    const { model, calls } = setup({ routes, query: { _t: 'app-token' } });
    model.start('login');
    await settle();
    expect(calls('GET', '/webclient/auth/mobile-login')).toHaveLength(0);
  });
});

describe('social sign-in', () => {
  it('loads the provider SDK ahead of the click', () => {
    const { model, social } = setup();
    model.prepareSocial();
    expect(social.prepared).toBe(1);
  });

  it('says plainly when the page has no social sign-in', () => {
    const { model, social } = setup({ social: fakeSocial('off') });
    model.start('login');
    model.chooseProvider('facebook');
    expect(model.notice.value).toEqual({ tone: 'info', text: 'Signing in with Facebook is not available here. Please use Email.' });
    expect(social.signInWithPopup).not.toHaveBeenCalled();
  });

  it("inside the app's webview, asks the app to sign in instead of opening a popup", () => {
    const { model, deps, social } = setup({ fromApps: true });
    model.start('login');
    model.chooseProvider('apple');
    expect(deps.events).toEqual([{ type: 'sm-app-signin', detail: { provider: 'apple' } }]);
    expect(model.notice.value).toEqual({ tone: 'info', text: 'Inside the app, sign in with Apple from the app itself, then open this page again.' });
    expect(social.signInWithPopup).not.toHaveBeenCalled();
  });

  it('signs in a person whose account exists and goes on', async () => {
    const { model, deps, calls } = setup({ routes: { 'POST /webclient/auth/connect-socmed': ok(TOKENS) }, query: { type: 'topup' } });
    model.start('login');
    model.chooseProvider('google');
    await settle();
    expect(calls('POST', '/webclient/auth/connect-socmed')[0]?.body).toEqual(GRACE);
    expect(deps.session.isSignedIn.value).toBe(true);
    expect(deps.events.map((e) => e.type)).toEqual(['sm-signed-in']);
    expect(deps.visits).toEqual([{ name: 'TopUpPage', query: undefined, replace: false }]);
  });

  it('shows why the API host refused the social sign-in', async () => {
    const { model } = setup({ routes: { 'POST /webclient/auth/connect-socmed': fail(400, 'An account with this email already exists.') } });
    model.start('login');
    model.chooseProvider('google');
    await settle();
    expect(model.notice.value).toEqual({ tone: 'error', text: 'An account with this email already exists.' });
    expect(model.busy.value).toBe(false);
  });

  it('says nothing when the person closes the popup, and says what to do when it is blocked or fails', async () => {
    const rejecting = (code: string) => fakeSocial('popup', () => Promise.reject(Object.assign(new Error(code), { code })));
    const closed = setup({ social: rejecting('auth/popup-closed-by-user') });
    closed.model.start('login');
    closed.model.chooseProvider('google');
    await settle();
    expect(closed.model.notice.value).toBeNull();

    const blocked = setup({ social: rejecting('auth/popup-blocked') });
    blocked.model.start('login');
    blocked.model.chooseProvider('google');
    await settle();
    expect(blocked.model.notice.value).toEqual({ tone: 'error', text: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.' });

    const broken = setup({ social: rejecting('auth/internal-error') });
    broken.model.start('login');
    broken.model.chooseProvider('facebook');
    await settle();
    expect(broken.model.notice.value).toEqual({ tone: 'error', text: 'Signing in with Facebook did not work. Please try again or use Email.' });
  });

  it("against the emulator, asks for a test account first (the sandbox's identity step)", async () => {
    const { model, social, calls } = setup({ social: fakeSocial('emulator'), routes: { 'POST /webclient/auth/connect-socmed': ok(TOKENS) } });
    model.start('login');
    model.chooseProvider('facebook');
    expect(model.testAccountFor.value).toBe('facebook');
    model.cancelTestAccount();
    expect(model.testAccountFor.value).toBeNull();
    model.chooseProvider('facebook');
    await model.continueWithTestAccount({ email: 'fb@example.org', name: 'F B', emailVerified: true });
    expect(social.signInWithTestAccount).toHaveBeenCalledWith('facebook', { email: 'fb@example.org', name: 'F B', emailVerified: true });
    expect(calls('POST', '/webclient/auth/connect-socmed')[0]?.body).toMatchObject({ email: 'fb@example.org', method: 'facebook' });
  });
});

describe('the social prefill of Sign Up', () => {
  const noAccount = { 'POST /webclient/auth/connect-socmed': ok(null) };

  it('runs once: from Log In to a filled Sign Up form, with the email locked and the countries loaded once', async () => {
    const { model, deps, shown, calls } = setup({ routes: noAccount });
    model.start('login');
    model.chooseProvider('google');
    await settle();
    expect(deps.visits).toEqual([{ name: 'Registration', query: undefined, replace: false }]);
    expect(shown).toEqual(['register']);
    // The portal then sets the same view on the element: nothing starts again.
    model.start('register');
    await settle();
    expect(model.view.value).toBe('register');
    expect(model.registerStep.value).toBe('form');
    expect(model.social.value).toEqual(GRACE);
    expect(model.registerForm.value).toMatchObject({ first_name: 'Grace Ann', last_name: 'Hopper', email: 'grace@example.org', password: '' });
    expect(calls('GET', '/api/country')).toHaveLength(1);
    // What the person types stays.
    model.setRegisterField('first_name', 'Gracie');
    await settle();
    model.start('register');
    expect(model.registerForm.value.first_name).toBe('Gracie');
  });

  it('on Sign Up already, fills the form in place', async () => {
    const { model, deps, shown, calls } = setup({ routes: noAccount });
    model.start('register');
    model.chooseProvider('google');
    await settle();
    expect(deps.visits).toHaveLength(0);
    expect(shown).toHaveLength(0);
    expect(model.registerForm.value.email).toBe('grace@example.org');
    expect(calls('GET', '/api/country')).toHaveLength(1);
  });

  it("is kept for the portal's Sign Up screen (another page, another model) for an hour at most", async () => {
    const first = setup({ routes: noAccount });
    first.model.start('login');
    first.model.chooseProvider('google');
    await settle();
    const stored = first.deps.storage.get(SOCIAL_CACHE_KEY);
    expect(stored).not.toBeNull();

    const later = setup();
    later.deps.storage.set(SOCIAL_CACHE_KEY, stored!);
    later.model.start('register');
    expect(later.model.registerForm.value.email).toBe('grace@example.org');

    const tooLate = setup();
    tooLate.deps.storage.set(SOCIAL_CACHE_KEY, stored!);
    await tooLate.deps.clock.advance(SOCIAL_CACHE_MS);
    tooLate.model.start('register');
    expect(tooLate.model.registerStep.value).toBe('choice');
    expect(tooLate.deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();

    const garbled = setup();
    garbled.deps.storage.set(SOCIAL_CACHE_KEY, '{"email":1');
    garbled.model.start('register');
    expect(garbled.model.registerStep.value).toBe('choice');
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
    model.chooseProvider('google');
    await settle();
    model.setRegisterField('country', 'PH');
    await model.submitRegister();
    expect(seen).toEqual({ first_name: 'Grace Ann', last_name: 'Hopper', email: 'grace@example.org', password: '-', country_code: 'PH', gender: 'None', phone_number: '', method: 'google', token: 'id-token', uid: 'g-1' });
    expect(deps.events.map((e) => e.type)).toEqual(['sm-registered', 'sm-signed-in']);
    expect(deps.session.isSignedIn.value).toBe(true);
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
    expect(deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();
  });

  it('Back forgets the social details and empties the form', async () => {
    const { model, deps } = setup({ routes: noAccount });
    model.start('register');
    model.chooseProvider('google');
    await settle();
    model.backFromRegister();
    expect(model.registerStep.value).toBe('choice');
    expect(model.social.value).toBeNull();
    expect(deps.storage.get(SOCIAL_CACHE_KEY)).toBeNull();
    model.chooseEmailRegister();
    expect(model.registerForm.value.email).toBe('');
  });
});

describe('sign up by email', () => {
  const fill = (model: ReturnType<typeof setup>['model']) => {
    model.setRegisterField('first_name', ' Ann ');
    model.setRegisterField('last_name', 'Lee');
    model.setRegisterField('email', 'ann@example.org ');
    model.setRegisterField('country', 'US');
    model.setRegisterField('phone_number', '5551234');
    model.setRegisterField('gender', 'Female');
    model.setRegisterField('password', 'secret-1');
    model.setRegisterField('confirm_password', 'secret-1');
  };

  it('loads the countries for the form, with the dial code of the chosen one', async () => {
    const { model } = setup();
    model.start('register');
    model.chooseEmailRegister();
    await settle();
    expect(model.countries.value).toEqual(COUNTRIES);
    model.setRegisterField('country', 'PH');
    expect(model.dialCode.value).toBe('+63');
    model.setRegisterField('phone_number', '917');
    model.setRegisterField('country', '');
    expect(model.registerForm.value.phone_number).toBe('');
  });

  it('offers to retry when the countries do not load', async () => {
    const { model, deps } = setup({ routes: { 'GET /api/country': fail(500, 'Try later.') } });
    model.start('register');
    model.chooseEmailRegister();
    await settle();
    expect(model.countriesError.value).toBe('We could not load the country list. Try later.');
    deps.on('GET /api/country', ok(COUNTRIES));
    model.retryCountries();
    await settle();
    expect(model.countriesError.value).toBeNull();
    expect(model.countries.value).toHaveLength(2);
  });

  it('shows a rule only once its field is touched, and every rule on Sign Up', async () => {
    const { model, deps } = setup();
    model.start('register');
    model.chooseEmailRegister();
    model.setRegisterField('email', 'nope');
    expect(model.registerErrors.value).toEqual({});
    model.touchRegisterField('email');
    expect(model.registerErrors.value).toEqual({ email: 'This is a required field and must be a valid email.' });
    await model.submitRegister();
    expect(model.registerErrors.value).toMatchObject({
      first_name: 'This is a required field.',
      country: 'This is a required field.',
      password: 'This is a required field and have a minimum 6 characters.',
      confirm_password: 'This is a required field and must match the password field.',
    });
    expect(deps.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('registers, announces it and shows the thank-you step with the email', async () => {
    let seen: unknown;
    const { model, deps } = setup({ routes: { 'POST /webclient/auth/register': (request) => ((seen = request.body), ok(null, 'Thank you for registering.')) } });
    model.start('register');
    model.chooseEmailRegister();
    fill(model);
    await model.submitRegister();
    expect(seen).toEqual({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', password: 'secret-1', country_code: 'US', gender: 'Female', phone_number: '5551234', method: 'email' });
    expect(model.registerStep.value).toBe('registered');
    expect(model.registeredEmail.value).toBe('ann@example.org');
    expect(deps.events).toEqual([{ type: 'sm-registered', detail: { email: 'ann@example.org' } }]);
    expect(deps.session.isSignedIn.value).toBe(false);
  });

  it("shows a refusal in an Error dialog with the server's message", async () => {
    const { model } = setup({ routes: { 'POST /webclient/auth/register': fail(400, 'country_code: unknown country') } });
    model.start('register');
    model.chooseEmailRegister();
    fill(model);
    await model.submitRegister();
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'country_code: unknown country', tone: 'error' });
    model.closeDialog();
    expect(model.dialog.value).toBeNull();
    expect(model.registerStep.value).toBe('form');
  });
});

describe('email verification', () => {
  it('without a token, goes to sign in', () => {
    const { model, deps, shown } = setup();
    model.start('verify-email');
    expect(deps.visits).toEqual([{ name: 'Signin', query: undefined, replace: true }]);
    expect(shown).toEqual(['login']);
  });

  it("checks the token once, taking it from the address, and shows the server's reason on failure", async () => {
    const { model, deps, calls } = setup({ query: { _t: 'mail-token' }, routes: { 'GET /webclient-verification-email': fail(400, 'This link has expired.') } });
    model.start('verify-email');
    expect(model.verify.value).toEqual({ kind: 'checking' });
    await settle();
    expect(calls('GET', '/webclient-verification-email')[0]?.query).toEqual({ t: 'mail-token' });
    expect(deps.nav.query()._t).toBeUndefined();
    expect(model.verify.value).toEqual({ kind: 'failed', message: 'This link has expired.' });
  });
});

describe('forgot password and resend verification', () => {
  it('needs a valid email, shown once the field is left', async () => {
    const { model, deps } = setup();
    model.start('forgot-password');
    model.setEmail('ann@');
    expect(model.emailError.value).toBeNull();
    model.touchEmail();
    expect(model.emailError.value).toBe('This is a required field and must be a valid email.');
    await model.submitForgotPassword();
    expect(deps.requests).toHaveLength(0);
  });

  it("sends the link, says so with the server's message, and goes to log in after OK", async () => {
    const { model, deps, calls } = setup({ routes: { 'POST /webclient/auth/forgot-password': ok(null, 'We emailed you a link.') } });
    model.start('forgot-password');
    model.setEmail(' ann@example.org ');
    await model.submitForgotPassword();
    expect(calls('POST', '/webclient/auth/forgot-password')[0]?.body).toEqual({ email: 'ann@example.org' });
    expect(model.dialog.value).toMatchObject({ title: 'Email Sent', text: 'We emailed you a link.', tone: 'success' });
    model.closeDialog();
    expect(deps.visits.map((v) => v.name)).toEqual(['Signin']);
    expect(model.view.value).toBe('login');
  });

  it("shows the server's refusal, or 'Something Wrong' when it cannot be reached", async () => {
    const refused = setup({ routes: { 'POST /webclient/auth/forgot-password': fail(404, 'No account with that email.') } });
    refused.model.start('forgot-password');
    refused.model.setEmail('ann@example.org');
    await refused.model.submitForgotPassword();
    expect(refused.model.dialog.value).toEqual({ title: 'Error', text: 'No account with that email.', tone: 'error' });

    const offline = setup({ routes: { 'POST /webclient/auth/forgot-password': { status: 0, body: null } } });
    offline.model.start('forgot-password');
    offline.model.setEmail('ann@example.org');
    await offline.model.submitForgotPassword();
    expect(offline.model.dialog.value).toEqual({ title: 'Error', text: 'Something Wrong. Please Try Again', tone: 'error' });
  });

  it('resends the verification email to a valid address', async () => {
    const { model, calls } = setup({ routes: { 'POST /webclient/auth/resend-activation': ok(null, 'Sent again.') } });
    model.start('send-verification');
    model.setEmail('ann@example.org');
    await model.submitSendVerification();
    expect(calls('POST', '/webclient/auth/resend-activation')).toHaveLength(1);
    expect(model.dialog.value).toEqual({ title: 'Resend Email Sent', text: 'Sent again.', tone: 'success' });
  });
});

describe('set a new password from the emailed link', () => {
  it('refuses a malformed link, taking it from the address', () => {
    const { model, deps } = setup({ query: { t: 'not base64!' } });
    model.start('change-password');
    expect(model.resetLink.value).toBeNull();
    expect(deps.nav.query().t).toBeUndefined();
  });

  it('checks its three rules, then sets the password for the email of the link', async () => {
    let seen: unknown;
    const { model } = setup({
      query: { t: base64('ann@example.org#tok123') },
      routes: { 'POST /dashboard/auth/change-password': (request) => ((seen = request.body), ok(null, 'Your password has been updated.')) },
    });
    model.start('change-password');
    await model.submitResetPassword();
    expect(model.passwordErrors.value).toEqual({ password: 'Please fill the password.', confirm: 'Please fill the confirm password.' });
    model.setPasswordField('password', 'new-pass');
    model.setPasswordField('confirm', 'other');
    expect(model.passwordErrors.value).toEqual({ confirm: 'Please fill correct the confirm password.' });
    model.setPasswordField('confirm', 'new-pass');
    await model.submitResetPassword();
    expect(seen).toEqual({ email: 'ann@example.org', token: 'tok123', password: 'new-pass' });
    expect(model.passwordDone.value).toBe(true);
    expect(model.notice.value).toEqual({ tone: 'success', text: 'Your password has been updated.' });
  });
});

describe('change password (signed in)', () => {
  it('checks its two rules, changes it and says so', async () => {
    let seen: unknown;
    const { model, calls } = setup({ signedIn: true, routes: { 'POST /dashboard/auth/change-password': (request) => ((seen = request.body), ok(null)) } });
    model.start('change-password-user');
    expect(model.isSignedIn.value).toBe(true);
    await model.submitChangePassword();
    expect(model.passwordErrors.value).toEqual({ password: 'New Password is required' });
    model.setPasswordField('password', 'new-pass');
    model.setPasswordField('confirm', 'x');
    expect(model.passwordErrors.value).toEqual({ confirm: 'Confirm New Password not match' });
    model.setPasswordField('confirm', 'new-pass');
    await model.submitChangePassword();
    expect(seen).toEqual({ password: 'new-pass' });
    expect(calls('POST', '/dashboard/auth/change-password')[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(model.dialog.value).toEqual({ title: 'Update', text: 'You successfully update the password', tone: 'success' });
    expect(model.passwordForm.value).toEqual({ password: '', confirm: '' });
  });

  it('asks for the current password in the same form when the sign-in is not recent, then sends it', async () => {
    const bodies: unknown[] = [];
    const { model } = setup({
      signedIn: true,
      routes: {
        'POST /dashboard/auth/change-password': (request) => {
          bodies.push(request.body);
          return (request.body as { current_password?: string }).current_password ? ok(null) : fail(403, 'Enter your current password.', 'current-password-needed');
        },
      },
    });
    model.start('change-password-user');
    model.setPasswordField('password', 'new-pass');
    model.setPasswordField('confirm', 'new-pass');
    await model.submitChangePassword();
    expect(model.needsCurrentPassword.value).toBe(true);
    expect(model.notice.value).toEqual({ tone: 'info', text: 'You signed in a while ago. For your security, enter your current password to change it.' });
    expect(model.dialog.value).toBeNull();
    expect(model.passwordForm.value).toEqual({ password: 'new-pass', confirm: 'new-pass' }); // kept
    await model.submitChangePassword();
    expect(model.currentPasswordError.value).toBe('Enter your current password.');
    expect(bodies).toHaveLength(1);
    model.setCurrentPassword('old-pass');
    await model.submitChangePassword();
    expect(bodies.at(-1)).toEqual({ password: 'new-pass', current_password: 'old-pass' });
    expect(model.dialog.value).toEqual({ title: 'Update', text: 'You successfully update the password', tone: 'success' });
    expect(model.needsCurrentPassword.value).toBe(false);
  });

  it("shows the server's refusal in an Error dialog", async () => {
    const { model } = setup({ signedIn: true, routes: { 'POST /dashboard/auth/change-password': fail(400, 'Too weak.') } });
    model.start('change-password-user');
    model.setPasswordField('password', 'new-pass');
    model.setPasswordField('confirm', 'new-pass');
    await model.submitChangePassword();
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'Too weak.', tone: 'error' });
  });
});
