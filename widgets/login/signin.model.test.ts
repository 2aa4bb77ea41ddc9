import { describe, expect, it } from 'vitest';
import { fail, ok, PROFILE } from '../../shared/deps/testing';
import type { Query } from '../../shared/routing/routes';
import { fillLogin, on, setup, TOKENS } from './login.testing';

describe('log in', () => {
  it('asks for email and password only once Log In is pressed', async () => {
    const { model, deps } = setup();
    model.start('login');
    const login = on(model, 'login');
    login.chooseEmail();
    expect(login.errors.value).toEqual({});
    await login.submit();
    expect(login.errors.value).toEqual({ email: 'This is a required field.', password: 'This is a required field.' });
    expect(deps.requests).toHaveLength(0);
  });

  it("shows the server's refusal under the password, and flags an unverified email with a resend", async () => {
    const { model, calls } = setup({
      routes: {
        'POST /webclient/auth/login': fail(403, 'Please verify your email before logging in.'),
        'POST /webclient/auth/resend-activation': ok(null, 'We sent you a new link.'),
      },
    });
    const login = fillLogin(model, ' unverified@example.org ', 'secret-1');
    await login.submit();
    expect(login.serverError.value).toBe('Please verify your email before logging in.');
    expect(login.unverifiedEmail.value).toBe('unverified@example.org');
    await login.resendVerification(login.unverifiedEmail.value!);
    expect(calls('POST', '/webclient/auth/resend-activation')[0]?.body).toEqual({ email: 'unverified@example.org' });
    expect(model.dialog.value).toEqual({
      title: 'Resend Email Sent',
      text: 'We sent you a new link.',
      tone: 'success',
    });
  });

  it('says something went wrong when the resend fails', async () => {
    const { model } = setup({ routes: { 'POST /webclient/auth/resend-activation': fail(500, 'boom') } });
    model.start('login');
    await on(model, 'login').resendVerification('ann@example.org');
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'Something Wrong. Please Try Again', tone: 'error' });
  });

  it('keeps the device proof of the sign-in answer for the API host, and sends it with the next sign-in', async () => {
    const { model, deps, calls } = setup({
      routes: { 'POST /webclient/auth/login': ok({ ...TOKENS, device_proof: 'proof-1' }) },
    });
    await fillLogin(model, 'listener@example.org', 'listen-2026').submit();
    expect(calls('POST', '/webclient/auth/login')[0]?.body).toEqual({
      email: 'listener@example.org',
      password: 'listen-2026',
    });
    const key = `sm.device@${deps.api.base}`;
    expect(deps.storage.get(key)).toBe('proof-1');
    const again = setup({ routes: { 'POST /webclient/auth/login': fail(400, 'The email or password is incorrect.') } });
    again.deps.storage.set(key, 'proof-1');
    await fillLogin(again.model, 'listener@example.org', 'wrong').submit();
    expect(again.calls('POST', '/webclient/auth/login')[0]?.body).toMatchObject({ device_proof: 'proof-1' });
    expect(again.deps.storage.get(key)).toBe('proof-1');
  });

  it('a wrong password is not an unverified email', async () => {
    const { model } = setup({
      routes: { 'POST /webclient/auth/login': fail(400, 'The email or password is incorrect.') },
    });
    const login = fillLogin(model, 'ann@example.org', 'wrong');
    await login.submit();
    expect(login.serverError.value).toBe('The email or password is incorrect.');
    expect(login.unverifiedEmail.value).toBeNull();
    login.backToChoice();
    expect(login.serverError.value).toBeNull();
  });

  it('signs in, announces it and goes to the stored next page first', async () => {
    const { model, deps } = setup({ routes: { 'POST /webclient/auth/login': ok(TOKENS) }, query: { type: 'topup' } });
    deps.session.setNextPage({ name: 'DonationsPage', query: { _d: '3' } });
    const login = fillLogin(model, 'listener@example.org', 'listen-2026');
    const pending = login.submit();
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
      const login = fillLogin(model, 'listener@example.org', 'listen-2026');
      await login.submit();
      return deps.visits[0];
    };
    expect(await signIn({ next: '/top-up' })).toMatchObject({ name: 'TopUpPage' });
    expect(await signIn({ next: 'https://evil.example/', type: 'survey' })).toMatchObject({ name: 'SurveyPage' });
    expect(await signIn({ type: 'change-subscription' })).toMatchObject({ name: 'ChangeSubscriptionPage' });
    expect(await signIn({})).toMatchObject({ name: 'HomePage' });
  });

  it('shows the profile failure and stays signed out', async () => {
    const { model, deps } = setup({
      routes: {
        'POST /webclient/auth/login': ok(TOKENS),
        'GET /webclient/account/profile': fail(500, 'Profile unavailable.'),
      },
    });
    const login = fillLogin(model, 'listener@example.org', 'listen-2026');
    await login.submit();
    expect(login.serverError.value).toBe('Profile unavailable.');
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
