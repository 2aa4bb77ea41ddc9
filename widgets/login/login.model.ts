/**
 * <sm-login>'s model: which view is shown, that view's model, and what lies over every view (the
 * provider buttons' sign-in, the app link's account switch, the dialog, the notice, "please
 * wait"). Each view's state and actions are in its own model: signin.model.ts (Log In),
 * signup.model.ts (Sign Up), password.model.ts (forgot, reset and change password),
 * verify.model.ts (the emailed link, and sending a new one), social.model.ts (the provider
 * buttons of both tabs) and switch.model.ts (the mobile app's link); what they share is
 * login.shared.ts.
 *
 * The element's `view` attribute owns the screen. The view calls `start(view)` whenever the
 * attribute changes, and a screen's start (the app's sign-in, the email check, the reset link,
 * the social prefill) runs once per change: each start makes the view's model afresh, so what was
 * typed on another view is gone. A move inside the widget (the tabs, Back to Log In, a finished
 * social sign-in with no account yet) goes through `open(view)`: the address follows for the Log
 * In and Sign Up tabs, and the element is asked to change its attribute, which starts the new
 * screen.
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

/** How each view's model is made (signup-success only says what to do next: it has none). Nothing runs until its start. */
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

/** A view with its model made afresh (the table above pairs them; TypeScript cannot follow that through the lookup). */
const screenOf = (view: View, shared: LoginShared, countries: CountryList) =>
  ({ view, model: viewModels[view](shared, countries) }) as Screen;

/** `first`: the view the element shows first, whose model its first render (and prerendered markup) shows. */
export function createLoginModel(deps: LoginDeps, first: View = 'login') {
  const shared = createLoginShared(deps);
  const { session, notice, dialog } = shared;
  const { t } = shared.i18n;
  /** Kept while the person moves between views, as the countries are loaded once. */
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
    /** The provider buttons of both tabs, and the emulator's test-account step. */
    social,
    /** The app link's question, 'Continue as <email>?', and its two answers. */
    appSwitch: accountSwitch.appSwitch,
    continueAsAppAccount: accountSwitch.continueAsAppAccount,
    stayAsCurrent: accountSwitch.stayAsCurrent,

    /** Shows the view the element's attribute names; its start runs once per change of view. */
    start(next: View) {
      if (next === view.value) return;
      // The first view's model was made for the first render and has not started: it is the one to start.
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
