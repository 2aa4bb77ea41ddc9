/**
 * The Log In view (<sm-login view="login">): the choice of method (the provider buttons are
 * social.model.ts), then the email form. Its rules show once Log In is pressed; the server's
 * refusal shows under the password, and a refusal for an email not verified yet offers to send
 * the link again. A visitor already signed in is sent on at once.
 */
import { computed, signal } from '@preact/signals-core';
import * as auth from '../../shared/api/auth';
import { readOnly } from '../../shared/model/read-only';
import type { LoginShared } from './login.shared';
import { validateLogin } from './login.validation';
import '@messages/login';

export function createSignInModel(ctx: LoginShared) {
  const { api, account, nav, session, busy } = ctx;
  const { t } = ctx.i18n;
  const step = signal<'choice' | 'email'>('choice');
  const form = signal({ email: '', password: '' });
  const touched = signal(false);
  /** The server's refusal of the last attempt, and the email it was for. */
  const failure = signal<{ message: string; email: string } | null>(null);

  return {
    ...readOnly({ busy, step, form }),
    errors: computed(() => (touched.value ? validateLogin(form.value, t) : {})),
    serverError: computed(() => failure.value?.message ?? null),
    /** The email to resend the verification to, when the server refused it as not verified yet. */
    unverifiedEmail: computed(() => {
      const refused = failure.value;
      return refused && /please verify your email/i.test(refused.message) ? refused.email : null;
    }),

    /** On arrival: a visitor already signed in goes on (in the portal: on another page, the tag stays where it is). */
    start() {
      if (session.isSignedIn.value && nav.onPortalPage()) ctx.goOn(nav.query());
    },
    chooseEmail() {
      step.value = 'email';
    },
    backToChoice() {
      step.value = 'choice';
      failure.value = null;
      touched.value = false;
    },
    setField(field: 'email' | 'password', value: string) {
      form.value = { ...form.value, [field]: value };
    },
    async submit() {
      if (busy.value) return;
      touched.value = true;
      if (Object.keys(validateLogin(form.value, t)).length > 0) return;
      busy.value = true;
      failure.value = null;
      const email = form.value.email.trim();
      // This browser's device proof for the API host: its own allowance while others guess (OWASP device cookies).
      const key = `sm.device@${api.base}`;
      const device_proof = ctx.storage.get(key) ?? undefined;
      const result = await api.call(auth.login, { email, password: form.value.password, device_proof });
      if (result.ok && result.data.device_proof) ctx.storage.set(key, result.data.device_proof);
      const profile = result.ok ? await account.completeSignIn(result.data) : result;
      busy.value = false;
      if (!profile.ok) {
        failure.value = { message: profile.error.message, email };
        return;
      }
      ctx.announceSignIn();
      ctx.goOn(nav.query());
    },
    resendVerification: ctx.resendVerification,
  };
}

export type SignInModel = ReturnType<typeof createSignInModel>;
