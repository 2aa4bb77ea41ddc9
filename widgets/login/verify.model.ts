/** Email verification: the emailed link (view="verify-email"), and the form that sends a new one. */
import { signal } from '@preact/signals-core';
import * as auth from '../../shared/api/auth';
import { readOnly } from '../../shared/model/read-only';
import { createEmailField, type LoginShared } from './login.shared';
import '@messages/login';

/**
 * `choose-password`: the address was signed up more than once, so an email to choose the password
 * (which verifies it) is on its way instead (auth.CHOOSE_PASSWORD_SENT), to `email` if named.
 */
export type VerifyState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'verified' }
  | { kind: 'choose-password'; email: string | null }
  | { kind: 'failed'; message: string };

export function createVerifyEmailModel(ctx: LoginShared) {
  const { api, nav, open } = ctx;
  const state = signal<VerifyState>({ kind: 'idle' });

  async function check() {
    const token = nav.takeToken('_t');
    if (!token) {
      open('login', { replace: true });
      return;
    }
    state.value = { kind: 'checking' };
    const result = await api.call(auth.verifyEmail, { t: token });
    state.value = result.ok
      ? { kind: 'verified' }
      : result.error.errorCode === auth.CHOOSE_PASSWORD_SENT
        ? { kind: 'choose-password', email: auth.addressIn(result.error.message) }
        : { kind: 'failed', message: result.error.message };
  }

  return {
    ...readOnly({ state }),
    /** On arrival: checks the link's token; without one, on to Log In. */
    start() {
      void check();
    },
    ...readOnly({ busy: ctx.busy }),
    /** Sends the choose-password email again; with no address named, Forgot Password asks for it. */
    async sendAgain() {
      const current = state.value;
      if (ctx.busy.value || current.kind !== 'choose-password') return;
      if (current.email) await ctx.sendResetLink(current.email, false);
      else open('forgot-password');
    },
  };
}

export function createSendVerificationModel(ctx: LoginShared) {
  const { submitted, ...field } = createEmailField(ctx);
  return {
    ...field,
    ...readOnly({ busy: ctx.busy }),
    async submit() {
      if (ctx.busy.value) return;
      const email = submitted();
      if (email === null) return;
      await ctx.resendVerification(email);
    },
  };
}

export type VerifyEmailModel = ReturnType<typeof createVerifyEmailModel>;
export type SendVerificationModel = ReturnType<typeof createSendVerificationModel>;
