/**
 * Changing the monthly amount: /change-subscription and its success page. Not a checkout (the
 * new amount is charged on the next renewal), so it is a plain call; it keeps its own
 * unfinished record between the two pages.
 */
import { computed, signal } from '@preact/signals-core';
import * as api from '../../shared/api/subscription';
import type { ModelDeps } from '../../shared/deps/deps';
import { createListLoading } from '../../shared/payments/lists';
import { createPaymentPrompts } from '../../shared/payments/prompts';
import { recordsOf } from '../../shared/payments/records';
import { monthlyBounds, type SliderBounds } from './subscribe.pricing';
import { plansOf } from './subscribe.model';
import { readOnly } from '../../shared/model/read-only';
import type { TagProps } from '../tags';
import { finishPayment } from '../../shared/routing/finish';
import '@messages/payments';
import '@messages/subscribe';

/** The views of the change of amount, of the `view` attribute's values in the tag table (widgets/tags.ts). */
export type ChangeView = Extract<TagProps<'sm-subscribe'>['view'], 'change' | 'change-success'>;

export function createChangeModel(deps: ModelDeps) {
  const { t } = deps.i18n;
  const records = recordsOf(deps);
  const prompts = createPaymentPrompts(deps, {
    record: 'change-subscription',
    resume: () => deps.nav.go('ChangeSubscriptionSuccessPage'),
  });
  const lists = createListLoading(deps, prompts.show);
  /** A change being sent: it covers the card. */
  const busy = signal(false);
  /** The page's data on its way (the profile, the plans): its places are held, nothing covers them. */
  const loading = signal(false);
  const plan = signal<api.Plan | null>(null);
  const chosen = signal<number | null>(null);
  const loadError = signal<string | null>(null);
  const submitError = signal<string | null>(null);
  const changed = signal<{ amount: number; date: string } | null>(null);
  const bounds = computed<SliderBounds | null>(() => (plan.value ? monthlyBounds(plan.value) : null));
  const clamp = (n: number, b: SliderBounds) => Math.min(Math.max(n, b.min), b.max);
  /** The slider starts at the current amount. */
  const price = computed(() => {
    const b = bounds.value;
    if (!b || !plan.value) return 0;
    return clamp(chosen.value ?? deps.session.user.value?.subscription?.current_amount ?? plan.value.price, b);
  });
  let shown: ChangeView | null = null;

  /** The change page: an unfinished change warns first; a person who is not a subscriber goes home; then the plans. */
  async function load() {
    if (prompts.warnUnfinished()) return;
    loading.value = true;
    const profile = await deps.account.refreshProfile();
    if (!profile.ok) {
      loading.value = false;
      if (deps.session.isSignedIn.value) loadError.value = profile.error.message;
      return;
    }
    if (profile.data.type !== 1) {
      loading.value = false;
      // Home, in the portal; on another page the tag says why there is nothing to change.
      if (!deps.nav.redirect('HomePage')) loadError.value = t('subscribe.manage.notMonthly');
      return;
    }
    const result = await deps.api.call(api.subscriptionPlans, {});
    loading.value = false;
    if (!result.ok) {
      // Only a call that did not get through says so in place; the others say it in their dialog.
      loadError.value = result.error.status === 0 ? result.error.message : null;
      if (result.error.status !== 0) await lists.explain(result.error, 'payment-status');
      return;
    }
    plan.value = plansOf(result.data).monthly;
    if (!plan.value) loadError.value = t('payments.empty');
  }

  /** The success page: a missing record goes home; else reload the profile, clear the record and show the date. */
  async function showSuccess() {
    const record = records.read('change-subscription');
    if (!record) {
      // No change made here to show: home, in the portal; on another page the tag says so.
      if (!deps.nav.redirect('HomePage')) loadError.value = t('subscribe.change.somethingWrong');
      return;
    }
    loading.value = true;
    const profile = await deps.account.refreshProfile();
    loading.value = false;
    if (!profile.ok) {
      loadError.value = profile.error.message;
      return;
    }
    records.clear('change-subscription');
    const s = profile.data.subscription;
    changed.value = { amount: s?.next_amount ?? record.amount, date: s?.schedule_start_date ?? s?.end_date ?? '' };
  }

  return {
    prompts,
    ...readOnly({ busy, loading, plan, loadError, submitError, changed }),
    bounds,
    price,

    show(view: ChangeView) {
      if (shown === view) return;
      shown = view;
      void (view === 'change' ? load() : showSuccess());
    },
    setPrice(value: number) {
      const b = bounds.value;
      if (b && Number.isFinite(value)) chosen.value = clamp(Math.round(value), b);
    },
    async submit() {
      const p = plan.value;
      if (!p || busy.value) return;
      submitError.value = null;
      busy.value = true;
      const amount = price.value;
      const result = await deps.api.call(api.changeAmount, { currency: p.currency, amount });
      busy.value = false;
      if (!result.ok) {
        if (result.error.errorCode === 'change-amount-subs' && result.error.status === 400)
          prompts.show({ kind: 'error', message: t('subscribe.change.somethingWrong') });
        else submitError.value = result.error.message;
        return;
      }
      // The record is stored before going to the success page, which reads it.
      records.write('change-subscription', { amount, currency: p.currency, at: deps.clock.now() });
      deps.emit('sm-amount-changed', { amount });
      deps.nav.go('ChangeSubscriptionSuccessPage');
    },
    /** Continue: the app's transaction_done deep link with the new price from the app, else home. */
    finish() {
      const amount = changed.value?.amount;
      finishPayment(deps, amount !== undefined ? { price: String(amount) } : undefined);
    },
  };
}
