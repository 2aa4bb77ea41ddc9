/**
 * Changing the monthly amount (spec sections 2 and 4): /change-subscription and its success page.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as api from '../../shared/api/subscription';
import { emit } from '../../shared/events/events';
import { clearRecord, readRecord, writeRecord } from '../../shared/payments/records';
import type { PaymentDialog } from '../../shared/payments/PaymentDialogs';
import { CANCEL_REDIRECT_MS } from '../../shared/payments/result';
import { navigate, openAppLink } from '../../shared/routing/navigate';
import { refreshProfile } from '../../shared/session/account';
import { session } from '../../shared/session/session';
import { messages } from './subscribe.messages';
import { monthlyBounds, type SliderBounds } from './subscribe.pricing';
import { plansOf } from './subscribe.model';

export type ChangeDialog = PaymentDialog;

export function createChangeModel(options: { host?: () => EventTarget | null } = {}) {
  const view = signal<'change' | 'change-success'>('change');
  const busy = signal(false);
  const dialog = signal<ChangeDialog | null>(null);
  const plan = signal<api.Plan | null>(null);
  const price = signal(0);
  const loadError = signal<string | null>(null);
  const submitError = signal<string | null>(null);
  const changed = signal<{ amount: number; date: string } | null>(null);
  const bounds = computed<SliderBounds | null>(() => (plan.value ? monthlyBounds(plan.value) : null));
  let started = false;

  /** Page load (spec section 4): pending record, type not 1 goes home, then the plans. */
  async function load() {
    if (readRecord('change-subscription')) {
      dialog.value = { kind: 'unfinished' };
      return;
    }
    busy.value = true;
    const profile = await refreshProfile();
    if (!profile.ok) {
      busy.value = false;
      if (session.isSignedIn.value) loadError.value = profile.error.message;
      return;
    }
    if (profile.data.type !== 1) {
      busy.value = false;
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    const result = await call(api.subscriptionPlans, {});
    busy.value = false;
    if (!result.ok) {
      const { status, message } = result.error;
      if (status === 401) dialog.value = { kind: 'sabbath', message };
      else if (status === 0) loadError.value = message;
      else dialog.value = { kind: 'status', title: String(status), message };
      return;
    }
    const monthly = plansOf(result.data).monthly;
    if (!monthly) {
      loadError.value = messages.empty;
      return;
    }
    plan.value = monthly;
    const current = profile.data.subscription?.current_amount ?? monthly.price;
    const b = monthlyBounds(monthly);
    price.value = Math.min(Math.max(current, b.min), b.max);
  }

  /** The success page: a missing record goes home; else reload, clear and show the date. */
  async function showSuccess() {
    const record = readRecord('change-subscription');
    if (!record) {
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    busy.value = true;
    const profile = await refreshProfile();
    busy.value = false;
    if (!profile.ok) {
      loadError.value = profile.error.message;
      return;
    }
    clearRecord('change-subscription');
    const s = profile.data.subscription;
    changed.value = { amount: s?.next_amount ?? record.amount, date: s?.schedule_start_date ?? s?.end_date ?? '' };
  }

  return {
    view: view as ReadonlySignal<'change' | 'change-success'>,
    busy: busy as ReadonlySignal<boolean>,
    dialog: dialog as ReadonlySignal<ChangeDialog | null>,
    plan: plan as ReadonlySignal<api.Plan | null>,
    bounds,
    price: price as ReadonlySignal<number>,
    loadError: loadError as ReadonlySignal<string | null>,
    submitError: submitError as ReadonlySignal<string | null>,
    changed: changed as ReadonlySignal<{ amount: number; date: string } | null>,

    start(next: 'change' | 'change-success') {
      if (started && view.value === next) return;
      started = true;
      batch(() => {
        view.value = next;
        dialog.value = null;
        loadError.value = null;
      });
      void (next === 'change' ? load() : showSuccess());
    },
    setPrice(value: number) {
      const b = bounds.value;
      if (!b || !Number.isFinite(value)) return;
      price.value = Math.min(Math.max(Math.round(value), b.min), b.max);
    },
    async submit() {
      const p = plan.value;
      if (!p || busy.value) return;
      submitError.value = null;
      busy.value = true;
      const result = await call(api.changeAmount, { currency: p.currency, amount: price.value });
      busy.value = false;
      if (!result.ok) {
        if (result.error.errorCode === 'change-amount-subs' && result.error.status === 400) {
          dialog.value = { kind: 'error', message: messages.change.somethingWrong };
        } else {
          submitError.value = result.error.message;
        }
        return;
      }
      // The pending record is stored before the redirect (spec section 4).
      writeRecord('change-subscription', { amount: price.value, currency: p.currency, at: Date.now() });
      emit(options.host?.() ?? null, 'sm-amount-changed', { amount: price.value });
      navigate('ChangeSubscriptionSuccessPage');
    },
    continuePending() {
      dialog.value = null;
      navigate('ChangeSubscriptionSuccessPage');
    },
    askCancel() {
      dialog.value = { kind: 'confirm-cancel' };
    },
    confirmCancel() {
      clearRecord('change-subscription');
      dialog.value = null;
      setTimeout(() => navigate('HomePage'), CANCEL_REDIRECT_MS);
    },
    keep() {
      dialog.value = readRecord('change-subscription') ? { kind: 'unfinished' } : null;
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if (current?.kind === 'sabbath') navigate('HomePage');
    },
    /** Continue: the app's transaction_done deep link with the price from the app, else home. */
    finish() {
      const amount = changed.value?.amount;
      if (session.fromApps.value) openAppLink('transaction_done', amount !== undefined ? { price: String(amount) } : undefined);
      else navigate('HomePage');
    },
  };
}

export type ChangeModel = ReturnType<typeof createChangeModel>;
