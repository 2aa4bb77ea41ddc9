/**
 * A link from the mobile app (`_t`, a one-time token; `type`, where to go) signs in and moves on.
 * When another account is signed in here, "Continue as <email>?" asks first.
 */
import { computed, signal } from '@preact/signals-core';
import { APP_REDIRECT_MS } from '../../shared/boot/boot';
import type { AppSignIn } from '../../shared/session/connection';
import { appLinkTarget, routeForType } from '../../shared/routing/routes';
import type { LoginShared } from './login.shared';
import '@messages/login';

/** The question a link from the app asks when another account is signed in here. */
export interface AppSwitchState {
  /** who the link signs in */
  readonly email: string;
  /** who is signed in now */
  readonly current: string | null;
}

export function createSwitchModel(ctx: LoginShared) {
  const { account, nav, clock, busy, notice } = ctx;
  const { t } = ctx.i18n;
  /** The question, and what each answer does. */
  const pending = signal<(AppSwitchState & { answer: Extract<AppSignIn, { kind: 'confirm' }>; type: string }) | null>(
    null,
  );

  /** Signed in by the app's link: announced, then on after a moment. */
  function arriveFromApp(type: string) {
    busy.value = true;
    ctx.announceSignIn();
    clock.after(APP_REDIRECT_MS, () => {
      busy.value = false;
      const target = appLinkTarget(type);
      nav.go(target.name, target.query);
    });
  }

  async function signInFromApp(token: string, type: string) {
    busy.value = true;
    const result = await account.signInWithAppToken(token);
    if (!result.ok) {
      busy.value = false;
      const { status, message } = result.error;
      notice.value = { tone: 'error', text: status === 0 ? message : `${t('login.login.mobileFailed')} ${message}` };
      return;
    }
    if (result.data.kind === 'confirm') {
      busy.value = false;
      pending.value = { email: result.data.email, current: result.data.current, answer: result.data, type };
      return;
    }
    arriveFromApp(type);
  }

  return {
    /** 'Continue as <email>?', for a link to another account than the one signed in. */
    appSwitch: computed<AppSwitchState | null>(() =>
      pending.value ? { email: pending.value.email, current: pending.value.current } : null,
    ),

    /** On arrival at Log In or Sign Up: whether the app's link signs in (the view then does nothing else). */
    signInFromLink(): boolean {
      const query = nav.query();
      const token = query._t !== undefined || query.type !== undefined ? nav.takeToken('_t') : null;
      if (!token || !query.type) return false;
      void signInFromApp(token, query.type);
      return true;
    },
    /** Continues as the link's account. */
    async continueAsAppAccount() {
      const asked = pending.value;
      if (!asked) return;
      pending.value = null;
      await asked.answer.accept();
      arriveFromApp(asked.type);
    },
    /** Stays as the person signed in here; the link's session is signed out. */
    async stayAsCurrent() {
      const asked = pending.value;
      if (!asked) return;
      pending.value = null;
      busy.value = true;
      await asked.answer.decline();
      busy.value = false;
      nav.go(routeForType(undefined));
    },
  };
}

export type SwitchModel = ReturnType<typeof createSwitchModel>;
