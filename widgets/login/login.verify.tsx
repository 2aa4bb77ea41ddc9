/**
 * <sm-login view="verify-email">: the emailed link checked, then Log In (or a new link when it
 * failed, or, after a double sign-up, the screen saying the email to choose a password is on its way); and view="send-verification", the form that sends a new link.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { useT } from '../../shared/ui/WidgetRoot';
import { EmailForm, Screen, type Open } from './login.parts';
import type { SendVerificationModel, VerifyEmailModel } from './verify.model';
import '@messages/login';

export function VerifyEmailView({ model, open }: { model: VerifyEmailModel; open: Open }) {
  const t = useT();
  useSignals();
  const state = model.state.value;
  if (state.kind === 'verified') {
    return (
      <Screen title={t('login.verify.verified')} center>
        <p>{t('login.verify.instruction')}</p>
        <Button onClick={() => open('login')}>{t('login.verify.login')}</Button>
      </Screen>
    );
  }
  if (state.kind === 'choose-password') {
    // Only what helps: the email is in the inbox the link came from; the forgot-password form sends it again (a
    // reset link is what the "Choose your password" email carries), within the server's limits.
    return (
      <Screen title={t('login.verify.choosePasswordTitle')} center>
        <p role="status">{t('login.verify.choosePasswordText')}</p>
        <p>{t('login.verify.choosePasswordHint')}</p>
        <Button variant="secondary" onClick={() => open('forgot-password')}>
          {t('login.verify.choosePasswordAgain')}
        </Button>
      </Screen>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Screen title={t('login.verify.title')}>
        <Notice tone="error">
          {t('login.verify.failed')} {state.message}
        </Notice>
        <Button variant="secondary" onClick={() => open('send-verification')}>
          {t('login.verify.requestNew')}
        </Button>
        <Button onClick={() => open('login')}>{t('login.verify.login')}</Button>
      </Screen>
    );
  }
  return (
    <Screen title={t('login.verify.title')}>
      <p role="status">{t('login.verify.checking')}</p>
    </Screen>
  );
}

export function SendVerificationView({ model, open }: { model: SendVerificationModel; open: Open }) {
  return <EmailForm model={model} kind="send-verification" open={open} />;
}
