/**
 * Pieces more than one view of <sm-login> shows: a form with its submit button, a screen that says
 * one thing, the app download links, the provider buttons, "resend or log in", and the one-field
 * email form (forgot password, send a new verification link).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReadonlySignal } from '@preact/signals-core';
import type { FormEvent, ReactNode } from 'react';
import type { Provider } from '../../shared/auth/social';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { useT } from '../../shared/ui/WidgetRoot';
import type { View } from './login.shared';
import type { SocialModel } from './social.model';
import '@messages/login';

/** What a view calls to move to another view of the widget (login.model.ts open). */
export type Open = (view: View) => void;

const APP_STORE_URL = import.meta.env?.VITE_APP_STORE_URL || 'https://apps.apple.com/';
const PLAY_STORE_URL = import.meta.env?.VITE_PLAY_STORE_URL || 'https://play.google.com/store/apps';

/** A form of the widget: its fields, then its submit button (waiting while busy), then any links after it. */
export function Form(props: {
  label: string;
  onSubmit: () => void;
  submit: string;
  busy: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
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

/** A view's form named by its messages (`text`: its title, on the form and as its heading, and its submit button). */
export function ViewForm(props: {
  /** The view's messages: `<text>.title` and `<text>.submit`. */
  text: 'login.forgot' | 'login.sendVerification' | 'login.reset' | 'login.changeUser';
  model: { submit(): unknown; readonly busy: { readonly value: boolean } };
  after?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  useSignals();
  const title = t(`${props.text}.title`);
  return (
    <Form
      label={title}
      onSubmit={() => void props.model.submit()}
      submit={t(`${props.text}.submit`)}
      busy={props.model.busy.value}
      after={props.after}
    >
      <h1>{title}</h1>
      {props.children}
    </Form>
  );
}

export function DownloadLinks() {
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
export function Screen({
  title,
  heading: Heading = 'h1',
  center,
  children,
}: {
  title: string;
  heading?: 'h1' | 'h2';
  center?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={center ? 'sm-stack sm-center' : 'sm-stack'}>
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}

/** After signing up: no email yet? Send it again; or go to log in. */
export function ResendOrLogin({ onResend, open }: { onResend: () => void; open: Open }) {
  const t = useT();
  return (
    <>
      <p>
        {t('login.register.resendPrompt')}{' '}
        <Button variant="link" onClick={onResend}>
          {t('login.register.resend')}
        </Button>
      </p>
      <Button onClick={() => open('login')}>{t('login.register.goToLogin')}</Button>
    </>
  );
}

/** The choice of method on both tabs: the three providers, then Email (`onEmail`). */
export function SocialButtons({ social, onEmail }: { social: SocialModel; onEmail: () => void }) {
  const t = useT();
  const providers: { id: Provider; text: string }[] = [
    { id: 'google', text: t('login.social.google') },
    { id: 'facebook', text: t('login.social.facebook') },
    { id: 'apple', text: t('login.social.apple') },
  ];
  return (
    <div className="sm-stack" part="providers" onPointerEnter={() => social.prepare()} onFocus={() => social.prepare()}>
      {providers.map((p) => (
        <Button key={p.id} variant="secondary" data-provider={p.id} onClick={() => social.choose(p.id)}>
          {p.text}
        </Button>
      ))}
      <Button onClick={onEmail}>{t('login.social.email')}</Button>
    </div>
  );
}

/** The model of a one-field email form (password.model.ts forgot, verify.model.ts send-verification). */
export interface EmailFormModel {
  readonly email: ReadonlySignal<string>;
  readonly emailError: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  setEmail(value: string): void;
  touchEmail(): void;
  submit(): Promise<void>;
}

/** Forgot password and send a new verification link: an email, then back to Log In. */
export function EmailForm({
  model,
  kind,
  open,
}: {
  model: EmailFormModel;
  kind: 'forgot-password' | 'send-verification';
  open: Open;
}) {
  const t = useT();
  useSignals();
  const text = kind === 'forgot-password' ? 'login.forgot' : 'login.sendVerification';
  return (
    <ViewForm
      text={text}
      model={model}
      after={
        <>
          <Button variant="link" onClick={() => open('login')}>
            {t(`${text}.back`)}
          </Button>
          {kind === 'forgot-password' ? <DownloadLinks /> : null}
        </>
      }
    >
      <p className="sm-muted">{t(`${text}.intro`)}</p>
      <TextField
        label={t(`${text}.email`)}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={model.email.value}
        onValue={(v) => model.setEmail(v)}
        onBlur={() => model.touchEmail()}
        error={model.emailError.value}
      />
    </ViewForm>
  );
}
