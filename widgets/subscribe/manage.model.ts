/**
 * The Manage Membership dialog (spec sections 2 and 4), for monthly subscribers only:
 * the amount and its date, Change Amount, Cancel Subscription with its confirm.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as api from '../../shared/api/subscription';
import { emit } from '../../shared/events/events';
import { navigate } from '../../shared/routing/navigate';
import { refreshProfile } from '../../shared/session/account';
import { hasPendingChange, isMonthly } from '../../shared/session/membership';
import { session } from '../../shared/session/session';

export type ManageStage = 'details' | 'confirm-cancel' | 'canceled' | 'failed';

export function createManageModel(options: { host?: () => EventTarget | null } = {}) {
  const stage = signal<ManageStage>('details');
  const busy = signal(false);
  const endDate = signal<string | null>(null);
  const user = session.user;
  const monthly = computed(() => isMonthly(user.value));
  const pending = computed(() => hasPendingChange(user.value));
  const close = () => emit(options.host?.() ?? null, 'sm-close', {});
  return {
    stage: stage as ReadonlySignal<ManageStage>,
    busy: busy as ReadonlySignal<boolean>,
    endDate: endDate as ReadonlySignal<string | null>,
    monthly,
    pending,
    subscription: computed(() => user.value?.subscription ?? null),
    open() {
      stage.value = 'details';
    },
    changeAmount() {
      if (pending.value) return;
      close();
      navigate('ChangeSubscriptionPage');
    },
    askCancel() {
      stage.value = 'confirm-cancel';
    },
    keep() {
      stage.value = 'details';
    },
    async confirmCancel() {
      if (busy.value) return;
      busy.value = true;
      const result = await call(api.cancelSubscription, {});
      if (!result.ok) {
        busy.value = false;
        stage.value = 'failed';
        return;
      }
      const end = user.value?.subscription?.end_date ?? null;
      const profile = await refreshProfile();
      busy.value = false;
      endDate.value = profile.ok ? (profile.data.subscription?.end_date ?? end) : end;
      stage.value = 'canceled';
      emit(options.host?.() ?? null, 'sm-membership-canceled', { endDate: endDate.value ?? '' });
    },
    close,
  };
}

export type ManageModel = ReturnType<typeof createManageModel>;
