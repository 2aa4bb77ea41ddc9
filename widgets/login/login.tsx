/**
 * <sm-login>'s view: props and model in, JSX out. No fetch here.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react';
import { pageSocialSignIn, type Provider } from '../../shared/auth/social';
import { hrefFor } from '../../shared/routing/routes';
import { BackButton, Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/Dialog';
import { SelectField, TextField } from '../../shared/ui/Field';
import { Notice, RetryNotice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { PillTabs } from '../../shared/ui/PillTabs';
import { WidgetRoot, hostOf, useModel, useT } from '../../shared/ui/WidgetRoot';
import { createLoginModel, toView, type LoginModel, type View } from './login.model';
import type { Gender, RegisterField } from './login.validation';
import { loginStyles } from './login.styles';
import '@messages/login';

export interface LoginProps {
  /** Which screen to show: login (default), register, verify-email, forgot-password, change-password, change-password-user, send-verification, signup-success. */
  view?: string;
  /** Base URL of the API host; defaults to this page's origin. */
  apiBase?: string;
  /** Address of the portal, for pages that embed the widget outside the portal. */
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

const APP_STORE_URL = import.meta.env?.VITE_APP_STORE_URL || 'https://apps.apple.com/';
const PLAY_STORE_URL = import.meta.env?.VITE_PLAY_STORE_URL || 'https://play.google.com/store/apps';

/** A form of the widget: its fields, then its submit button (waiting while busy), then any links after it. */
function Form(props: { label: string; onSubmit: () => void; submit: string; busy: boolean; children: ReactNode; after?: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="sm-stack" onSubmit={submit} noValidate aria-label={props.label}>
      {props.children}
      <Button type="submit" disabled={props.busy}>
        {props.submit}
      </Button>
      {props.after}
    </form>
  );
}

function DownloadLinks() {
  const t = useT();
  return (
    <nav className="sm-downloads" aria-label={t('login.download.title')} part="downloads">
      <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
        {t('login.download.appStore')}
      </a>
      <a href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
        {t('login.download.playStore')}
      </a>
    </nav>
  );
}

/** A screen that says one thing: its title, then what it says and what to do next. */
function Screen({ title, heading: Heading = 'h1', center, children }: { title: string; heading?: 'h1' | 'h2'; center?: boolean; children: ReactNode }) {
  return (
    <div className={center ? 'sm-stack sm-center' : 'sm-stack'}>
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}

/** After signing up: no email yet? Send it again; or go to log in. */
function ResendOrLogin({ model, onResend }: { model: LoginModel; onResend: () => void }) {
  const t = useT();
  return (
    <>
      <p>
        {t('login.register.resendPrompt')}{' '}
        <Button variant="link" onClick={onResend}>
          {t('login.register.resend')}
        </Button>
      </p>
      <Button onClick={() => model.open('login')}>{t('login.register.goToLogin')}</Button>
    </>
  );
}

function SocialButtons({ model, label }: { model: LoginModel; label: 'login' | 'register' }) {
  const t = useT();
  const providers: { id: Provider; text: string }[] = [
    { id: 'google', text: t('login.social.google') },
    { id: 'facebook', text: t('login.social.facebook') },
    { id: 'apple', text: t('login.social.apple') },
  ];
  return (
    <div className="sm-stack" part="providers" onPointerEnter={() => model.prepareSocial()} onFocus={() => model.prepareSocial()}>
      {providers.map((p) => (
        <Button key={p.id} variant="secondary" data-provider={p.id} onClick={() => model.chooseProvider(p.id)}>
          {p.text}
        </Button>
      ))}
      <Button onClick={() => (label === 'login' ? model.chooseEmailLogin() : model.chooseEmailRegister())}>{t('login.social.email')}</Button>
    </div>
  );
}

function LoginView({ model }: { model: LoginModel }) {
  const t = useT();
  useSignals();
  const form = model.loginForm.value;
  const errors = model.loginErrors.value;
  if (model.loginStep.value === 'choice') {
    return (
      <>
        <SocialButtons model={model} label="login" />
        <div className="sm-center sm-stack">
          <p className="sm-muted">{t('login.login.noAccount')}</p>
          <Button variant="secondary" onClick={() => model.open('register')}>
            {t('login.login.signUp')}
          </Button>
        </div>
        <DownloadLinks />
      </>
    );
  }
  const serverError = model.loginServerError.value;
  const unverified = model.unverifiedEmail.value;
  return (
    <Form
      label={t('login.login.title')}
      onSubmit={() => void model.submitLogin()}
      submit={t('login.login.submit')}
      busy={model.busy.value}
      after={
        <a href={hrefFor('ForgotPassword')} onClick={(e) => (e.preventDefault(), model.open('forgot-password'))}>
          {t('login.login.forgot')}
        </a>
      }
    >
      <BackButton onClick={() => model.backToChoice()}>{t('login.login.back')}</BackButton>
      <TextField
        label={t('login.login.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={form.email}
        onValue={(v) => model.setLoginField('email', v)}
        error={errors.email}
      />
      <TextField
        label={t('login.login.password')}
        name="password"
        autoComplete="current-password"
        required
        revealable
        value={form.password}
        onValue={(v) => model.setLoginField('password', v)}
        error={errors.password ?? serverError}
      />
      {unverified ? (
        <div className="sm-row">
          <span className="sm-muted">{t('login.login.unverified')}</span>
          <Button variant="link" onClick={() => void model.resendVerification(unverified)}>
            {t('login.login.resend')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

function RegisterView({ model }: { model: LoginModel }) {
  const t = useT();
  useSignals();
  const step = model.registerStep.value;
  if (step === 'choice') {
    return (
      <>
        <p className="sm-center">{t('login.register.choose')}</p>
        <SocialButtons model={model} label="register" />
        <DownloadLinks />
      </>
    );
  }
  if (step === 'registered') {
    const email = model.registeredEmail.value ?? '';
    return (
      <Screen title={t('login.register.thankYouTitle')} heading="h2" center>
        <p>{t('login.register.thankYouText')}</p>
        <ResendOrLogin model={model} onResend={() => void model.resendVerification(email)} />
      </Screen>
    );
  }
  const form = model.registerForm.value;
  const errors = model.registerErrors.value;
  const countries = model.countries.value;
  const field = (name: RegisterField) => ({
    value: form[name],
    onValue: (v: string) => model.setRegisterField(name, v as never),
    onBlur: () => model.touchRegisterField(name),
    error: errors[name],
    name,
  });
  return (
    <Form label={t('login.register.title')} onSubmit={() => void model.submitRegister()} submit={t('login.register.submit')} busy={model.busy.value}>
      <BackButton onClick={() => model.backFromRegister()}>{t('login.register.back')}</BackButton>
      <div className="sm-two">
        <TextField label={t('login.register.firstName')} autoComplete="given-name" required {...field('first_name')} />
        <TextField label={t('login.register.lastName')} autoComplete="family-name" required {...field('last_name')} />
      </div>
      {model.social.value ? (
        <TextField label={t('login.register.email')} type="email" readOnly aria-readonly="true" hint={t('login.social.lockedEmail')} {...field('email')} />
      ) : (
        <TextField label={t('login.register.email')} type="email" autoComplete="email" required {...field('email')} />
      )}
      {model.countriesError.value ? (
        <RetryNotice retry={t('login.register.retry')} onRetry={() => model.retryCountries()}>
          {model.countriesError.value}
        </RetryNotice>
      ) : null}
      <SelectField
        label={t('login.register.country')}
        required
        placeholder={t('login.register.countryPlaceholder')}
        options={(countries ?? []).map((c) => ({ value: c.code, label: c.name }))}
        {...field('country')}
      />
      {form.country ? (
        <TextField label={t('login.register.phone')} type="tel" inputMode="numeric" autoComplete="tel-national" prefix={model.dialCode.value} {...field('phone_number')} />
      ) : null}
      <SelectField
        label={t('login.register.gender')}
        options={(['None', 'Male', 'Female'] as Gender[]).map((g) => ({ value: g, label: t(`login.register.genders.${g}`) }))}
        {...field('gender')}
      />
      {model.social.value ? null : (
        <>
          <TextField label={t('login.register.password')} autoComplete="new-password" required revealable {...field('password')} />
          <TextField label={t('login.register.confirmPassword')} autoComplete="new-password" required revealable {...field('confirm_password')} />
        </>
      )}
    </Form>
  );
}

function VerifyView({ model }: { model: LoginModel }) {
  const t = useT();
  useSignals();
  const state = model.verify.value;
  if (state.kind === 'verified') {
    return (
      <Screen title={t('login.verify.verified')} center>
        <p>{t('login.verify.instruction')}</p>
        <Button onClick={() => model.open('login')}>{t('login.verify.login')}</Button>
      </Screen>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Screen title={t('login.verify.title')}>
        <Notice tone="error">
          {t('login.verify.failed')} {state.message}
        </Notice>
        <Button variant="secondary" onClick={() => model.open('send-verification')}>
          {t('login.verify.requestNew')}
        </Button>
        <Button onClick={() => model.open('login')}>{t('login.verify.login')}</Button>
      </Screen>
    );
  }
  return (
    <Screen title={t('login.verify.title')}>
      <p role="status">{t('login.verify.checking')}</p>
    </Screen>
  );
}

function EmailOnlyView({ model, kind }: { model: LoginModel; kind: 'forgot-password' | 'send-verification' }) {
  const t = useT();
  useSignals();
  const text = kind === 'forgot-password' ? 'login.forgot' : 'login.sendVerification';
  const submit = kind === 'forgot-password' ? model.submitForgotPassword : model.submitSendVerification;
  return (
    <Form
      label={t(`${text}.title`)}
      onSubmit={() => void submit()}
      submit={t(`${text}.submit`)}
      busy={model.busy.value}
      after={
        <>
          <Button variant="link" onClick={() => model.open('login')}>
            {t(`${text}.back`)}
          </Button>
          {kind === 'forgot-password' ? <DownloadLinks /> : null}
        </>
      }
    >
      <h1>{t(`${text}.title`)}</h1>
      <p className="sm-muted">{t(`${text}.intro`)}</p>
      <TextField
        label={t(`${text}.email`)}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={model.emailForm.value}
        onValue={(v) => model.setEmail(v)}
        onBlur={() => model.touchEmail()}
        error={model.emailError.value}
      />
    </Form>
  );
}

function PasswordView({ model, kind }: { model: LoginModel; kind: 'change-password' | 'change-password-user' }) {
  const t = useT();
  useSignals();
  const errors = model.passwordErrors.value;
  const form = model.passwordForm.value;
  if (kind === 'change-password') {
    const link = model.resetLink.value;
    if (link === null) {
      return (
        <Screen title={t('login.reset.title')}>
          <Notice tone="error">{t('login.reset.invalidLink')}</Notice>
          <Button onClick={() => model.open('forgot-password')}>{t('login.reset.requestNew')}</Button>
        </Screen>
      );
    }
    if (model.passwordDone.value) {
      return (
        <Screen title={t('login.reset.title')}>
          <Notice tone="success">{model.notice.value?.text}</Notice>
          <a href={hrefFor('Signin')} onClick={(e) => (e.preventDefault(), model.open('login'))}>
            {t('login.reset.successLink')}
          </a>
        </Screen>
      );
    }
  }
  if (kind === 'change-password-user' && !model.isSignedIn.value) {
    return (
      <Screen title={t('login.changeUser.title')}>
        <Notice tone="info">{t('login.login.expired')}</Notice>
        <Button onClick={() => model.open('login')}>{t('login.login.submit')}</Button>
      </Screen>
    );
  }
  const text = kind === 'change-password' ? 'login.reset' : 'login.changeUser';
  const submit = kind === 'change-password' ? model.submitResetPassword : model.submitChangePassword;
  const field = (name: 'password' | 'confirm') => ({ name, value: form[name], onValue: (v: string) => model.setPasswordField(name, v), error: errors[name] });
  return (
    <Form label={t(`${text}.title`)} onSubmit={() => void submit()} submit={t(`${text}.submit`)} busy={model.busy.value}>
      <h1>{t(`${text}.title`)}</h1>
      {kind === 'change-password-user' && model.needsCurrentPassword.value ? (
        <TextField
          label={t('login.changeUser.current')}
          name="current-password"
          autoComplete="current-password"
          required
          revealable
          value={model.currentPassword.value}
          onValue={(v) => model.setCurrentPassword(v)}
          error={model.currentPasswordError.value}
        />
      ) : null}
      <TextField label={t(`${text}.password`)} autoComplete="new-password" required revealable {...field('password')} />
      <TextField label={t(`${text}.confirm`)} autoComplete="new-password" required revealable {...field('confirm')} />
    </Form>
  );
}

function TestAccountDialog({ model }: { model: LoginModel }) {
  const t = useT();
  useSignals();
  const provider = model.testAccountFor.value;
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [verified, setVerified] = useState(true);
  if (!provider) return null;
  const title = t(`login.social.names.${provider}`);
  const ready = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && name.trim() !== '';
  return (
    <ConfirmDialog
      title={t('login.social.testTitle', { provider: title })}
      text={t('login.social.testText', { provider: title })}
      confirm={t('login.social.testContinue')}
      confirmDisabled={!ready}
      onConfirm={() => void model.continueWithTestAccount({ email: email.trim(), name: name.trim(), emailVerified: verified })}
      cancel={t('login.social.testCancel')}
      onCancel={() => model.cancelTestAccount()}
    >
      <div className="sm-stack">
        <TextField label={t('login.social.testEmail')} type="email" value={email} onValue={setEmail} autoComplete="off" />
        <TextField label={t('login.social.testName')} value={name} onValue={setName} autoComplete="off" />
        <label className="sm-row">
          <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.currentTarget.checked)} />
          <span>{t('login.social.testVerified')}</span>
        </label>
      </div>
    </ConfirmDialog>
  );
}

/** 'Continue as <email>?': a link from the app for another account than the one signed in here. */
function AppSwitchDialog({ model }: { model: LoginModel }) {
  const t = useT();
  useSignals();
  const ask = model.appSwitch.value;
  if (!ask) return null;
  return (
    <ConfirmDialog
      title={t('login.login.switchTitle', { email: ask.email })}
      text={ask.current ? t('login.login.switchText', { current: ask.current, email: ask.email }) : t('login.login.switchTextSomeone', { email: ask.email })}
      confirm={t('login.login.switchContinue', { email: ask.email })}
      onConfirm={() => void model.continueAsAppAccount()}
      cancel={ask.current ? t('login.login.switchStay', { current: ask.current }) : t('login.login.switchStaySomeone')}
      onCancel={() => void model.stayAsCurrent()}
    />
  );
}

function SignupSuccessView({ model }: { model: LoginModel }) {
  const t = useT();
  return (
    <Screen title={t('login.signupSuccess.title')} center>
      <p>{t('login.signupSuccess.text')}</p>
      <ResendOrLogin model={model} onResend={() => model.open('send-verification')} />
      <DownloadLinks />
    </Screen>
  );
}

function Body({ model, view }: { model: LoginModel; view: View }) {
  const t = useT();
  switch (view) {
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
            selected={view}
            onSelect={(id) => model.open(id)}
          />
          <h1 className="sm-visually-hidden">{view === 'login' ? t('login.login.title') : t('login.register.title')}</h1>
          {view === 'login' ? <LoginView model={model} /> : <RegisterView model={model} />}
        </>
      );
    case 'verify-email':
      return <VerifyView model={model} />;
    case 'forgot-password':
    case 'send-verification':
      return <EmailOnlyView model={model} kind={view} />;
    case 'change-password':
    case 'change-password-user':
      return <PasswordView model={model} kind={view} />;
    case 'signup-success':
      return <SignupSuccessView model={model} />;
  }
}

function LoginWidget({ view: viewProp, element }: { view: View; element: HTMLElement | null }) {
  const t = useT();
  useSignals();
  // The element's view attribute owns the view: a move inside the widget sets it.
  const model = useModel((deps) => createLoginModel({ ...deps, social: pageSocialSignIn, showView: (next) => element?.setAttribute('view', next) }));
  // Before paint, so the previous view's state never shows under the new one.
  useLayoutEffect(() => {
    model.start(viewProp);
  }, [model, viewProp]);
  // Before the view has started (the first render, and markup prerendered ahead of time) it shows as the attribute names it.
  const view = model.view.value ?? viewProp;
  const dialog = model.dialog.value;
  const notice = model.notice.value;
  return (
    // The log-in screen is only for a visitor who is not signed in (a signed-in person is sent on at once): the loader
    // does not draw its prerendered markup for a signed-in person (data-sm-signed-out).
    <div className="sm-card" part="card" data-view={view} data-sm-signed-out={view === 'login' ? '' : undefined}>
      {notice && !(view === 'change-password' && model.passwordDone.value) ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <Body model={model} view={view} />
      {dialog ? <ConfirmDialog title={dialog.title} tone={dialog.tone} text={dialog.text} confirm={t('login.dialogs.ok')} onConfirm={() => model.closeDialog()} /> : null}
      <TestAccountDialog model={model} />
      <AppSwitchDialog model={model} />
      {model.busy.value ? <Overlay label={t('login.wait')} /> : null}
    </div>
  );
}

/**
 * @summary Sign in, sign up, email verification and password screens of the portal.
 */
export function Login({ view, apiBase, portal, container }: LoginProps) {
  const element = hostOf(container);
  return (
    <WidgetRoot container={container} apiBase={apiBase} portal={portal} styles={loginStyles}>
      <LoginWidget view={toView(view)} element={element} />
    </WidgetRoot>
  );
}
