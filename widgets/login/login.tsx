/**
 * <sm-login>'s view: the card around every view, the tabs of Log In and Sign Up, and the view the
 * model shows (each in its own file: login.signin.tsx, login.signup.tsx, login.verify.tsx,
 * login.password.tsx; the dialogs over them: login.dialogs.tsx). Props and model in, JSX out; no
 * fetch here.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect } from 'react';
import { pageSocialSignIn } from '../../shared/auth/social';
import type { HostProps } from '../../shared/ui/define';
import { ConfirmDialog } from '../../shared/ui/Dialog';
import { Notice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { PillTabs } from '../../shared/ui/PillTabs';
import { WidgetRoot, hostOf, useModel, useT } from '../../shared/ui/WidgetRoot';
import type { TagProps } from '../tags';
import { AppSwitchDialog, TestAccountDialog } from './login.dialogs';
import { createLoginModel, type LoginModel, type Screen, type View } from './login.model';
import { ChangePasswordView, ForgotPasswordView, ResetPasswordView } from './login.password';
import { SignInView } from './login.signin';
import { SignUpView, SignupSuccessView } from './login.signup';
import { loginStyles } from './login.styles';
import { SendVerificationView, VerifyEmailView } from './login.verify';
import '@messages/login';

function Body({ model, screen }: { model: LoginModel; screen: Screen }) {
  const t = useT();
  const open = model.open;
  switch (screen.view) {
    case 'login':
    case 'register':
      return (
        <>
          <PillTabs
            label={t('login.tabs.label')}
            tabs={[
              { id: 'register', label: t('login.tabs.signUp') },
              { id: 'login', label: t('login.tabs.logIn') },
            ]}
            selected={screen.view}
            onSelect={(id) => open(id)}
          />
          <h1 className="sm-visually-hidden">
            {screen.view === 'login' ? t('login.login.title') : t('login.register.title')}
          </h1>
          {screen.view === 'login' ? (
            <SignInView model={screen.model} social={model.social} open={open} />
          ) : (
            <SignUpView model={screen.model} social={model.social} open={open} />
          )}
        </>
      );
    case 'verify-email':
      return <VerifyEmailView model={screen.model} open={open} />;
    case 'send-verification':
      return <SendVerificationView model={screen.model} open={open} />;
    case 'forgot-password':
      return <ForgotPasswordView model={screen.model} open={open} />;
    case 'change-password':
      return <ResetPasswordView model={screen.model} open={open} />;
    case 'change-password-user':
      return <ChangePasswordView model={screen.model} open={open} />;
    case 'signup-success':
      return <SignupSuccessView open={open} />;
  }
}

function LoginWidget({ view, element }: { view: View; element: HTMLElement | null }) {
  const t = useT();
  useSignals();
  // The element's view attribute owns the view: a move inside the widget sets it. Until the first start, the model
  // shows the view the attribute names (the first render, and markup prerendered ahead of time).
  const model = useModel((deps) =>
    createLoginModel(
      { ...deps, social: pageSocialSignIn, showView: (next) => element?.setAttribute('view', next) },
      view,
    ),
  );
  // Before paint, so the previous view's state never shows under the new one.
  useLayoutEffect(() => {
    model.start(view);
  }, [model, view]);
  const screen = model.screen.value;
  const dialog = model.dialog.value;
  const notice = model.notice.value;
  return (
    // The log-in screen is only for a visitor who is not signed in (a signed-in person is sent on at once): the loader
    // does not draw its prerendered markup for a signed-in person (data-sm-signed-out).
    <div
      className="sm-card"
      part="card"
      data-view={screen.view}
      data-sm-signed-out={screen.view === 'login' ? '' : undefined}
    >
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <Body model={model} screen={screen} />
      {dialog ? (
        <ConfirmDialog
          title={dialog.title}
          tone={dialog.tone}
          text={dialog.text}
          confirm={t('login.dialogs.ok')}
          onConfirm={() => model.closeDialog()}
        />
      ) : null}
      <TestAccountDialog social={model.social} />
      <AppSwitchDialog model={model} />
      {model.busy.value ? <Overlay label={t('login.wait')} /> : null}
    </div>
  );
}

/** Sign in, sign up, email verification and the password screens (the tag: widgets/tags.ts). */
export function Login({ view, ...root }: TagProps<'sm-login'> & HostProps) {
  const element = hostOf(root.container);
  return (
    <WidgetRoot {...root} styles={loginStyles}>
      <LoginWidget view={view} element={element} />
    </WidgetRoot>
  );
}
