// Payment methods: which a country may use, their names, and which go through the Philippine provider.

export const PAYMENT_METHODS = ['credit_card', 'wechat', 'gcash', 'grab_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The device wallet (Apple Pay on the web): paid in place by the browser, never on a hosted page, never listed. */
export const WALLET_METHOD = 'apple_pay';
/** What a checkout session records as its method: a hosted method, or the device wallet. */
export type SessionMethod = PaymentMethod | typeof WALLET_METHOD;

const METHOD_NAMES: Readonly<Record<SessionMethod, string>> = {
  credit_card: 'Credit / Debit Card',
  wechat: 'WeChat Pay',
  gcash: 'GCash',
  grab_pay: 'GrabPay',
  apple_pay: 'Apple Pay',
};

/** E-wallets of the Philippine provider (PayMongo in production): charged in PHP, only for PH. */
export const EWALLET_METHODS: ReadonlySet<SessionMethod> = new Set(['gcash', 'grab_pay']);
export const EWALLET_CURRENCY = 'PHP';

export function methodName(method: SessionMethod): string {
  return METHOD_NAMES[method];
}

export function paymentMethods(countryCode: string | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => countryCode === 'PH' || !EWALLET_METHODS.has(m));
}
