/**
 * The state and actions of <sm-login> (signals). The view renders these and calls the verbs;
 * all API calls and navigation happen here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as auth from '../../shared/api/auth';
import type { CountryListItem } from '../../shared/api/schemas';
import { emit } from '../../shared/events/events';
import { currentQuery, navigate, takeQueryToken } from '../../shared/routing/navigate';
import { routeForType, type Query } from '../../shared/routing/routes';
import { parseReturnPath, parseTarget } from '../../shared/routing/targets';
import { completeSignIn } from '../../shared/session/account';
import { LoginResponse } from '../../shared/api/schemas';
import type { SocialUser, TestAccount } from '../../shared/auth/social';
import { firebaseSettings } from '../../shared/auth/runtime-config';
import { session } from '../../shared/session/session';
import { messages } from './login.messages';
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

export function parseView(value: unknown): View {
  if (value === undefined || value === null || value === '') return 'login';
  if (typeof value === 'string' && (VIEWS as readonly string[]).includes(value)) return value as View;
  console.warn(`[sm-login] Unknown view="${String(value)}". Use one of: ${VIEWS.join(', ')}. Showing "login".`);
  return 'login';
}

export type Provider = 'google' | 'facebook' | 'apple';

const SOCIAL_CACHE = 'sm.social.v1';
const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/** The social details kept for a registration in progress (the spec's "social cache"). */
function readSocialCache(): SocialUser | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(SOCIAL_CACHE) ?? 'null') as Partial<SocialUser> | null;
    if (raw && typeof raw.email === 'string' && typeof raw.uid === 'string' && typeof raw.token === 'string' && typeof raw.name === 'string' && ['google', 'facebook', 'apple'].includes(String(raw.method))) {
      return raw as SocialUser;
    }
  } catch {
    /* unreadable: treated as absent */
  }
  clearSocialCache();
  return null;
}
function writeSocialCache(user: SocialUser): void {
  try {
    sessionStorage.setItem(SOCIAL_CACHE, JSON.stringify(user));
  } catch {
    /* storage unavailable: the registration still works on this page */
  }
}
function clearSocialCache(): void {
  try {
    sessionStorage.removeItem(SOCIAL_CACHE);
  } catch {
    /* ignore */
  }
}

/** The social module (Firebase) is loaded only when a person reaches for a social button. */
const loadSocial = () => import('../../shared/auth/social');

/** A modal message. */
export interface DialogState {
  readonly title: string;
  readonly text: string;
  readonly tone: 'info' | 'error' | 'success';
  /** After closing: go to the login page. */
  readonly thenLogin?: boolean;
}

export type VerifyState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** Where the app's `type` sends a person after a mobile-app login (spec section 4). */
function appTarget(type: string): { name: Parameters<typeof navigate>[0]; query?: Query } {
  if (type === 'donation') return { name: 'DonationsPage', query: { _d: '2' } };
  return { name: routeForType(type) };
}

const MOBILE_REDIRECT_MS = 500;

export interface LoginModelOptions {
  /** The element the widget lives in, to dispatch sm-* events from. */
  host?: () => EventTarget | null;
}

export function createLoginModel(options: LoginModelOptions = {}) {
  const host = () => options.host?.() ?? null;
  const view = signal<View>('login');
  const busy = signal(false);
  const dialog = signal<DialogState | null>(null);
  const notice = signal<{ tone: 'error' | 'info' | 'success'; text: string } | null>(null);

  // Log In
  const loginStep = signal<'choice' | 'email'>('choice');
  const loginForm = signal({ email: '', password: '' });
  const loginTouched = signal(false);
  const loginServerError = signal<string | null>(null);
  const unverifiedEmail = signal<string | null>(null);
  const loginErrors = computed(() => (loginTouched.value ? validateLogin(loginForm.value) : {}));

  // Sign Up
  const registerStep = signal<'choice' | 'form' | 'registered'>('choice');
  const registerForm = signal<RegisterForm>(emptyRegisterForm);
  const registerTouched = signal<ReadonlySet<RegisterField>>(new Set());
  const registeredEmail = signal<string | null>(null);
  const countries = signal<readonly CountryListItem[] | null>(null);
  const countriesError = signal<string | null>(null);
  const registerErrors = computed(() => {
    const all = validateRegister(registerForm.value);
    const shown: FieldErrors<RegisterField> = {};
    for (const field of registerTouched.value) if (all[field]) shown[field] = all[field];
    return shown;
  });
  const dialCode = computed(() => countries.value?.find((c) => c.code === registerForm.value.country)?.phone_code ?? '');

  // Email-only forms (forgot password, resend)
  const emailForm = signal('');
  const emailTouched = signal(false);
  const emailError = computed(() => (emailTouched.value ? (validateEmail(emailForm.value) ?? null) : null));

  // Password forms (set new, change)
  const passwordForm = signal({ password: '', confirm: '' });
  const passwordTouched = signal(false);
  const resetLink = signal<{ email: string; token: string } | null | undefined>(undefined);
  const passwordErrors = computed(() => {
    if (!passwordTouched.value) return {};
    const { password, confirm } = passwordForm.value;
    return view.value === 'change-password-user' ? validateChangePassword(password, confirm) : validateNewPassword(password, confirm);
  });
  const passwordDone = signal(false);

  const verify = signal<VerifyState>({ kind: 'idle' });
  /** Social details prefilling the registration (email locked, no password). */
  const social = signal<SocialUser | null>(null);
  /** The sandbox's identity step for the Auth emulator: which provider is asking. */
  const testAccountFor = signal<Provider | null>(null);
  let started = false;

  const resetForms = () =>
    batch(() => {
      dialog.value = null;
      notice.value = null;
      loginStep.value = 'choice';
      loginForm.value = { email: '', password: '' };
      loginTouched.value = false;
      loginServerError.value = null;
      unverifiedEmail.value = null;
      registerStep.value = 'choice';
      registerForm.value = emptyRegisterForm;
      registerTouched.value = new Set();
      emailForm.value = '';
      emailTouched.value = false;
      passwordForm.value = { password: '', confirm: '' };
      passwordTouched.value = false;
      passwordDone.value = false;
    });

  /** After a sign-in: the stored next page, else a safe `next` path, else by `type` (spec section 4). */
  const goAfterSignIn = (query: Query) => {
    clearSocialCache();
    social.value = null;
    const stored = parseTarget(session.nextPage.value);
    if (stored) {
      session.setNextPage(null);
      navigate(stored.name, stored.query);
      return;
    }
    const next = parseReturnPath(query.next);
    if (next) {
      navigate(next.name, next.query);
      return;
    }
    navigate(routeForType(query.type));
  };

  const signedIn = () => {
    const user = session.user.value;
    emit(host(), 'sm-signed-in', { email: user?.email ?? '', name: user?.name ?? '' });
  };

  async function mobileLogin(token: string, type: string) {
    session.clear();
    busy.value = true;
    const result = await call(auth.mobileLogin, {}, { bearer: token });
    if (!result.ok) {
      busy.value = false;
      notice.value = { tone: 'error', text: result.error.status === 0 ? result.error.message : `${messages.login.mobileFailed} ${result.error.message}` };
      return;
    }
    const profile = await completeSignIn(result.data, { fromApps: true });
    if (!profile.ok) {
      busy.value = false;
      notice.value = { tone: 'error', text: `${messages.login.mobileFailed} ${profile.error.message}` };
      return;
    }
    signedIn();
    setTimeout(() => {
      busy.value = false;
      const target = appTarget(type);
      navigate(target.name, target.query);
    }, MOBILE_REDIRECT_MS);
  }

  async function loadCountries() {
    if (countries.value) return;
    countriesError.value = null;
    const result = await call(auth.countries, {});
    if (result.ok) countries.value = result.data;
    else countriesError.value = `${messages.register.countriesFailed} ${result.error.message}`;
  }

  async function checkVerification() {
    const token = takeQueryToken('_t');
    if (!token) {
      navigate('Signin', undefined, { replace: true });
      return;
    }
    verify.value = { kind: 'checking' };
    const result = await call(auth.verifyEmail, { t: token });
    verify.value = result.ok ? { kind: 'verified' } : { kind: 'failed', message: result.error.message };
  }

  /** After the provider: a session when the account exists, else Registration prefilled. */
  async function afterSocial(user: SocialUser) {
    busy.value = true;
    const result = await call(auth.connectSocmed, { email: user.email, name: user.name, uid: user.uid, token: user.token, method: user.method });
    if (!result.ok) {
      busy.value = false;
      notice.value = { tone: 'error', text: result.error.message };
      return;
    }
    if (result.data) {
      const profile = await completeSignIn(result.data);
      busy.value = false;
      if (!profile.ok) {
        notice.value = { tone: 'error', text: profile.error.message };
        return;
      }
      signedIn();
      goAfterSignIn(currentQuery());
      return;
    }
    busy.value = false;
    writeSocialCache(user);
    prefillFromSocial(user);
    if (view.value !== 'register') {
      navigate('Registration');
      model.start('register');
    }
    prefillFromSocial(user);
  }

  function prefillFromSocial(user: SocialUser) {
    void loadSocial().then(({ splitName }) => {
      const { first, last } = splitName(user.name);
      batch(() => {
        social.value = user;
        registerForm.value = { ...emptyRegisterForm, first_name: first, last_name: last, email: user.email };
        registerTouched.value = new Set();
        registerStep.value = 'form';
      });
    });
    void loadCountries();
  }

  const model = {
    view: view as ReadonlySignal<View>,
    social: social as ReadonlySignal<SocialUser | null>,
    testAccountFor: testAccountFor as ReadonlySignal<Provider | null>,
    busy: busy as ReadonlySignal<boolean>,
    dialog: dialog as ReadonlySignal<DialogState | null>,
    notice: notice as ReadonlySignal<{ tone: 'error' | 'info' | 'success'; text: string } | null>,
    loginStep: loginStep as ReadonlySignal<'choice' | 'email'>,
    loginForm: loginForm as ReadonlySignal<{ email: string; password: string }>,
    loginErrors,
    loginServerError: loginServerError as ReadonlySignal<string | null>,
    unverifiedEmail: unverifiedEmail as ReadonlySignal<string | null>,
    registerStep: registerStep as ReadonlySignal<'choice' | 'form' | 'registered'>,
    registerForm: registerForm as ReadonlySignal<RegisterForm>,
    registerErrors,
    registeredEmail: registeredEmail as ReadonlySignal<string | null>,
    countries: countries as ReadonlySignal<readonly CountryListItem[] | null>,
    countriesError: countriesError as ReadonlySignal<string | null>,
    dialCode,
    emailForm: emailForm as ReadonlySignal<string>,
    emailError,
    passwordForm: passwordForm as ReadonlySignal<{ password: string; confirm: string }>,
    passwordErrors,
    passwordDone: passwordDone as ReadonlySignal<boolean>,
    resetLink: resetLink as ReadonlySignal<{ email: string; token: string } | null | undefined>,
    verify: verify as ReadonlySignal<VerifyState>,

    /** Shows a view and runs what it needs on arrival (mobile login, verification, …). */
    start(next: View) {
      // The host sets the view attribute after showView() already started it: do not reset twice.
      if (started && view.value === next) return;
      started = true;
      resetForms();
      view.value = next;
      const query = currentQuery();
      if (next === 'login' || next === 'register') {
        const appToken = query._t !== undefined || query.type !== undefined ? takeQueryToken('_t') : null;
        if (appToken && query.type) {
          void mobileLogin(appToken, query.type);
          return;
        }
        if (session.lastSignOut.value === 'expired') notice.value = { tone: 'info', text: messages.login.expired };
        if (session.isSignedIn.value && next === 'login') {
          goAfterSignIn(query);
          return;
        }
        if (next === 'register') {
          registerStep.value = 'choice';
          const cached = readSocialCache();
          if (cached) prefillFromSocial(cached);
        }
      } else if (next === 'verify-email') {
        void checkVerification();
      } else if (next === 'change-password') {
        const t = takeQueryToken('t');
        resetLink.value = parseResetToken(t);
      }
    },
    showView(next: View) {
      if (next === 'login') navigate('Signin');
      else if (next === 'register') navigate('Registration');
      model.start(next);
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.thenLogin) model.showView('login');
    },

    // Log In
    chooseEmailLogin() {
      loginStep.value = 'email';
    },
    backToChoice() {
      batch(() => {
        loginStep.value = 'choice';
        loginServerError.value = null;
        loginTouched.value = false;
      });
    },
    setLoginField(field: 'email' | 'password', value: string) {
      loginForm.value = { ...loginForm.value, [field]: value };
    },
    /** Loads Firebase early (hover or focus on a social button), so the click can open the popup at once. */
    prepareSocial() {
      if (!firebaseSettings()) return;
      void loadSocial()
        .then((m) => m.prepare())
        .catch(() => undefined);
    },
    chooseProvider(provider: Provider) {
      const name = PROVIDER_NAMES[provider];
      notice.value = null;
      if (session.fromApps.value) {
        // Providers block their popups inside app webviews: the app signs the person in instead.
        const event = new CustomEvent('sm-app-signin', { bubbles: true, composed: true, cancelable: true, detail: { provider } });
        host()?.dispatchEvent(event);
        notice.value = { tone: 'info', text: messages.social.inApp(name) };
        return;
      }
      const settings = firebaseSettings();
      if (!settings) {
        notice.value = { tone: 'info', text: messages.social.notYet(name) };
        return;
      }
      if (settings.authEmulatorUrl) {
        testAccountFor.value = provider;
        return;
      }
      void loadSocial()
        .then((m) => m.signInWithPopup(provider))
        .then(afterSocial, (error: unknown) => {
          const code = (error as { code?: string }).code ?? '';
          if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return;
          notice.value = { tone: 'error', text: code === 'auth/popup-blocked' ? messages.social.popupBlocked : messages.social.failed(name) };
        });
    },
    /** The emulator's identity step: sign in to Firebase with a test account's fake credential. */
    async continueWithTestAccount(account: TestAccount) {
      const provider = testAccountFor.value;
      if (!provider) return;
      testAccountFor.value = null;
      busy.value = true;
      try {
        const { signInWithTestAccount } = await loadSocial();
        const user = await signInWithTestAccount(provider, account);
        busy.value = false;
        await afterSocial(user);
      } catch (error) {
        busy.value = false;
        console.error('[sm-login] Social sign-in failed', error);
        notice.value = { tone: 'error', text: messages.social.failed(PROVIDER_NAMES[provider]) };
      }
    },
    cancelTestAccount() {
      testAccountFor.value = null;
    },
    async submitLogin() {
      if (busy.value) return;
      loginTouched.value = true;
      if (Object.keys(validateLogin(loginForm.value)).length > 0) return;
      busy.value = true;
      loginServerError.value = null;
      unverifiedEmail.value = null;
      const email = loginForm.value.email.trim();
      const result = await call(auth.login, { email, password: loginForm.value.password });
      if (!result.ok) {
        busy.value = false;
        loginServerError.value = result.error.message;
        if (/please verify your email/i.test(result.error.message)) unverifiedEmail.value = email;
        return;
      }
      const profile = await completeSignIn(result.data);
      busy.value = false;
      if (!profile.ok) {
        loginServerError.value = profile.error.message;
        return;
      }
      signedIn();
      goAfterSignIn(currentQuery());
    },
    async resendVerification(email: string) {
      busy.value = true;
      const result = await call(auth.resendActivation, { email });
      busy.value = false;
      dialog.value = result.ok
        ? { title: messages.dialogs.resendSent, text: result.message, tone: 'success' }
        : { title: messages.dialogs.error, text: messages.dialogs.somethingWrong, tone: 'error' };
    },

    // Sign Up
    chooseEmailRegister() {
      registerStep.value = 'form';
      void loadCountries();
    },
    retryCountries() {
      void loadCountries();
    },
    /** Back from the email form resets it (spec section 4). */
    backFromRegister() {
      clearSocialCache();
      batch(() => {
        social.value = null;
        registerForm.value = emptyRegisterForm;
        registerTouched.value = new Set();
        registerStep.value = 'choice';
      });
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
      const result = await call(auth.register, {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        email: viaSocial ? viaSocial.email : form.email.trim(),
        password: viaSocial ? '-' : form.password,
        country_code: form.country,
        gender: form.gender,
        phone_number: form.phone_number,
        method: viaSocial ? viaSocial.method : 'email',
        ...(viaSocial ? { token: viaSocial.token, uid: viaSocial.uid } : {}),
      });
      if (!result.ok) {
        busy.value = false;
        dialog.value = { title: messages.dialogs.error, text: result.error.message, tone: 'error' };
        return;
      }
      // Social registration signs the person in (spec section 4).
      const login = LoginResponse.safeParse(result.data);
      if (viaSocial && login.success) {
        const profile = await completeSignIn(login.data);
        busy.value = false;
        if (!profile.ok) {
          dialog.value = { title: messages.dialogs.error, text: profile.error.message, tone: 'error' };
          return;
        }
        emit(host(), 'sm-registered', { email: viaSocial.email });
        signedIn();
        goAfterSignIn(currentQuery());
        return;
      }
      busy.value = false;
      batch(() => {
        registeredEmail.value = form.email.trim();
        registerStep.value = 'registered';
      });
      emit(host(), 'sm-registered', { email: form.email.trim() });
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
      const result = await call(auth.forgotPassword, { email: emailForm.value.trim() });
      busy.value = false;
      if (result.ok) dialog.value = { title: messages.dialogs.emailSent, text: result.message, tone: 'success', thenLogin: true };
      else if (result.error.status === 0) dialog.value = { title: messages.dialogs.error, text: messages.dialogs.somethingWrong, tone: 'error' };
      else dialog.value = { title: messages.dialogs.error, text: result.error.message, tone: 'error' };
    },
    async submitSendVerification() {
      if (busy.value) return;
      emailTouched.value = true;
      if (validateEmail(emailForm.value)) return;
      await model.resendVerification(emailForm.value.trim());
    },

    // Password forms
    setPasswordField(field: 'password' | 'confirm', value: string) {
      passwordForm.value = { ...passwordForm.value, [field]: value };
    },
    async submitResetPassword() {
      if (busy.value) return;
      passwordTouched.value = true;
      const { password, confirm } = passwordForm.value;
      const link = resetLink.value;
      if (!link || Object.keys(validateNewPassword(password, confirm)).length > 0) return;
      busy.value = true;
      const result = await call(auth.resetPassword, { email: link.email, token: link.token, password });
      busy.value = false;
      if (result.ok) {
        passwordDone.value = true;
        notice.value = { tone: 'success', text: result.message };
      } else {
        dialog.value = { title: messages.dialogs.error, text: result.error.message, tone: 'error' };
      }
    },
    async submitChangePassword() {
      if (busy.value) return;
      passwordTouched.value = true;
      const { password, confirm } = passwordForm.value;
      if (Object.keys(validateChangePassword(password, confirm)).length > 0) return;
      busy.value = true;
      const result = await call(auth.changePassword, { password });
      busy.value = false;
      if (result.ok) {
        passwordForm.value = { password: '', confirm: '' };
        passwordTouched.value = false;
        dialog.value = { title: messages.dialogs.updateTitle, text: messages.dialogs.updateText, tone: 'success' };
      } else {
        dialog.value = { title: messages.dialogs.error, text: result.error.message, tone: 'error' };
      }
    },
  };
  return model;
}

export type LoginModel = ReturnType<typeof createLoginModel>;
