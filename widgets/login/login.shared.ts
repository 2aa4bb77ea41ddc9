/**
 * What every view of <sm-login> shares, kept across views: "please wait", the dialog, the notice,
 * moving between views, and steps several views take. Each view's model is given it.
 */
import { computed, signal } from '@preact/signals-core';
import * as z from 'zod/mini';
import * as auth from '../../shared/api/auth';
import type { SocialSignIn, SocialUser } from '../../shared/auth/social';
import type { ModelDeps } from '../../shared/deps/deps';
import { routeForType, type Query } from '../../shared/routing/routes';
import { parseReturnPath } from '../../shared/routing/targets';
import { readOnly } from '../../shared/model/read-only';
import type { TagProps } from '../tags';
import { validateEmail } from './login.validation';
import '@messages/login';

/** The `view` attribute's values. */
export type View = TagProps<'sm-login'>['view'];

/** A modal message. */
export interface DialogState {
  readonly title: string;
  readonly text: string;
  readonly tone: 'info' | 'error' | 'success';
  /** After closing: go to the login screen. */
  readonly thenLogin?: boolean;
}

export interface NoticeState {
  readonly tone: 'error' | 'info' | 'success';
  readonly text: string;
}

export type LoginDeps = Pick<
  ModelDeps,
  'api' | 'session' | 'account' | 'nav' | 'storage' | 'clock' | 'emit' | 'i18n'
> & {
  /** Sign-in with Google, Facebook or Apple. */
  readonly social: SocialSignIn;
  /** Asks the element to show another view (by its `view` attribute). */
  readonly showView: (view: View) => void;
};

/**
 * Social details of a registration in progress, stored to survive the move to Sign Up (here or
 * on the portal); an hour at most, as long as the provider's token inside is good.
 */
export const SOCIAL_CACHE_KEY = 'sm.social.v1';
export const SOCIAL_CACHE_MS = 60 * 60 * 1000;
const SocialCache = z.object({
  email: z.string(),
  name: z.string(),
  uid: z.string(),
  token: z.string(),
  method: z.enum(['google', 'facebook', 'apple']),
  savedAt: z.number(),
});

export function createLoginShared(deps: LoginDeps) {
  const { api, session, nav, storage, clock, emit, showView } = deps;
  const { t } = deps.i18n;
  const busy = signal(false);
  const dialog = signal<DialogState | null>(null);
  const notice = signal<NoticeState | null>(null);
  /** Social details prefilling the registration (email locked, no password). */
  const socialDetails = signal<SocialUser | null>(null);

  /** The Error dialog, with what went wrong. */
  const showError = (text: string) => {
    dialog.value = { title: t('login.dialogs.error'), text, tone: 'error' };
  };
  const forgetSocial = () => {
    storage.remove(SOCIAL_CACHE_KEY);
    socialDetails.value = null;
  };

  return {
    ...deps,
    busy,
    dialog,
    notice,
    socialDetails,

    /** Another view; in the portal, the address follows for the two tabs. */
    open(next: View, options: { replace?: boolean } = {}) {
      if (next === 'login' || next === 'register')
        nav.redirect(next === 'login' ? 'Signin' : 'Registration', undefined, { push: !options.replace });
      showView(next);
    },

    showError,

    /** Keeps the provider's details of a person with no account yet, for Sign Up. */
    rememberSocial(user: SocialUser) {
      storage.set(SOCIAL_CACHE_KEY, JSON.stringify({ ...user, savedAt: clock.now() }));
      socialDetails.value = user;
    },
    /** The details kept here, else in storage while fresh (others are removed). */
    recallSocial(): SocialUser | null {
      if (socialDetails.value) return socialDetails.value;
      let parsed: ReturnType<typeof SocialCache.safeParse> | null = null;
      try {
        parsed = SocialCache.safeParse(JSON.parse(storage.get(SOCIAL_CACHE_KEY) ?? 'null'));
      } catch {
        /* unreadable: treated as absent */
      }
      if (parsed?.success && clock.now() - parsed.data.savedAt < SOCIAL_CACHE_MS) {
        const { savedAt: _savedAt, ...user } = parsed.data;
        return user;
      }
      storage.remove(SOCIAL_CACHE_KEY);
      return null;
    },
    forgetSocial,

    announceSignIn() {
      const user = session.user.value;
      emit('sm-signed-in', { email: user?.email ?? '', name: user?.name ?? '' });
    },
    /** After a sign-in: the stored next page, else a safe `next` path, else the page for `type`. */
    goOn(query: Query) {
      forgetSocial();
      const stored = session.nextPage.value;
      if (stored) {
        session.setNextPage(null);
        nav.go(stored.name, stored.query);
        return;
      }
      const next = parseReturnPath(query.next);
      if (next) nav.go(next.name, next.query);
      else nav.go(routeForType(query.type));
    },

    /** Sends the verification email again. */
    async resendVerification(email: string) {
      busy.value = true;
      const result = await api.call(auth.resendActivation, { email });
      busy.value = false;
      dialog.value = result.ok
        ? { title: t('login.dialogs.resendSent'), text: result.message, tone: 'success' }
        : { title: t('login.dialogs.error'), text: t('login.dialogs.somethingWrong'), tone: 'error' };
    },

    /** Sends the new-password link (also after a double sign-up); the server's answer in a dialog. */
    async sendResetLink(email: string, thenLogin: boolean) {
      busy.value = true;
      const result = await api.call(auth.forgotPassword, { email });
      busy.value = false;
      if (result.ok)
        dialog.value = { title: t('login.dialogs.emailSent'), text: result.message, tone: 'success', thenLogin };
      else if (result.error.status === 0)
        dialog.value = { title: t('login.dialogs.error'), text: t('login.dialogs.somethingWrong'), tone: 'error' };
      else showError(result.error.message);
    },
  };
}

export type LoginShared = ReturnType<typeof createLoginShared>;

/** The forgot-password and send-verification forms' field; its rule shows once left, or on submit. */
export function createEmailField({ i18n: { t } }: LoginShared) {
  const email = signal('');
  const touched = signal(false);
  return {
    ...readOnly({ email }),
    emailError: computed(() => (touched.value ? (validateEmail(email.value, t) ?? null) : null)),
    setEmail(value: string) {
      email.value = value;
    },
    touchEmail() {
      touched.value = true;
    },
    /** On submit: the rule shows; the address (trimmed) when it is valid, else null. */
    submitted(): string | null {
      touched.value = true;
      return validateEmail(email.value) ? null : email.value.trim();
    },
  };
}
