/**
 * <sm-login>'s model: the view shown, its model (one file each), and what lies over every view
 * (social sign-in, the app link's account switch, dialog, notice, "please wait").
 *
 * The `view` attribute owns the screen: `start(view)` runs on each change and makes the view's
 * model afresh. A move inside the widget goes through `open(view)`, which asks the element to
 * change its attribute.
 */
import { batch, signal } from '@preact/signals-core';
import { readOnly } from '../../shared/model/read-only';
import { createLoginShared, type LoginDeps, type LoginShared, type View } from './login.shared';
import { createChangePasswordModel, createForgotPasswordModel, createResetPasswordModel } from './password.model';
import { createSignInModel } from './signin.model';
import { createCountryList, createSignUpModel, type CountryList } from './signup.model';
import { createSocialModel } from './social.model';
import { createSwitchModel } from './switch.model';
import { createSendVerificationModel, createVerifyEmailModel } from './verify.model';
import '@messages/login';

export type { LoginDeps, View } from './login.shared';

/** How each view's model is made; nothing runs until its start. */
const viewModels = {
  login: createSignInModel,
  register: createSignUpModel,
  'verify-email': createVerifyEmailModel,
  'send-verification': createSendVerificationModel,
  'forgot-password': createForgotPasswordModel,
  'change-password': createResetPasswordModel,
  'change-password-user': createChangePasswordModel,
  'signup-success': () => null,
} satisfies Record<View, (shared: LoginShared, countries: CountryList) => unknown>;

/** A view and its model. */
export type Screen = { [V in View]: { readonly view: V; readonly model: ReturnType<(typeof viewModels)[V]> } }[View];

/** A view with its model made afresh (TypeScript cannot follow the pairing through the lookup). */
const screenOf = (view: View, shared: LoginShared, countries: CountryList) =>
  ({ view, model: viewModels[view](shared, countries) }) as Screen;

/** `first`: the view of the first render (and prerendered markup). */
export function createLoginModel(deps: LoginDeps, first: View = 'login') {
  const shared = createLoginShared(deps);
  const { session, notice, dialog } = shared;
  const { t } = shared.i18n;
  /** Kept across views: the countries load once. */
  const countries = createCountryList(shared);
  /** The view started last; null until the element has started one. */
  const view = signal<View | null>(null);
  const screen = signal<Screen>(screenOf(first, shared, countries));

  const social = createSocialModel(shared, (user) => {
    // On Sign Up already: fill the form here; else the Sign Up screen's start fills it.
    const shown = screen.value;
    if (view.value === 'register' && shown.view === 'register') shown.model.prefill(user);
    else shared.open('register');
  });
  const accountSwitch = createSwitchModel(shared);

  /** What a view does on arrival. */
  function arrive({ view: next, model }: Screen) {
    if (next === 'login' || next === 'register') {
      if (accountSwitch.signInFromLink()) return;
      if (session.lastSignOut.value === 'expired') notice.value = { tone: 'info', text: t('login.login.expired') };
    }
    if (model && 'start' in model) model.start();
  }

  return {
    ...readOnly({ view, screen, busy: shared.busy, dialog, notice }),
    /** The provider buttons, and the emulator's test-account step. */
    social,
    /** The app link's question, 'Continue as <email>?', and its two answers. */
    appSwitch: accountSwitch.appSwitch,
    continueAsAppAccount: accountSwitch.continueAsAppAccount,
    stayAsCurrent: accountSwitch.stayAsCurrent,

    /** Shows the view the attribute names; its start runs once per change. */
    start(next: View) {
      if (next === view.value) return;
      // The first render's model has not started yet: start that one.
      const shown =
        screen.value.view === next && view.value === null ? screen.value : screenOf(next, shared, countries);
      batch(() => {
        dialog.value = null;
        notice.value = null;
        view.value = next;
        screen.value = shown;
      });
      arrive(shown);
    },
    /** Moves to another view of the widget (tabs, links, Back to Log In). */
    open(next: View) {
      shared.open(next);
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.thenLogin) shared.open('login');
    },
  };
}

export type LoginModel = ReturnType<typeof createLoginModel>;
