/**
 * The state and actions of <sm-newsletter>: an empty email does nothing; the button is
 * disabled while empty or sending; the server's message shows in a toast for 3 seconds, or
 * its error message on failure.
 */
import { batch, computed, signal } from '@preact/signals-core';
import { subscribeNewsletter } from '../../shared/api/survey';
import type { ModelDeps } from '../../shared/deps/deps';
import { readOnly } from '../../shared/model/read-only';

export const TOAST_MS = 3000;

export function createNewsletterModel({ api, clock, emit }: Pick<ModelDeps, 'api' | 'clock' | 'emit'>) {
  const email = signal('');
  const sending = signal(false);
  const toast = signal<{ tone: 'success' | 'error'; text: string } | null>(null);
  let hide = () => {};

  const show = (tone: 'success' | 'error', text: string) => {
    hide();
    toast.value = { tone, text };
    hide = clock.after(TOAST_MS, () => (toast.value = null));
  };

  return {
    ...readOnly({ email, sending, toast }),
    canSubmit: computed(() => email.value.trim() !== '' && !sending.value),
    setEmail(value: string) {
      email.value = value;
    },
    async submit() {
      const address = email.value.trim();
      if (!address || sending.value) return; // an empty email does nothing
      sending.value = true;
      const result = await api.call(subscribeNewsletter, { email: address });
      batch(() => {
        sending.value = false;
        if (result.ok) {
          email.value = '';
          show('success', result.message);
        } else {
          show('error', result.error.message);
        }
      });
      if (result.ok) emit('sm-newsletter-subscribed', { email: address });
    },
    dismiss() {
      hide();
      toast.value = null;
    },
  };
}
