import { describe, expect, it } from 'vitest';
import { CHOOSE_PASSWORD_SENT } from '../../shared/api/auth';
import { fail, ok, settle } from '../../shared/deps/testing';
import { on, setup } from './login.testing';

describe('email verification', () => {
  it('without a token, goes to sign in', () => {
    const { model, deps, shown } = setup();
    model.start('verify-email');
    expect(deps.visits).toEqual([{ name: 'Signin', query: undefined, replace: true }]);
    expect(shown).toEqual(['login']);
  });

  it("checks the token once, taking it from the address, and shows the server's reason on failure", async () => {
    const { model, deps, calls } = setup({
      query: { _t: 'mail-token' },
      routes: { 'GET /webclient-verification-email': fail(400, 'This link has expired.') },
    });
    model.start('verify-email');
    const verify = on(model, 'verify-email');
    expect(verify.state.value).toEqual({ kind: 'checking' });
    await settle();
    expect(calls('GET', '/webclient-verification-email')[0]?.query).toEqual({ t: 'mail-token' });
    expect(deps.nav.query()._t).toBeUndefined();
    expect(verify.state.value).toEqual({ kind: 'failed', message: 'This link has expired.' });
  });
});

describe('verification after a double sign-up', () => {
  const CHOOSE = 'This email address was signed up more than once, so the password may not be one you chose.';

  it('recognises the code: the email to choose a password is on its way, not a failure', async () => {
    const { model } = setup({
      query: { _t: 'mail-token' },
      routes: { 'GET /webclient-verification-email': fail(400, CHOOSE, CHOOSE_PASSWORD_SENT) },
    });
    model.start('verify-email');
    await settle();
    expect(on(model, 'verify-email').state.value).toEqual({ kind: 'choose-password', email: null });
  });

  it('names the address the answer ends with, and sends the email there again, the server limit answered', async () => {
    const { model, calls } = setup({
      query: { _t: 'mail-token' },
      routes: {
        'GET /webclient-verification-email': fail(400, `${CHOOSE} : ann@example.org`, CHOOSE_PASSWORD_SENT),
        'POST /webclient/auth/forgot-password': fail(429, 'Too many requests. Try again in 5 minutes.'),
      },
    });
    model.start('verify-email');
    await settle();
    const verify = on(model, 'verify-email');
    expect(verify.state.value).toEqual({ kind: 'choose-password', email: 'ann@example.org' });
    await verify.sendAgain();
    expect(calls('POST', '/webclient/auth/forgot-password')[0]?.body).toEqual({ email: 'ann@example.org' });
    expect(model.dialog.value).toEqual({
      title: 'Error',
      text: 'Too many requests. Try again in 5 minutes.',
      tone: 'error',
    });
  });

  it('where the answer names no address (or a malformed one), sending again asks for it on Forgot Password', async () => {
    for (const message of [CHOOSE, `${CHOOSE} : not an address`, `${CHOOSE} : <b>@x`]) {
      const { model, calls, shown } = setup({
        query: { _t: 'mail-token' },
        routes: { 'GET /webclient-verification-email': fail(400, message, CHOOSE_PASSWORD_SENT) },
      });
      model.start('verify-email');
      await settle();
      const verify = on(model, 'verify-email');
      expect(verify.state.value, message).toEqual({ kind: 'choose-password', email: null });
      await verify.sendAgain();
      expect(calls('POST', '/webclient/auth/forgot-password')).toHaveLength(0);
      expect(shown.at(-1)).toBe('forgot-password');
    }
  });

  it('without the code, the same status is still a failed verification', async () => {
    const { model } = setup({
      query: { _t: 'mail-token' },
      routes: { 'GET /webclient-verification-email': fail(400, CHOOSE) },
    });
    model.start('verify-email');
    await settle();
    expect(on(model, 'verify-email').state.value).toEqual({ kind: 'failed', message: CHOOSE });
  });

  it('sends that email again through forgot-password, with the server limits answered as they come', async () => {
    const { model, calls } = setup({
      routes: {
        'POST /webclient/auth/forgot-password': ok(null, 'If an account exists for this email, we have sent a link.'),
      },
    });
    model.start('forgot-password');
    const forgot = on(model, 'forgot-password');
    forgot.setEmail('ann@example.org');
    await forgot.submit();
    expect(calls('POST', '/webclient/auth/forgot-password')).toHaveLength(1);
  });
});

describe('resend verification', () => {
  it('resends the verification email to a valid address', async () => {
    const { model, calls } = setup({ routes: { 'POST /webclient/auth/resend-activation': ok(null, 'Sent again.') } });
    model.start('send-verification');
    const send = on(model, 'send-verification');
    send.setEmail('ann@example.org');
    await send.submit();
    expect(calls('POST', '/webclient/auth/resend-activation')).toHaveLength(1);
    expect(model.dialog.value).toEqual({ title: 'Resend Email Sent', text: 'Sent again.', tone: 'success' });
  });
});
