/**
 * The provider buttons of Log In and Sign Up. An existing account signs in; anyone else goes on
 * to Sign Up with the provider's details. In the app's webview the app signs in instead.
 */
import { signal } from '@preact/signals-core';
import * as auth from '../../shared/api/auth';
import type { Provider, SocialUser, TestAccount } from '../../shared/auth/social';
import { readOnly } from '../../shared/model/read-only';
import type { LoginShared } from './login.shared';
import '@messages/login';

/** `onNewAccount`: what to do with the details of a person with no account yet. */
export function createSocialModel(ctx: LoginShared, onNewAccount: (user: SocialUser) => void) {
  const { api, account, nav, session, emit, busy, notice, social: providers } = ctx;
  const { t } = ctx.i18n;
  /** The emulator's identity step: which provider is asking. */
  const testAccountFor = signal<Provider | null>(null);

  /** After the provider: a session when the account exists, else on to the Sign Up form. */
  async function afterSocial(user: SocialUser) {
    busy.value = true;
    const result = await api.call(auth.connectSocmed, {
      email: user.email,
      name: user.name,
      uid: user.uid,
      token: user.token,
      method: user.method,
    });
    if (!result.ok) {
      busy.value = false;
      notice.value = { tone: 'error', text: result.error.message };
      return;
    }
    if (result.data) {
      const profile = await account.completeSignIn(result.data);
      busy.value = false;
      if (!profile.ok) {
        notice.value = { tone: 'error', text: profile.error.message };
        return;
      }
      ctx.announceSignIn();
      ctx.goOn(nav.query());
      return;
    }
    busy.value = false;
    ctx.rememberSocial(user);
    onNewAccount(user);
  }

  return {
    ...readOnly({ testAccountFor }),
    /** Loads Firebase early, so the click can open the popup at once. */
    prepare() {
      providers.prepare();
    },
    choose(provider: Provider) {
      const name = t(`login.social.names.${provider}`);
      notice.value = null;
      if (session.fromApps.value) {
        // Providers block their popups inside app webviews.
        emit('sm-app-signin', { provider });
        notice.value = { tone: 'info', text: t('login.social.inApp', { provider: name }) };
        return;
      }
      const mode = providers.mode();
      if (mode === 'off') {
        notice.value = { tone: 'info', text: t('login.social.notYet', { provider: name }) };
        return;
      }
      if (mode === 'emulator') {
        testAccountFor.value = provider;
        return;
      }
      void providers.signInWithPopup(provider).then(afterSocial, (error: unknown) => {
        const code = (error as { code?: string } | null)?.code ?? '';
        if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return;
        notice.value = {
          tone: 'error',
          text:
            code === 'auth/popup-blocked'
              ? t('login.social.popupBlocked')
              : t('login.social.failed', { provider: name }),
        };
      });
    },
    /** The emulator's identity step: signs in with a test account. */
    async continueWithTestAccount(testAccount: TestAccount) {
      const provider = testAccountFor.value;
      if (!provider) return;
      testAccountFor.value = null;
      busy.value = true;
      let user: SocialUser;
      try {
        user = await providers.signInWithTestAccount(provider, testAccount);
      } catch (error) {
        busy.value = false;
        console.error('[sm-login] Social sign-in failed', error);
        notice.value = {
          tone: 'error',
          text: t('login.social.failed', { provider: t(`login.social.names.${provider}`) }),
        };
        return;
      }
      busy.value = false;
      await afterSocial(user);
    },
    cancelTestAccount() {
      testAccountFor.value = null;
    },
  };
}

export type SocialModel = ReturnType<typeof createSocialModel>;
