/**
 * The Manage Membership dialog, for monthly subscribers only: the amount and its date, Change
 * Amount (disabled while a change is pending), and Cancel Subscription with its confirm.
 */
import { computed, signal } from '@preact/signals-core';
import * as api from '../../shared/api/subscription';
import type { ModelDeps } from '../../shared/deps/deps';
import { hasPendingChange, isMonthly } from '../../shared/session/membership';
import { readOnly } from '../../shared/model/read-only';

export type ManageStage = 'details' | 'confirm-cancel' | 'canceled' | 'failed';

export function createManageModel(deps: ModelDeps) {
  const stage = signal<ManageStage>('details');
  const busy = signal(false);
  const endDate = signal<string | null>(null);
  const user = deps.session.user;
  const pending = computed(() => hasPendingChange(user.value));
  const close = () => deps.emit('sm-close', {});
  return {
    ...readOnly({ stage, busy, endDate }),
    monthly: computed(() => isMonthly(user.value)),
    pending,
    subscription: computed(() => user.value?.subscription ?? null),
    changeAmount() {
      if (pending.value) return;
      close();
      deps.nav.go('ChangeSubscriptionPage');
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
      const end = user.value?.subscription?.end_date ?? null;
      const result = await deps.api.call(api.cancelSubscription, {});
      const profile = result.ok ? await deps.account.refreshProfile() : null;
      busy.value = false;
      if (!result.ok) {
        stage.value = 'failed';
        return;
      }
      endDate.value = profile?.ok ? (profile.data.subscription?.end_date ?? end) : end;
      stage.value = 'canceled';
      deps.emit('sm-membership-canceled', { endDate: endDate.value ?? '' });
    },
    close,
  };
}
