/**
 * The state and actions of <sm-newsletter> (spec sections 2, 5, 7): an empty email does
 * nothing; the button is disabled while empty or sending; the server's message shows in a
 * toast for 3 seconds, or its error message on failure.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import { subscribeNewsletter } from '../../shared/api/survey';
import { emit } from '../../shared/events/events';

export const TOAST_MS = 3000;

export function createNewsletterModel(options: { host?: () => EventTarget | null } = {}) {
  const email = signal('');
  const sending = signal(false);
  const toast = signal<{ tone: 'success' | 'error'; text: string } | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const canSubmit = computed(() => email.value.trim() !== '' && !sending.value);

  const show = (tone: 'success' | 'error', text: string) => {
    clearTimeout(timer);
    toast.value = { tone, text };
    timer = setTimeout(() => (toast.value = null), TOAST_MS);
  };

  return {
    email: email as ReadonlySignal<string>,
    sending: sending as ReadonlySignal<boolean>,
    toast: toast as ReadonlySignal<{ tone: 'success' | 'error'; text: string } | null>,
    canSubmit,
    setEmail(value: string) {
      email.value = value;
    },
    async submit() {
      const address = email.value.trim();
      if (!address || sending.value) return; // an empty email does nothing
      sending.value = true;
      const result = await call(subscribeNewsletter, { email: address });
      batch(() => {
        sending.value = false;
        if (result.ok) {
          email.value = '';
          show('success', result.message);
        } else {
          show('error', result.error.message);
        }
      });
      if (result.ok) emit(options.host?.() ?? null, 'sm-newsletter-subscribed', { email: address });
    },
    dismiss() {
      clearTimeout(timer);
      toast.value = null;
    },
  };
}

export type NewsletterModel = ReturnType<typeof createNewsletterModel>;
