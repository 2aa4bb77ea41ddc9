/**
 * <sm-login view="register">: the choice of method, the form and the thank-you step; and
 * view="signup-success", what to do after signing up (the link in the email, or a new one).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { BackButton } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/Field';
import { RetryNotice } from '../../shared/ui/Notice';
import { useT } from '../../shared/ui/WidgetRoot';
import { DownloadLinks, Form, ResendOrLogin, Screen, SocialButtons, type Open } from './login.parts';
import type { Gender, RegisterField } from './login.validation';
import type { SignUpModel } from './signup.model';
import type { SocialModel } from './social.model';
import '@messages/login';

export function SignUpView({ model, social, open }: { model: SignUpModel; social: SocialModel; open: Open }) {
  const t = useT();
  useSignals();
  const step = model.step.value;
  if (step === 'choice') {
    return (
      <>
        <p className="sm-center">{t('login.register.choose')}</p>
        <SocialButtons social={social} onEmail={() => model.chooseEmail()} />
        <DownloadLinks />
      </>
    );
  }
  if (step === 'registered') {
    const email = model.registeredEmail.value ?? '';
    return (
      <Screen title={t('login.register.thankYouTitle')} heading="h2" center>
        <p>{t('login.register.thankYouText')}</p>
        <ResendOrLogin open={open} onResend={() => void model.resendVerification(email)} />
      </Screen>
    );
  }
  const form = model.form.value;
  const errors = model.errors.value;
  const countries = model.countries.value;
  const field = (name: RegisterField) => ({
    value: form[name],
    onValue: (v: string) => model.setField(name, v as never),
    onBlur: () => model.touchField(name),
    error: errors[name],
    name,
  });
  return (
    <Form
      label={t('login.register.title')}
      onSubmit={() => void model.submit()}
      submit={t('login.register.submit')}
      busy={model.busy.value}
    >
      <BackButton onClick={() => model.back()}>{t('login.register.back')}</BackButton>
      <div className="sm-two">
        <TextField label={t('login.register.firstName')} autoComplete="given-name" required {...field('first_name')} />
        <TextField label={t('login.register.lastName')} autoComplete="family-name" required {...field('last_name')} />
      </div>
      {model.social.value ? (
        <TextField
          label={t('login.register.email')}
          type="email"
          readOnly
          aria-readonly="true"
          hint={t('login.social.lockedEmail')}
          {...field('email')}
        />
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
        <TextField
          label={t('login.register.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          prefix={model.dialCode.value}
          {...field('phone_number')}
        />
      ) : null}
      <SelectField
        label={t('login.register.gender')}
        options={(['None', 'Male', 'Female'] as Gender[]).map((g) => ({
          value: g,
          label: t(`login.register.genders.${g}`),
        }))}
        {...field('gender')}
      />
      {model.social.value
        ? null
        : (['password', 'confirm_password'] as const).map((name) => (
            <TextField
              key={name}
              label={t(name === 'password' ? 'login.register.password' : 'login.register.confirmPassword')}
              autoComplete="new-password"
              required
              revealable
              {...field(name)}
            />
          ))}
    </Form>
  );
}

export function SignupSuccessView({ open }: { open: Open }) {
  const t = useT();
  return (
    <Screen title={t('login.signupSuccess.title')} center>
      <p>{t('login.signupSuccess.text')}</p>
      <ResendOrLogin open={open} onResend={() => open('send-verification')} />
      <DownloadLinks />
    </Screen>
  );
}
