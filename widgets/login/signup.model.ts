/**
 * Sign Up: the choice of method, the form, and the thank-you after registering by email. After a
 * provider, the form is filled from its details and registering signs the person in at once.
 */
import { computed, signal } from '@preact/signals-core';
import * as auth from '../../shared/api/auth';
import type { CountryListItem } from '../../shared/api/schemas';
import { splitName, type SocialUser } from '../../shared/auth/social';
import { readOnly } from '../../shared/model/read-only';
import type { LoginShared } from './login.shared';
import {
  emptyRegisterForm,
  validateRegister,
  type FieldErrors,
  type RegisterField,
  type RegisterForm,
} from './login.validation';
import '@messages/login';

type Step = { step: 'choice' } | { step: 'form' } | { step: 'registered'; email: string };

/** The country list, loaded once per element. */
export function createCountryList({ api, i18n: { t } }: LoginShared) {
  const list = signal<readonly CountryListItem[] | null>(null);
  const error = signal<string | null>(null);
  return {
    ...readOnly({ list, error }),
    async load() {
      if (list.value) return;
      error.value = null;
      const result = await api.call(auth.countries, {});
      if (result.ok) list.value = result.data;
      else error.value = `${t('login.register.countriesFailed')} ${result.error.message}`;
    },
  };
}

export type CountryList = ReturnType<typeof createCountryList>;

export function createSignUpModel(ctx: LoginShared, countries: CountryList) {
  const { api, account, nav, emit, busy, socialDetails } = ctx;
  const { t } = ctx.i18n;
  const state = signal<Step>({ step: 'choice' });
  const form = signal<RegisterForm>(emptyRegisterForm);
  const touched = signal<ReadonlySet<RegisterField>>(new Set());

  /** The form filled from the provider's details: names split, email locked. */
  function prefill(user: SocialUser) {
    const { first, last } = splitName(user.name);
    socialDetails.value = user;
    form.value = { ...emptyRegisterForm, first_name: first, last_name: last, email: user.email };
    touched.value = new Set();
    state.value = { step: 'form' };
    void countries.load();
  }

  return {
    ...readOnly({ busy, form }),
    /** The provider's details filling the form, if any. */
    social: computed(() => socialDetails.value),
    countries: countries.list,
    countriesError: countries.error,
    step: computed(() => state.value.step),
    registeredEmail: computed(() => (state.value.step === 'registered' ? state.value.email : null)),
    /** Errors of the fields touched so far (all of them once Sign Up was pressed). */
    errors: computed(() => {
      const all = validateRegister(form.value, { social: !!socialDetails.value }, t);
      const shown: FieldErrors<RegisterField> = {};
      for (const field of touched.value) if (all[field]) shown[field] = all[field];
      return shown;
    }),
    dialCode: computed(() => countries.list.value?.find((c) => c.code === form.value.country)?.phone_code ?? ''),

    /** On arrival: the form filled from kept provider details. */
    start() {
      const user = ctx.recallSocial();
      if (user) prefill(user);
    },
    prefill,
    chooseEmail() {
      state.value = { step: 'form' };
      void countries.load();
    },
    retryCountries() {
      void countries.load();
    },
    /** Back to the choice of method, the form empty again. */
    back() {
      ctx.forgetSocial();
      form.value = emptyRegisterForm;
      touched.value = new Set();
      state.value = { step: 'choice' };
    },
    setField<K extends RegisterField>(field: K, value: RegisterForm[K]) {
      const next = { ...form.value, [field]: value };
      if (field === 'country' && !value) next.phone_number = '';
      form.value = next;
    },
    touchField(field: RegisterField) {
      if (!touched.value.has(field)) touched.value = new Set([...touched.value, field]);
    },
    async submit() {
      if (busy.value) return;
      const filled = form.value;
      const viaSocial = socialDetails.value;
      touched.value = new Set(Object.keys(filled) as RegisterField[]);
      if (Object.keys(validateRegister(filled, { social: !!viaSocial })).length > 0) return;
      busy.value = true;
      const email = viaSocial ? viaSocial.email : filled.email.trim();
      const result = await api.call(auth.register, {
        first_name: filled.first_name.trim(),
        last_name: filled.last_name.trim(),
        email,
        password: viaSocial ? '-' : filled.password,
        country_code: filled.country,
        gender: filled.gender,
        phone_number: filled.phone_number,
        method: viaSocial ? viaSocial.method : 'email',
        ...(viaSocial ? { token: viaSocial.token, uid: viaSocial.uid } : {}),
      });
      if (!result.ok) {
        busy.value = false;
        ctx.showError(result.error.message);
        return;
      }
      // A social registration answers with a session.
      if (viaSocial && result.data && 'access_token' in result.data) {
        const profile = await account.completeSignIn(result.data);
        busy.value = false;
        if (!profile.ok) {
          ctx.showError(profile.error.message);
          return;
        }
        emit('sm-registered', { email });
        ctx.announceSignIn();
        ctx.goOn(nav.query());
        return;
      }
      busy.value = false;
      state.value = { step: 'registered', email };
      emit('sm-registered', { email });
    },
    resendVerification: ctx.resendVerification,
  };
}

export type SignUpModel = ReturnType<typeof createSignUpModel>;
