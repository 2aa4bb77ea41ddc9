/** Loading a payment page's lists (options, plans, methods, missions), and what a failed load shows. */
import { computed, signal } from '@preact/signals-core';
import type { ApiError, ApiResult } from '../api/errors';
import type { ModelDeps } from '../deps/deps';
import type { PaymentDialog } from './prompts';

/**
 * How a failed load shows:
 * - 'message': its message in place (a list anyone may read, such as the missions);
 * - 'payment': a 401 while the session is still good is 'Happy Sabbath!' with the server's message
 *   (a dead session signs out); other failures in place;
 * - 'payment-status': as 'payment', and a failure with an HTTP status also as a warning titled with it.
 */
export type ListFailure = 'message' | 'payment' | 'payment-status';

export function createListLoading(deps: Pick<ModelDeps, 'account' | 'session'>, show: (dialog: PaymentDialog) => void) {
  const error = signal<string | null>(null);

  /** Shows a failed load as `how` says; answers the message to show in place, if any. */
  async function explain(failure: ApiError, how: ListFailure): Promise<string | null> {
    if (how === 'message') return failure.message;
    if (failure.status === 401) {
      const profile = await deps.account.refreshProfile();
      if (profile.ok || deps.session.isSignedIn.value) show({ kind: 'sabbath', message: failure.message });
      return null;
    }
    if (how === 'payment-status' && failure.status !== 0)
      show({ kind: 'status', title: String(failure.status), message: failure.message });
    return failure.message;
  }

  return {
    /** Why the page's list did not load or cannot be used, shown in place with a retry. */
    error: computed(() => error.value),
    explain,
    /** Loads one of the page's lists into `into`; a failure shows as `how` says. */
    async load<T>(call: () => Promise<ApiResult<T>>, into: (data: T) => void, how: ListFailure): Promise<void> {
      error.value = null;
      const result = await call();
      if (result.ok) into(result.data);
      else error.value = await explain(result.error, how);
    },
    /** A list that came but cannot be used says so in the same place. */
    fail(message: string) {
      error.value = message;
    },
  };
}
