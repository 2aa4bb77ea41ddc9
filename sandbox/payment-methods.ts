// Payment methods: which a country may use, their names, and which go through the Philippine provider.

export const PAYMENT_METHODS = ['credit_card', 'wechat', 'gcash', 'grab_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = {
  credit_card: 'Credit / Debit Card',
  wechat: 'WeChat Pay',
  gcash: 'GCash',
  grab_pay: 'GrabPay',
};

/** E-wallets of the Philippine provider (PayMongo in production): charged in PHP, only for PH. */
export const EWALLET_METHODS: ReadonlySet<PaymentMethod> = new Set(['gcash', 'grab_pay']);
export const EWALLET_CURRENCY = 'PHP';

export function methodName(method: PaymentMethod): string {
  return METHOD_NAMES[method];
}

export function paymentMethods(countryCode: string | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => countryCode === 'PH' || !EWALLET_METHODS.has(m));
}
