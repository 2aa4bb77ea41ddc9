import { describe, expect, it } from 'vitest';
import {
  emptyRegisterForm,
  parseResetToken,
  validateChangePassword,
  validateEmail,
  validateLogin,
  validateNewPassword,
  validateRegister,
} from './login.validation';

const valid = {
  ...emptyRegisterForm,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  country: 'US',
  password: 'secret',
  confirm_password: 'secret',
};

describe('sign-up rules', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });
  it('gives the message of each rule', () => {
    expect(validateRegister(emptyRegisterForm)).toEqual({
      first_name: 'This is a required field.',
      last_name: 'This is a required field.',
      email: 'This is a required field and must be a valid email.',
      country: 'This is a required field.',
      password: 'This is a required field and have a minimum 6 characters.',
      confirm_password: 'This is a required field and must match the password field.',
    });
    expect(validateRegister({ ...valid, password: '12345', confirm_password: '12345' }).password).toBe(
      'This is a required field and have a minimum 6 characters.',
    );
    expect(validateRegister({ ...valid, confirm_password: 'other' }).confirm_password).toBe(
      'This is a required field and must match the password field.',
    );
    expect(validateRegister({ ...valid, email: 'ann@' }).email).toBe(
      'This is a required field and must be a valid email.',
    );
    expect(validateRegister({ ...valid, first_name: '   ' }).first_name).toBe('This is a required field.');
    expect(validateRegister({ ...valid, first_name: 'x'.repeat(101) }).first_name).toBe('This is a required field.');
  });
  it('checks the phone only once a country is chosen, digits only', () => {
    expect(validateRegister({ ...valid, phone_number: '12a' }).phone_number).toBe('must be a numeric character.');
    expect(validateRegister({ ...valid, phone_number: '+63 917' }).phone_number).toBe('must be a numeric character.');
    expect(validateRegister({ ...valid, phone_number: '9171234567' }).phone_number).toBeUndefined();
    expect(validateRegister({ ...valid, country: '', phone_number: 'abc' }).phone_number).toBeUndefined();
  });
  it('does not apply password rules to social sign-up', () => {
    expect(validateRegister({ ...valid, password: '', confirm_password: '' }, { social: true })).toEqual({});
  });
});

describe('other forms', () => {
  it('login needs email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'This is a required field.',
      password: 'This is a required field.',
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
  it('forgot password needs a valid email', () => {
    expect(validateEmail('')).toBe('This is a required field and must be a valid email.');
    expect(validateEmail('a@b.co')).toBeUndefined();
  });
  it('set new password has its three messages', () => {
    expect(validateNewPassword('', '')).toEqual({
      password: 'Please fill the password.',
      confirm: 'Please fill the confirm password.',
    });
    expect(validateNewPassword('abcdef', 'abc')).toEqual({ confirm: 'Please fill correct the confirm password.' });
    expect(validateNewPassword('abcdef', 'abcdef')).toEqual({});
  });
  it('change password has its two messages', () => {
    expect(validateChangePassword('', '')).toEqual({ password: 'New Password is required' });
    expect(validateChangePassword('abcdef', 'x')).toEqual({ confirm: 'Confirm New Password not match' });
  });
});

describe('reset token t', () => {
  it('reads the email before # and the token after it', () => {
    expect(parseResetToken(btoa('ann@example.org#abc#def'))).toEqual({ email: 'ann@example.org', token: 'abc#def' });
    const urlSafe = btoa('ann@example.org#tok??>').replace(/\+/g, '-').replace(/\//g, '_');
    expect(parseResetToken(urlSafe)).toEqual({ email: 'ann@example.org', token: 'tok??>' });
  });
  it.each([
    null,
    '',
    'not base64!',
    btoa('no-hash'),
    btoa('#token'),
    btoa('notanemail#token'),
    btoa('a@b.co#'),
    'x'.repeat(5000),
  ])('refuses %s', (t) => {
    expect(parseResetToken(t)).toBeNull();
  });
});
