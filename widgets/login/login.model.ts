/**
 * The state and actions of <sm-login>: sign in (email, social, the mobile app's one-time token),
 * sign up, email verification and the password screens. The view renders these signals and
 * calls the verbs; every API call and every move happens here, through the dependencies the
 * model is given.
 *
 * The element's `view` attribute owns the screen. The view calls `start(view)` whenever the
 * attribute changes, and a screen's start (the app's sign-in, the email check, the reset link,
 * the social prefill) runs once per change. A move inside the widget (the tabs, Back to Log In,
 * a finished social sign-in with no account yet) goes through `open(view)`: the address follows
 * for the Log In and Sign Up tabs, and the element is asked to change its attribute, which
 * starts the new screen.
 */
import { computed, signal } from '@preact/signals-core';
import * as z from 'zod/mini';
import * as auth from '../../shared/api/auth';
import type { CountryListItem } from '../../shared/api/schemas';
import { splitName, type Provider, type SocialSignIn, type SocialUser, type TestAccount } from '../../shared/auth/social';
import { APP_DONATION_MISSION_ID } from '../../shared/config/config';
import type { ModelDeps } from '../../shared/deps/deps';
import type { AppSignIn } from '../../shared/session/connection';
import { routeForType, type Query, type RouteName } from '../../shared/routing/routes';
import { parseReturnPath } from '../../shared/routing/targets';
import {
  emptyRegisterForm,
  parseResetToken,
  validateChangePassword,
  validateEmail,
  validateLogin,
  validateNewPassword,
  validateRegister,
  type FieldErrors,
  type RegisterField,
  type RegisterForm,
} from './login.validation';
import { readOnly } from '../../shared/model/read-only';
import '@messages/login';

export const VIEWS = [
  'login',
  'register',
  'verify-email',
  'forgot-password',
  'change-password',
  'change-password-user',
  'send-verification',
  'signup-success',
] as const;
export type View = (typeof VIEWS)[number];

/** The view an attribute value names, or login (the tag table tells the embedder about a bad value). */
export function toView(value: string | undefined): View {
  return VIEWS.find((view) => view === value) ?? 'login';
}

/** How long after the mobile app's sign-in the person is moved on. */
export const MOBILE_REDIRECT_MS = 500;

/**
 * Social details of a registration in progress ("social cache"), kept in storage so that they
 * survive the move to the Sign Up screen, on this page or on the portal's. Kept an hour at most:
 * the provider's token inside is good for no longer.
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

export type VerifyState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'verified' } | { kind: 'failed'; message: string };

type RegisterState = { step: 'choice' } | { step: 'form' } | { step: 'registered'; email: string };

/** The question a link from the app asks when another account is signed in here. */
export interface AppSwitchState {
  /** who the link signs in */
  readonly email: string;
  /** who is signed in now */
  readonly current: string | null;
}

/** Where the app's `type` sends a person signed in by the mobile app; donation opens the app's mission. */
function appTarget(type: string): { name: RouteName; query?: Query } {
  if (type === 'donation') return { name: 'DonationsPage', query: { _d: String(APP_DONATION_MISSION_ID) } };
  return { name: routeForType(type) };
}

export type LoginDeps = Pick<ModelDeps, 'api' | 'session' | 'account' | 'nav' | 'storage' | 'clock' | 'emit' | 'i18n'> & {
  /** Sign-in with Google, Facebook or Apple. */
  readonly social: SocialSignIn;
  /** Asks the element to show another view (it sets its `view` attribute, which calls start). */
  readonly showView: (view: View) => void;
};

export function createLoginModel({ api, session, account, nav, storage, clock, emit, social: providers, showView, i18n }: LoginDeps) {
  const { t } = i18n;
  const view = signal<View | null>(null);
  const busy = signal(false);
  const dialog = signal<DialogState | null>(null);
  const notice = signal<NoticeState | null>(null);

  // Log In
  const loginStep = signal<'choice' | 'email'>('choice');
  const loginForm = signal({ email: '', password: '' });
  const loginTouched = signal(false);
  /** The server's refusal of the last attempt, and the email it was for. */
  const loginFailure = signal<{ message: string; email: string } | null>(null);
  const loginErrors = computed(() => (loginTouched.value ? validateLogin(loginForm.value, t) : {}));

  // Sign Up
  const register = signal<RegisterState>({ step: 'choice' });
  const registerForm = signal<RegisterForm>(emptyRegisterForm);
  const registerTouched = signal<ReadonlySet<RegisterField>>(new Set());
  const countries = signal<readonly CountryListItem[] | null>(null);
  const countriesError = signal<string | null>(null);
  /** Social details prefilling the registration (email locked, no password). */
  const social = signal<SocialUser | null>(null);
  /** The sandbox's identity step for the Auth emulator: which provider is asking. */
  const testAccountFor = signal<Provider | null>(null);

  // Email-only forms (forgot password, resend verification)
  const emailForm = signal('');
  const emailTouched = signal(false);

  // Password forms (set a new one from the emailed link, change one's own)
  const passwordForm = signal({ password: '', confirm: '' });
  const passwordTouched = signal(false);
  const passwordDone = signal(false);
  /** The change of one's own password needs the current password too (the sign-in is not recent). */
  const needsCurrent = signal(false);
  const currentPassword = signal('');
  const resetLink = signal<{ email: string; token: string } | null | undefined>(undefined);

  const verify = signal<VerifyState>({ kind: 'idle' });

  /** A link from the app for another account: the question, and what each answer does. */
  const appSwitch = signal<(AppSwitchState & { answer: Extract<AppSignIn, { kind: 'confirm' }>; type: string }) | null>(null);

  const resetForms = () => {
    dialog.value = null;
    notice.value = null;
    loginStep.value = 'choice';
    loginForm.value = { email: '', password: '' };
    loginTouched.value = false;
    loginFailure.value = null;
    register.value = { step: 'choice' };
    registerForm.value = emptyRegisterForm;
    registerTouched.value = new Set();
    emailForm.value = '';
    emailTouched.value = false;
    passwordForm.value = { password: '', confirm: '' };
    passwordTouched.value = false;
    passwordDone.value = false;
    needsCurrent.value = false;
    currentPassword.value = '';
  };

  /** Another view of this widget; the address follows for the two tabs. */
  const open = (next: View, options: { replace?: boolean } = {}) => {
    if (next === 'login') nav.go('Signin', undefined, options);
    else if (next === 'register') nav.go('Registration', undefined, options);
    showView(next);
  };

  const readSocialCache = (): SocialUser | null => {
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
  };

  const forgetSocial = () => {
    storage.remove(SOCIAL_CACHE_KEY);
    social.value = null;
  };

  /** After a sign-in: the stored next page, else a safe `next` path, else the page for `type`. */
  const goAfterSignIn = (query: Query) => {
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
  };

  const announceSignIn = () => {
    const user = session.user.value;
    emit('sm-signed-in', { email: user?.email ?? '', name: user?.name ?? '' });
  };

  /** Signed in by the app's link: announced, then on to the page for its type after a moment. */
  function arriveFromApp(type: string) {
    busy.value = true;
    announceSignIn();
    clock.after(MOBILE_REDIRECT_MS, () => {
      busy.value = false;
      const target = appTarget(type);
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
      // Someone else is signed in here: the person chooses (see continueAsAppAccount and stayAsCurrent).
      busy.value = false;
      appSwitch.value = { email: result.data.email, current: result.data.current, answer: result.data, type };
      return;
    }
    arriveFromApp(type);
  }

  async function loadCountries() {
    if (countries.value) return;
    countriesError.value = null;
    const result = await api.call(auth.countries, {});
    if (result.ok) countries.value = result.data;
    else countriesError.value = `${t('login.register.countriesFailed')} ${result.error.message}`;
  }

  async function checkVerification() {
    const token = nav.takeToken('_t');
    if (!token) {
      open('login', { replace: true });
      return;
    }
    verify.value = { kind: 'checking' };
    const result = await api.call(auth.verifyEmail, { t: token });
    verify.value = result.ok ? { kind: 'verified' } : { kind: 'failed', message: result.error.message };
  }

  /** The Sign Up form filled from the provider's details: names split, email locked. */
  function prefill(user: SocialUser) {
    const { first, last } = splitName(user.name);
    social.value = user;
    registerForm.value = { ...emptyRegisterForm, first_name: first, last_name: last, email: user.email };
    registerTouched.value = new Set();
    register.value = { step: 'form' };
    void loadCountries();
  }

  /** After the provider: a session when the account exists, else the Sign Up form prefilled. */
  async function afterSocial(user: SocialUser) {
    busy.value = true;
    const result = await api.call(auth.connectSocmed, { email: user.email, name: user.name, uid: user.uid, token: user.token, method: user.method });
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
      announceSignIn();
      goAfterSignIn(nav.query());
      return;
    }
    busy.value = false;
    storage.set(SOCIAL_CACHE_KEY, JSON.stringify({ ...user, savedAt: clock.now() }));
    social.value = user;
    // On Sign Up already: fill the form here; else the Sign Up screen's start fills it.
    if (view.value === 'register') prefill(user);
    else open('register');
  }

  async function resendVerification(email: string) {
    busy.value = true;
    const result = await api.call(auth.resendActivation, { email });
    busy.value = false;
    dialog.value = result.ok
      ? { title: t('login.dialogs.resendSent'), text: result.message, tone: 'success' }
      : { title: t('login.dialogs.error'), text: t('login.dialogs.somethingWrong'), tone: 'error' };
  }

  /** What a view does on arrival. */
  function arrive(next: View) {
    if (next === 'verify-email') {
      void checkVerification();
      return;
    }
    if (next === 'change-password') {
      resetLink.value = parseResetToken(nav.takeToken('t'));
      return;
    }
    if (next !== 'login' && next !== 'register') return;
    const query = nav.query();
    const appToken = query._t !== undefined || query.type !== undefined ? nav.takeToken('_t') : null;
    if (appToken && query.type) {
      void signInFromApp(appToken, query.type);
      return;
    }
    if (session.lastSignOut.value === 'expired') notice.value = { tone: 'info', text: t('login.login.expired') };
    if (next === 'login' && session.isSignedIn.value) {
      goAfterSignIn(query);
      return;
    }
    if (next === 'register') {
      const user = social.value ?? readSocialCache();
      if (user) prefill(user);
    }
  }

  const model = {
    /** The view shown; null until the element has started one. */
    ...readOnly({ view, social, testAccountFor, busy, dialog, notice, loginStep, loginForm, registerForm, countries, countriesError, emailForm, passwordForm, passwordDone, resetLink, verify }),
    isSignedIn: computed(() => session.isSignedIn.value),
    loginErrors,
    loginServerError: computed(() => loginFailure.value?.message ?? null),
    /** The email to resend the verification to, when the server refused it as not verified yet. */
    unverifiedEmail: computed(() => {
      const failure = loginFailure.value;
      return failure && /please verify your email/i.test(failure.message) ? failure.email : null;
    }),
    registerStep: computed(() => register.value.step),
    registeredEmail: computed(() => (register.value.step === 'registered' ? register.value.email : null)),
    /** Errors of the fields touched so far (all of them once Sign Up was pressed). */
    registerErrors: computed(() => {
      const all = validateRegister(registerForm.value, { social: !!social.value }, t);
      const shown: FieldErrors<RegisterField> = {};
      for (const field of registerTouched.value) if (all[field]) shown[field] = all[field];
      return shown;
    }),
    dialCode: computed(() => countries.value?.find((c) => c.code === registerForm.value.country)?.phone_code ?? ''),
    emailError: computed(() => (emailTouched.value ? (validateEmail(emailForm.value, t) ?? null) : null)),
    passwordErrors: computed(() => {
      if (!passwordTouched.value) return {};
      const { password, confirm } = passwordForm.value;
      return view.value === 'change-password-user' ? validateChangePassword(password, confirm, t) : validateNewPassword(password, confirm, t);
    }),
    /** The current password is asked for too (the sign-in behind this session is not recent). */
    ...readOnly({ needsCurrentPassword: needsCurrent, currentPassword }),
    currentPasswordError: computed(() => (needsCurrent.value && passwordTouched.value && !currentPassword.value ? t('login.changeUser.currentRequired') : null)),
    /** 'Continue as <email>?': a link from the app for another account than the one signed in here. */
    appSwitch: computed<AppSwitchState | null>(() => (appSwitch.value ? { email: appSwitch.value.email, current: appSwitch.value.current } : null)),
    /** The emailed reset link's email and token; null when the link is not valid. */

    /** Shows the view the element's attribute names; its start runs once per change of view. */
    start(next: View) {
      if (next === view.value) return;
      resetForms();
      view.value = next;
      arrive(next);
    },
    /** Moves to another view of the widget (tabs, links, Back to Log In). */
    open(next: View) {
      open(next);
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.thenLogin) open('login');
    },

    // Log In
    chooseEmailLogin() {
      loginStep.value = 'email';
    },
    backToChoice() {
      loginStep.value = 'choice';
      loginFailure.value = null;
      loginTouched.value = false;
    },
    setLoginField(field: 'email' | 'password', value: string) {
      loginForm.value = { ...loginForm.value, [field]: value };
    },
    /** Loads Firebase early (hover or focus on a social button), so the click can open the popup at once. */
    prepareSocial() {
      providers.prepare();
    },
    chooseProvider(provider: Provider) {
      const name = t(`login.social.names.${provider}`);
      notice.value = null;
      if (session.fromApps.value) {
        // Providers block their popups inside app webviews: the app signs the person in instead.
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
        notice.value = { tone: 'error', text: code === 'auth/popup-blocked' ? t('login.social.popupBlocked') : t('login.social.failed', { provider: name }) };
      });
    },
    /** The emulator's identity step: sign in to Firebase with a test account's fake credential. */
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
        notice.value = { tone: 'error', text: t('login.social.failed', { provider: t(`login.social.names.${provider}`) }) };
        return;
      }
      busy.value = false;
      await afterSocial(user);
    },
    cancelTestAccount() {
      testAccountFor.value = null;
    },
    async submitLogin() {
      if (busy.value) return;
      loginTouched.value = true;
      if (Object.keys(validateLogin(loginForm.value, t)).length > 0) return;
      busy.value = true;
      loginFailure.value = null;
      const email = loginForm.value.email.trim();
      const result = await api.call(auth.login, { email, password: loginForm.value.password });
      const profile = result.ok ? await account.completeSignIn(result.data) : result;
      busy.value = false;
      if (!profile.ok) {
        loginFailure.value = { message: profile.error.message, email };
        return;
      }
      announceSignIn();
      goAfterSignIn(nav.query());
    },
    resendVerification,

    // Sign Up
    chooseEmailRegister() {
      register.value = { step: 'form' };
      void loadCountries();
    },
    retryCountries() {
      void loadCountries();
    },
    /** Back from the form to the choice of method: the form starts empty again. */
    backFromRegister() {
      forgetSocial();
      registerForm.value = emptyRegisterForm;
      registerTouched.value = new Set();
      register.value = { step: 'choice' };
    },
    setRegisterField<K extends RegisterField>(field: K, value: RegisterForm[K]) {
      const next = { ...registerForm.value, [field]: value };
      if (field === 'country' && !value) next.phone_number = '';
      registerForm.value = next;
    },
    touchRegisterField(field: RegisterField) {
      if (!registerTouched.value.has(field)) registerTouched.value = new Set([...registerTouched.value, field]);
    },
    async submitRegister() {
      if (busy.value) return;
      const form = registerForm.value;
      const viaSocial = social.value;
      registerTouched.value = new Set(Object.keys(form) as RegisterField[]);
      if (Object.keys(validateRegister(form, { social: !!viaSocial })).length > 0) return;
      busy.value = true;
      const email = viaSocial ? viaSocial.email : form.email.trim();
      const result = await api.call(auth.register, {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        email,
        password: viaSocial ? '-' : form.password,
        country_code: form.country,
        gender: form.gender,
        phone_number: form.phone_number,
        method: viaSocial ? viaSocial.method : 'email',
        ...(viaSocial ? { token: viaSocial.token, uid: viaSocial.uid } : {}),
      });
      if (!result.ok) {
        busy.value = false;
        dialog.value = { title: t('login.dialogs.error'), text: result.error.message, tone: 'error' };
        return;
      }
      // A social registration answers with a session: the person is signed in at once.
      if (viaSocial && result.data && 'access_token' in result.data) {
        const profile = await account.completeSignIn(result.data);
        busy.value = false;
        if (!profile.ok) {
          dialog.value = { title: t('login.dialogs.error'), text: profile.error.message, tone: 'error' };
          return;
        }
        emit('sm-registered', { email });
        announceSignIn();
        goAfterSignIn(nav.query());
        return;
      }
      busy.value = false;
      register.value = { step: 'registered', email };
      emit('sm-registered', { email });
    },

    // Email-only forms
    setEmail(value: string) {
      emailForm.value = value;
    },
    touchEmail() {
      emailTouched.value = true;
    },
    async submitForgotPassword() {
      if (busy.value) return;
      emailTouched.value = true;
      if (validateEmail(emailForm.value)) return;
      busy.value = true;
      const result = await api.call(auth.forgotPassword, { email: emailForm.value.trim() });
      busy.value = false;
      if (result.ok) dialog.value = { title: t('login.dialogs.emailSent'), text: result.message, tone: 'success', thenLogin: true };
      else if (result.error.status === 0) dialog.value = { title: t('login.dialogs.error'), text: t('login.dialogs.somethingWrong'), tone: 'error' };
      else dialog.value = { title: t('login.dialogs.error'), text: result.error.message, tone: 'error' };
    },
    async submitSendVerification() {
      if (busy.value) return;
      emailTouched.value = true;
      if (validateEmail(emailForm.value)) return;
      await resendVerification(emailForm.value.trim());
    },

    /** Continues as the account of the app's link: the session is replaced, then on as for any app sign-in. */
    async continueAsAppAccount() {
      const pending = appSwitch.value;
      if (!pending) return;
      appSwitch.value = null;
      await pending.answer.accept();
      arriveFromApp(pending.type);
    },
    /** Stays as the person signed in here: the link's session is signed out at once; this one stays as it was. */
    async stayAsCurrent() {
      const pending = appSwitch.value;
      if (!pending) return;
      appSwitch.value = null;
      busy.value = true;
      await pending.answer.decline();
      busy.value = false;
      nav.go(routeForType(undefined));
    },

    // Password forms
    setPasswordField(field: 'password' | 'confirm', value: string) {
      passwordForm.value = { ...passwordForm.value, [field]: value };
    },
    setCurrentPassword(value: string) {
      currentPassword.value = value;
    },
    async submitResetPassword() {
      if (busy.value) return;
      passwordTouched.value = true;
      const { password, confirm } = passwordForm.value;
      const link = resetLink.value;
      if (!link || Object.keys(validateNewPassword(password, confirm)).length > 0) return;
      busy.value = true;
      const result = await api.call(auth.resetPassword, { email: link.email, token: link.token, password });
      busy.value = false;
      if (result.ok) {
        passwordDone.value = true;
        notice.value = { tone: 'success', text: result.message };
      } else {
        dialog.value = { title: t('login.dialogs.error'), text: result.error.message, tone: 'error' };
      }
    },
    async submitChangePassword() {
      if (busy.value) return;
      passwordTouched.value = true;
      const { password, confirm } = passwordForm.value;
      if (Object.keys(validateChangePassword(password, confirm)).length > 0) return;
      if (needsCurrent.value && !currentPassword.value) return;
      busy.value = true;
      const result = await api.call(auth.changePassword, needsCurrent.value ? { password, current_password: currentPassword.value } : { password });
      busy.value = false;
      if (result.ok) {
        passwordForm.value = { password: '', confirm: '' };
        passwordTouched.value = false;
        needsCurrent.value = false;
        currentPassword.value = '';
        notice.value = null;
        dialog.value = { title: t('login.dialogs.updateTitle'), text: t('login.dialogs.updateText'), tone: 'success' };
      } else if (result.error.errorCode === auth.CURRENT_PASSWORD_NEEDED) {
        // The sign-in is not recent: one more field in the same form, with why.
        needsCurrent.value = true;
        passwordTouched.value = false;
        notice.value = { tone: 'info', text: t('login.changeUser.currentNeeded') };
      } else {
        dialog.value = { title: t('login.dialogs.error'), text: result.error.message, tone: 'error' };
      }
    },
  };
  return model;
}

export type LoginModel = ReturnType<typeof createLoginModel>;
