import { describe, expect, it } from 'vitest';
import { fail, ok, settle } from '../../shared/deps/testing';
import { ANN_REGISTRATION } from './login.fixtures';
import { COUNTRIES, on, setup } from './login.testing';
import type { SignUpModel } from './signup.model';

describe('sign up by email', () => {
  const fill = (register: SignUpModel) => {
    register.setField('first_name', ' Ann ');
    register.setField('last_name', 'Lee');
    register.setField('email', 'ann@example.org ');
    register.setField('country', 'US');
    register.setField('phone_number', '5551234');
    register.setField('gender', 'Female');
    register.setField('password', 'secret-1');
    register.setField('confirm_password', 'secret-1');
  };

  it('loads the countries for the form, with the dial code of the chosen one', async () => {
    const { model } = setup();
    model.start('register');
    const register = on(model, 'register');
    register.chooseEmail();
    await settle();
    expect(register.countries.value).toEqual(COUNTRIES);
    register.setField('country', 'PH');
    expect(register.dialCode.value).toBe('+63');
    register.setField('phone_number', '917');
    register.setField('country', '');
    expect(register.form.value.phone_number).toBe('');
  });

  it('offers to retry when the countries do not load', async () => {
    const { model, deps } = setup({ routes: { 'GET /api/country': fail(500, 'Try later.') } });
    model.start('register');
    const register = on(model, 'register');
    register.chooseEmail();
    await settle();
    expect(register.countriesError.value).toBe('We could not load the country list. Try later.');
    deps.on('GET /api/country', ok(COUNTRIES));
    register.retryCountries();
    await settle();
    expect(register.countriesError.value).toBeNull();
    expect(register.countries.value).toHaveLength(2);
  });

  it('loads the countries once per element, whichever views come between', async () => {
    const { model, calls } = setup();
    model.start('register');
    on(model, 'register').chooseEmail();
    await settle();
    model.start('login');
    model.start('register');
    on(model, 'register').chooseEmail();
    await settle();
    expect(on(model, 'register').countries.value).toEqual(COUNTRIES);
    expect(calls('GET', '/api/country')).toHaveLength(1);
  });

  it('shows a rule only once its field is touched, and every rule on Sign Up', async () => {
    const { model, deps } = setup();
    model.start('register');
    const register = on(model, 'register');
    register.chooseEmail();
    register.setField('email', 'nope');
    expect(register.errors.value).toEqual({});
    register.touchField('email');
    expect(register.errors.value).toEqual({ email: 'This is a required field and must be a valid email.' });
    await register.submit();
    expect(register.errors.value).toMatchObject({
      first_name: 'This is a required field.',
      country: 'This is a required field.',
      password: 'This is a required field and have a minimum 6 characters.',
      confirm_password: 'This is a required field and must match the password field.',
    });
    expect(deps.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('registers, announces it and shows the thank-you step with the email', async () => {
    let seen: unknown;
    const { model, deps } = setup({
      routes: {
        'POST /webclient/auth/register': (request) => ((seen = request.body), ok(null, 'Thank you for registering.')),
      },
    });
    model.start('register');
    const register = on(model, 'register');
    register.chooseEmail();
    fill(register);
    await register.submit();
    expect(seen).toEqual(ANN_REGISTRATION);
    expect(register.step.value).toBe('registered');
    expect(register.registeredEmail.value).toBe('ann@example.org');
    expect(deps.events).toEqual([{ type: 'sm-registered', detail: { email: 'ann@example.org' } }]);
    expect(deps.session.isSignedIn.value).toBe(false);
  });

  it("shows a refusal in an Error dialog with the server's message", async () => {
    const { model } = setup({
      routes: { 'POST /webclient/auth/register': fail(400, 'country_code: unknown country') },
    });
    model.start('register');
    const register = on(model, 'register');
    register.chooseEmail();
    fill(register);
    await register.submit();
    expect(model.dialog.value).toEqual({ title: 'Error', text: 'country_code: unknown country', tone: 'error' });
    model.closeDialog();
    expect(model.dialog.value).toBeNull();
    expect(register.step.value).toBe('form');
  });
});
