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
import { webmailOf } from './webmail';
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
    // Only what helps: the inbox the email went to (its service's app or page, where it is a large one), and the email
    // sent again (a reset link is what "Choose your password" carries), within the server's limits.
    const mail = state.email ? webmailOf(state.email) : null;
    return (
      <Screen title={t('login.verify.choosePasswordTitle')} center>
        <p role="status">
          {state.email
            ? t('login.verify.choosePasswordTextTo', { email: state.email })
            : t('login.verify.choosePasswordText')}
        </p>
        <p>{t('login.verify.choosePasswordHint')}</p>
        {mail && (
          <a
            className="sm-button"
            data-variant="primary"
            part="button button-primary"
            href={mail.inbox}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('login.verify.openMail', { service: mail.service })}
          </a>
        )}
        <Button variant="secondary" disabled={model.busy.value} onClick={() => void model.sendAgain()}>
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
