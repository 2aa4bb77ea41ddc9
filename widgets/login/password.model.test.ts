import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/deps/testing';
import { on, setup } from './login.testing';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('forgot password', () => {
  it('needs a valid email, shown once the field is left', async () => {
    const { model, deps } = setup();
    model.start('forgot-password');
    const forgot = on(model, 'forgot-password');
    forgot.setEmail('ann@');
    expect(forgot.emailError.value).toBeNull();
    forgot.touchEmail();
    expect(forgot.emailError.value).toBe('This is a required field and must be a valid email.');
    await forgot.submit();
    expect(deps.requests).toHaveLength(0);
  });

  it("sends the link, says so with the server's message, and goes to log in after OK", async () => {
    const { model, deps, calls } = setup({
      routes: { 'POST /webclient/auth/forgot-password': ok(null, 'We emailed you a link.') },
    });
    model.start('forgot-password');
    const forgot = on(model, 'forgot-password');
    forgot.setEmail(' ann@example.org ');
    await forgot.submit();
    expect(calls('POST', '/webclient/auth/forgot-password')[0]?.body).toEqual({ email: 'ann@example.org' });
    expect(model.dialog.value).toMatchObject({ title: 'Email Sent', text: 'We emailed you a link.', tone: 'success' });
    model.closeDialog();
    expect(deps.visits.map((v) => v.name)).toEqual(['Signin']);
    expect(model.view.value).toBe('login');
  });

  it("shows the server's refusal, or 'Something Wrong' when it cannot be reached", async () => {
    const refused = setup({
      routes: { 'POST /webclient/auth/forgot-password': fail(404, 'No account with that email.') },
    });
    refused.model.start('forgot-password');
    on(refused.model, 'forgot-password').setEmail('ann@example.org');
    await on(refused.model, 'forgot-password').submit();
    expect(refused.model.dialog.value).toEqual({ title: 'Error', text: 'No account with that email.', tone: 'error' });

    const offline = setup({ routes: { 'POST /webclient/auth/forgot-password': { status: 0, body: null } } });
    offline.model.start('forgot-password');
    on(offline.model, 'forgot-password').setEmail('ann@example.org');
    await on(offline.model, 'forgot-password').submit();
    expect(offline.model.dialog.value).toEqual({
      title: 'Error',
      text: 'Something Wrong. Please Try Again',
      tone: 'error',
    });
  });
});

describe('set a new password from the emailed link', () => {
  it('refuses a malformed link, taking it from the address', () => {
    const { model, deps } = setup({ query: { t: 'not base64!' } });
    model.start('change-password');
    expect(on(model, 'change-password').link.value).toBeNull();
    expect(deps.nav.query().t).toBeUndefined();
  });

  it('checks its three rules, then sets the password for the email of the link', async () => {
    let seen: unknown;
    const { model } = setup({
      query: { t: base64('ann@example.org#tok123') },
      routes: {
        'POST /dashboard/auth/change-password': (request) => (
          (seen = request.body),
          ok(null, 'Your password has been updated.')
        ),
      },
    });
    model.start('change-password');
    const reset = on(model, 'change-password');
    await reset.submit();
    expect(reset.errors.value).toEqual({
      password: 'Please fill the password.',
      confirm: 'Please fill the confirm password.',
    });
    reset.setField('password', 'new-pass');
    reset.setField('confirm', 'other');
    expect(reset.errors.value).toEqual({ confirm: 'Please fill correct the confirm password.' });
    reset.setField('confirm', 'new-pass');
    await reset.submit();
    expect(seen).toEqual({ email: 'ann@example.org', token: 'tok123', password: 'new-pass' });
    // The view shows the server's message in place of the form (and no notice above it).
    expect(reset.done.value).toBe('Your password has been updated.');
    expect(model.notice.value).toBeNull();
  });
});

describe('change password (signed in)', () => {
  it('checks its two rules, changes it and says so', async () => {
    let seen: unknown;
    const { model, calls } = setup({
      signedIn: true,
      routes: { 'POST /dashboard/auth/change-password': (request) => ((seen = request.body), ok(null)) },
    });
    model.start('change-password-user');
    const change = on(model, 'change-password-user');
    expect(change.isSignedIn.value).toBe(true);
    await change.submit();
    expect(change.errors.value).toEqual({ password: 'New Password is required' });
    change.setField('password', 'new-pass');
    change.setField('confirm', 'x');
    expect(change.errors.value).toEqual({ confirm: 'Confirm New Password not match' });
    change.setField('confirm', 'new-pass');
    await change.submit();
    expect(seen).toEqual({ password: 'new-pass' });
    expect(calls('POST', '/dashboard/auth/change-password')[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(model.dialog.value).toEqual({
      title: 'Update',
      text: 'You successfully update the password',
      tone: 'success',
    });
    expect(change.form.value).toEqual({ password: '', confirm: '' });
  });

  it('asks for the current password in the same form when the sign-in is not recent, then sends it', async () => {
    const bodies: unknown[] = [];
    const { model } = setup({
      signedIn: true,
      routes: {
        'POST /dashboard/auth/change-password': (request) => {
          bodies.push(request.body);
          return (request.body as { current_password?: string }).current_password
            ? ok(null)
            : fail(403, 'Enter your current password.', 'current-password-needed');
        },
      },
    });
    model.start('change-password-user');
    const change = on(model, 'change-password-user');
    change.setField('password', 'new-pass');
    change.setField('confirm', 'new-pass');
    await change.submit();
    expect(change.needsCurrentPassword.value).toBe(true);
    expect(model.notice.value).toEqual({
      tone: 'info',
      text: 'You signed in a while ago. For your security, enter your current password to change it.',
    });
    expect(model.dialog.value).toBeNull();
    expect(change.form.value).toEqual({ password: 'new-pass', confirm: 'new-pass' }); // kept
    await change.submit();
    expect(change.currentPasswordError.value).toBe('Enter your current password.');
    expect(bodies).toHaveLength(1);
    change.setCurrentPassword('old-pass');
    await change.submit();
    expect(bodies.at(-1)).toEqual({ password: 'new-pass', current_password: 'old-pass' });
    expect(model.dialog.value).toEqual({
      title: 'Update',
      text: 'You successfully update the password',
      tone: 'success',
    });
    expect(change.needsCurrentPassword.value).toBe(false);
  });

  it("shows the server's refusal in an Error dialog", async () => {
    const { model } = setup({
      signedIn: true,
      routes: { 'POST /dashboard/auth/change-password': fail(400, 'Too weak.') },
    });
    model.start('change-password-user');
    const change = on(model, 'change-password-user');
    change.setField('password', 'new-pass');
    change.setField('confirm', 'new-pass');
    await change.submit();
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'Too weak.', tone: 'error' });
  });
});
