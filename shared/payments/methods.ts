/** Payment methods: which ones a person may choose, and what each charges. */
import { computed, signal } from '@preact/signals-core';
import type { PaymentMethod } from '../api/credits';
import '@messages/payments';
import { english, type Translate } from '../i18n/catalogue';

/** The Philippine e-wallets: charged in PHP, polled while pending. */
export const E_WALLETS: ReadonlySet<string> = new Set(['gcash', 'grab_pay']);
export const CARD = 'credit_card';
export const WECHAT = 'wechat';
export const DEVICE_WALLET = { id: 'apple_pay', name: 'Apple Pay' } as const;

/** What a price in dollars costs with a method: PHP at the rate (to 2 decimals) for e-wallets. */
export function chargeFor(
  price: { dollars: number; currency: string; rate: number },
  method: string,
): { amount: number; currency: string } {
  if (E_WALLETS.has(method)) return { amount: Math.round(price.dollars * price.rate * 100) / 100, currency: 'PHP' };
  return { amount: price.dollars, currency: price.currency };
}

export interface MethodChoiceOptions {
  /** Loads the methods offered into `into` (a failure is the page's to show). */
  readonly load: (into: (methods: readonly PaymentMethod[]) => void) => Promise<void>;
  /** Offer the device wallet. */
  readonly deviceWallet?: () => boolean;
  /** Narrows the list (a monthly membership pays by card only). */
  readonly allow?: (method: PaymentMethod) => boolean;
  readonly t?: Translate;
}

/** The payment method chooser's state: the offered methods and the chosen one. */
export function createMethodChoice(options: MethodChoiceOptions) {
  const t = options.t ?? english;
  const loaded = signal<readonly PaymentMethod[] | null>(null);
  const chosen = signal<string | null>(null);
  const loading = signal(false);
  const asked = signal(false);
  const methods = computed(() => {
    const list = loaded.value;
    if (!list) return null;
    const offered = list.filter((m) => m.id !== DEVICE_WALLET.id && (options.allow?.(m) ?? true));
    return options.deviceWallet?.() ? [...offered, DEVICE_WALLET] : offered;
  });
  /** The chosen method while it is still offered. */
  const method = computed(() => (methods.value?.some((m) => m.id === chosen.value) ? chosen.value : null));
  return {
    methods,
    loading,
    method,
    /** 'Please Select Payment Method' once paying was asked for without one. */
    error: computed(() => (asked.value && !method.value ? t('payments.selectMethod') : null)),
    /** The method to pay with; without one, says so (error) and answers null. */
    required(): string | null {
      asked.value = true;
      return method.value;
    },
    async load(force = false) {
      if ((loaded.value && !force) || loading.value) return;
      loading.value = true;
      await options.load((methods) => (loaded.value = methods));
      loading.value = false;
    },
    choose(id: string) {
      chosen.value = id;
    },
  };
}

export type MethodChoice = ReturnType<typeof createMethodChoice>;
