/** The password views of <sm-login>: forgot-password, change-password (from the emailed link) and change-password-user. */
import { computed, signal } from '@preact/signals-core';
import * as auth from '../../shared/api/auth';
import type { Translate } from '../../shared/i18n/catalogue';
import { readOnly } from '../../shared/model/read-only';
import { createEmailField, type LoginShared } from './login.shared';
import { parseResetToken, validateChangePassword, validateNewPassword, type FieldErrors } from './login.validation';
import '@messages/login';

type PasswordField = 'password' | 'confirm';
type Rules = (password: string, confirm: string, t?: Translate) => FieldErrors<PasswordField>;

export function createForgotPasswordModel(ctx: LoginShared) {
  const { busy } = ctx;
  const { submitted, ...field } = createEmailField(ctx);
  return {
    ...field,
    ...readOnly({ busy }),
    async submit() {
      if (busy.value) return;
      const email = submitted();
      if (email !== null) await ctx.sendResetLink(email, true);
    },
  };
}

/** A new password and its confirmation, checked by `rules`; the rules show once submit was pressed. */
function createPasswordForm(ctx: LoginShared, rules: Rules) {
  const { t } = ctx.i18n;
  const form = signal({ password: '', confirm: '' });
  const touched = signal(false);
  return {
    form,
    touched,
    errors: computed(() => (touched.value ? rules(form.value.password, form.value.confirm, t) : {})),
    setField(field: PasswordField, value: string) {
      form.value = { ...form.value, [field]: value };
    },
    /** On submit: every rule shows; the password pair when both pass, else null. */
    submitted(): { password: string; confirm: string } | null {
      touched.value = true;
      const { password, confirm } = form.value;
      return Object.keys(rules(password, confirm)).length > 0 ? null : { password, confirm };
    },
  };
}

export function createResetPasswordModel(ctx: LoginShared) {
  const { api, nav, busy } = ctx;
  const passwords = createPasswordForm(ctx, validateNewPassword);
  /** The emailed link's email and token; null when invalid, undefined until the view starts. */
  const link = signal<{ email: string; token: string } | null | undefined>(undefined);
  /** The server's message once the password is set. */
  const done = signal<string | null>(null);
  return {
    ...readOnly({ busy, form: passwords.form, link, done }),
    errors: passwords.errors,
    setField: passwords.setField,
    start() {
      link.value = parseResetToken(nav.takeToken('t'));
    },
    async submit() {
      if (busy.value) return;
      const filled = passwords.submitted();
      const emailed = link.value;
      if (!emailed || !filled) return;
      busy.value = true;
      const result = await api.call(auth.resetPassword, {
        email: emailed.email,
        token: emailed.token,
        password: filled.password,
      });
      busy.value = false;
      if (result.ok) done.value = result.message;
      else ctx.showError(result.error.message);
    },
  };
}

export function createChangePasswordModel(ctx: LoginShared) {
  const { api, session, busy, dialog, notice } = ctx;
  const { t } = ctx.i18n;
  const passwords = createPasswordForm(ctx, validateChangePassword);
  /** The current password is asked for too (the sign-in is not recent). */
  const needsCurrent = signal(false);
  const currentPassword = signal('');
  return {
    ...readOnly({ busy, form: passwords.form, needsCurrentPassword: needsCurrent, currentPassword }),
    isSignedIn: computed(() => session.isSignedIn.value),
    errors: passwords.errors,
    currentPasswordError: computed(() =>
      needsCurrent.value && passwords.touched.value && !currentPassword.value
        ? t('login.changeUser.currentRequired')
        : null,
    ),
    setField: passwords.setField,
    setCurrentPassword(value: string) {
      currentPassword.value = value;
    },
    async submit() {
      if (busy.value) return;
      const filled = passwords.submitted();
      if (!filled) return;
      if (needsCurrent.value && !currentPassword.value) return;
      const { password } = filled;
      busy.value = true;
      const result = await api.call(
        auth.changePassword,
        needsCurrent.value ? { password, current_password: currentPassword.value } : { password },
      );
      busy.value = false;
      if (result.ok) {
        passwords.form.value = { password: '', confirm: '' };
        passwords.touched.value = false;
        needsCurrent.value = false;
        currentPassword.value = '';
        notice.value = null;
        dialog.value = { title: t('login.dialogs.updateTitle'), text: t('login.dialogs.updateText'), tone: 'success' };
      } else if (result.error.errorCode === auth.CURRENT_PASSWORD_NEEDED) {
        needsCurrent.value = true;
        passwords.touched.value = false;
        notice.value = { tone: 'info', text: t('login.changeUser.currentNeeded') };
      } else {
        ctx.showError(result.error.message);
      }
    },
  };
}

export type ForgotPasswordModel = ReturnType<typeof createForgotPasswordModel>;
export type ResetPasswordModel = ReturnType<typeof createResetPasswordModel>;
export type ChangePasswordModel = ReturnType<typeof createChangePasswordModel>;
