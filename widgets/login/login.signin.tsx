/**
 * <sm-login view="login">: the choice of method (with the way to Sign Up and the app downloads),
 * then the email form.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { hrefFor } from '../../shared/routing/routes';
import { BackButton, Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { useT } from '../../shared/ui/WidgetRoot';
import { DownloadLinks, Form, SocialButtons, type Open } from './login.parts';
import type { SignInModel } from './signin.model';
import type { SocialModel } from './social.model';
import '@messages/login';

export function SignInView({ model, social, open }: { model: SignInModel; social: SocialModel; open: Open }) {
  const t = useT();
  useSignals();
  const form = model.form.value;
  const errors = model.errors.value;
  if (model.step.value === 'choice') {
    return (
      <>
        <SocialButtons social={social} onEmail={() => model.chooseEmail()} />
        <div className="sm-center sm-stack">
          <p className="sm-muted">{t('login.login.noAccount')}</p>
          <Button variant="secondary" onClick={() => open('register')}>
            {t('login.login.signUp')}
          </Button>
        </div>
        <DownloadLinks />
      </>
    );
  }
  const serverError = model.serverError.value;
  const unverified = model.unverifiedEmail.value;
  return (
    <Form
      label={t('login.login.title')}
      onSubmit={() => void model.submit()}
      submit={t('login.login.submit')}
      busy={model.busy.value}
      after={
        <a href={hrefFor('ForgotPassword')} onClick={(e) => (e.preventDefault(), open('forgot-password'))}>
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
        onValue={(v) => model.setField('email', v)}
        error={errors.email}
      />
      <TextField
        label={t('login.login.password')}
        name="password"
        autoComplete="current-password"
        required
        revealable
        value={form.password}
        onValue={(v) => model.setField('password', v)}
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
