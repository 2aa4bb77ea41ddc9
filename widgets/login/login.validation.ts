/**
 * The rules of <sm-login>'s forms, written with zod/mini. Each broken rule gives the message the
 * person sees under the field, worded exactly as the product words it.
 */
import * as z from 'zod/mini';
import '@messages/login';
import { english, type MessageKey, type Translate } from '../../shared/i18n/catalogue';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Gender = 'None' | 'Male' | 'Female';

export interface RegisterForm {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  phone_number: string;
  gender: Gender;
  password: string;
  confirm_password: string;
}

export type RegisterField = keyof RegisterForm;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const emptyRegisterForm: RegisterForm = {
  first_name: '',
  last_name: '',
  email: '',
  country: '',
  phone_number: '',
  gender: 'None',
  password: '',
  confirm_password: '',
};

const required = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'login.validation.required' }),
    z.maxLength(100, { error: 'login.validation.required' }),
  );
const emailRule = z
  .string()
  .check(
    z.trim(),
    z.maxLength(254, { error: 'login.validation.email' }),
    z.regex(EMAIL, { error: 'login.validation.email' }),
  );
const passwordRule = z
  .string()
  .check(
    z.minLength(6, { error: 'login.validation.password' }),
    z.maxLength(200, { error: 'login.validation.password' }),
  );

function firstError(schema: z.ZodMiniType, value: unknown, t: Translate): string | undefined {
  const result = schema.safeParse(value);
  const key = result.success ? undefined : result.error.issues[0]?.message;
  return key ? t(key as MessageKey) : undefined;
}

/** Sign-up rules. Social sign-up hides the password fields, so they are not checked. */
export function validateRegister(
  form: RegisterForm,
  options: { social?: boolean } = {},
  t: Translate = english,
): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  const set = (field: RegisterField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('first_name', firstError(required, form.first_name, t));
  set('last_name', firstError(required, form.last_name, t));
  set('email', firstError(emailRule, form.email, t));
  set('country', firstError(required, form.country, t));
  if (form.country && form.phone_number !== '' && !/^\d{1,20}$/.test(form.phone_number))
    set('phone_number', t('login.validation.phone'));
  if (!options.social) {
    set('password', firstError(passwordRule, form.password, t));
    if (!form.confirm_password || form.confirm_password !== form.password)
      set('confirm_password', t('login.validation.confirm'));
  }
  return errors;
}

export interface LoginForm {
  email: string;
  password: string;
}

/** Login: email and password required. */
export function validateLogin(form: LoginForm, t: Translate = english): FieldErrors<keyof LoginForm> {
  const errors: FieldErrors<keyof LoginForm> = {};
  if (!form.email.trim()) errors.email = t('login.validation.required');
  if (!form.password) errors.password = t('login.validation.required');
  return errors;
}

/** Forgot password and resend: email required and valid. */
export function validateEmail(email: string, t: Translate = english): string | undefined {
  return firstError(emailRule, email, t);
}

/** Set new password (from the emailed link). */
export function validateNewPassword(
  password: string,
  confirm: string,
  t: Translate = english,
): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  if (!password) errors.password = t('login.validation.setPassword');
  if (!confirm) errors.confirm = t('login.validation.setConfirm');
  else if (confirm !== password) errors.confirm = t('login.validation.setConfirmMatch');
  return errors;
}

/** Change password of a signed-in person. */
export function validateChangePassword(
  password: string,
  confirm: string,
  t: Translate = english,
): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  if (!password) errors.password = t('login.validation.newPassword');
  if (confirm !== password) errors.confirm = t('login.validation.newConfirm');
  return errors;
}

/**
 * The reset link's token t: base64 text whose part before the first '#' is the email and the
 * rest the token. Accepts standard and URL-safe base64; null when it is not that shape.
 */
export function parseResetToken(t: string | null | undefined): { email: string; token: string } | null {
  if (!t || t.length > 2048) return null;
  let decoded: string;
  try {
    const normal = t.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
    decoded = new TextDecoder().decode(Uint8Array.from(atob(normal), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const at = decoded.indexOf('#');
  if (at <= 0) return null;
  const email = decoded.slice(0, at);
  const token = decoded.slice(at + 1);
  if (!EMAIL.test(email) || !token) return null;
  return { email, token };
}
