/**
 * <sm-login>'s password views: forgot-password (an email to send the link to), change-password
 * (a new password from the emailed link) and change-password-user (a signed-in person's own).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { hrefFor } from '../../shared/routing/routes';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Notice } from '../../shared/ui/Notice';
import { useT } from '../../shared/ui/WidgetRoot';
import { EmailForm, Screen, ViewForm, type Open } from './login.parts';
import type { ChangePasswordModel, ForgotPasswordModel, ResetPasswordModel } from './password.model';
import '@messages/login';

export function ForgotPasswordView({ model, open }: { model: ForgotPasswordModel; open: Open }) {
  return <EmailForm model={model} kind="forgot-password" open={open} />;
}

/** The new password and its confirmation, after the view's title and any field of its own (`current`). */
function PasswordForm(props: {
  model: ResetPasswordModel | ChangePasswordModel;
  kind: 'change-password' | 'change-password-user';
  current?: ReactNode;
}) {
  const { model, kind } = props;
  const t = useT();
  useSignals();
  const errors = model.errors.value;
  const form = model.form.value;
  const text = kind === 'change-password' ? 'login.reset' : 'login.changeUser';
  const field = (name: 'password' | 'confirm') => ({
    name,
    value: form[name],
    onValue: (v: string) => model.setField(name, v),
    error: errors[name],
  });
  return (
    <ViewForm text={text} model={model}>
      {props.current ?? null}
      <TextField label={t(`${text}.password`)} autoComplete="new-password" required revealable {...field('password')} />
      <TextField label={t(`${text}.confirm`)} autoComplete="new-password" required revealable {...field('confirm')} />
    </ViewForm>
  );
}

export function ResetPasswordView({ model, open }: { model: ResetPasswordModel; open: Open }) {
  const t = useT();
  useSignals();
  if (model.link.value === null) {
    return (
      <Screen title={t('login.reset.title')}>
        <Notice tone="error">{t('login.reset.invalidLink')}</Notice>
        <Button onClick={() => open('forgot-password')}>{t('login.reset.requestNew')}</Button>
      </Screen>
    );
  }
  const done = model.done.value;
  if (done !== null) {
    return (
      <Screen title={t('login.reset.title')}>
        <Notice tone="success">{done}</Notice>
        <a href={hrefFor('Signin')} onClick={(e) => (e.preventDefault(), open('login'))}>
          {t('login.reset.successLink')}
        </a>
      </Screen>
    );
  }
  return <PasswordForm model={model} kind="change-password" />;
}

export function ChangePasswordView({ model, open }: { model: ChangePasswordModel; open: Open }) {
  const t = useT();
  useSignals();
  if (!model.isSignedIn.value) {
    return (
      <Screen title={t('login.changeUser.title')}>
        <Notice tone="info">{t('login.login.expired')}</Notice>
        <Button onClick={() => open('login')}>{t('login.login.submit')}</Button>
      </Screen>
    );
  }
  // The sign-in is not recent: the current password too, in the same form.
  const current = model.needsCurrentPassword.value ? (
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
  ) : null;
  return <PasswordForm model={model} kind="change-password-user" current={current} />;
}
