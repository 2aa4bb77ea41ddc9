import { describe, expect, it } from 'vitest';
import { fail, ok, PROFILE, settle } from '../../shared/deps/testing';
import { parseAttribute } from '../../shared/ui/define';
import { tags } from '../tags';
import { APP_REDIRECT_MS } from '../../shared/boot/boot';
import { on, setup, TOKENS } from './login.testing';

describe('the view attribute owns the view', () => {
  it('reads the attribute, showing login for a missing or unknown value', () => {
    // The tag table parses the attribute (shared/ui/define.ts); the model is given a view it has.
    const view = (value: string | undefined) =>
      parseAttribute('sm-login', 'view', tags['sm-login'].attributes.view, value).value;
    expect(view('register')).toBe('register');
    expect(view(undefined)).toBe('login');
    expect(view('favourites')).toBe('login');
  });

  it("runs a view's start once, however often the same view is given", async () => {
    const { model, calls } = setup({
      query: { _t: 'verify-1' },
      routes: { 'GET /webclient-verification-email': ok(null) },
    });
    model.start('verify-email');
    model.start('verify-email');
    await settle();
    model.start('verify-email');
    await settle();
    expect(calls('GET', '/webclient-verification-email')).toHaveLength(1);
    expect(on(model, 'verify-email').state.value).toEqual({ kind: 'verified' });
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
    on(model, 'login').chooseEmail();
    on(model, 'login').setField('email', 'ann@example.org');
    model.start('forgot-password');
    model.start('login');
    expect(on(model, 'login').step.value).toBe('choice');
    expect(on(model, 'login').form.value).toEqual({ email: '', password: '' });
  });

  it('shows the view it was made for before any start, and starts that same model', () => {
    const { model, deps } = setup();
    expect(model.view.value).toBeNull();
    const first = on(model, 'login');
    model.start('login');
    expect(on(model, 'login')).toBe(first);
    expect(deps.visits).toHaveLength(0);
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
    await deps.clock.advance(APP_REDIRECT_MS - 1);
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
    await deps.clock.advance(APP_REDIRECT_MS);
    expect(deps.visits).toEqual([{ name, query: undefined, replace: false }]);
  });

  it('shows the login form with the reason when the token is refused, or when the server is out of reach', async () => {
    const refused = setup({
      routes: { 'GET /webclient/auth/mobile-login': fail(401, 'Token expired.') },
      query: { _t: 'old', type: 'topup' },
    });
    refused.model.start('login');
    await settle();
    expect(refused.model.notice.value).toEqual({
      tone: 'error',
      text: 'We could not sign you in from the app. Please log in. Token expired.',
    });
    expect(refused.model.busy.value).toBe(false);
    expect(refused.model.view.value).toBe('login');
    expect(refused.deps.session.isSignedIn.value).toBe(false);

    const offline = setup({
      routes: { 'GET /webclient/auth/mobile-login': { status: 0, body: null } },
      query: { _t: 'old', type: 'topup' },
    });
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
