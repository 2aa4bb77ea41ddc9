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
    expect(on(model, 'verify-email').state.value).toEqual({ kind: 'choose-password' });
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
