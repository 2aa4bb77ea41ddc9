// What each country pays with and in: the payment methods it may use (and their names; the Philippine e-wallets
// go through their own provider), the currency people see and its rate per dollar.

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

export interface CountryTerms {
  country: string;
  /** what prices are listed in */
  currency: string;
  /** what people see them in, at `rate` per dollar */
  user_currency: string;
  rate: number;
  /** appended to credit option identifiers, so one country's option is not valid in another's list */
  creditSuffix: string;
  /** months a one-time membership cannot be bought for */
  excludedMonths: readonly number[];
}

const US_TERMS: CountryTerms = {
  country: 'US',
  currency: 'USD',
  user_currency: 'USD',
  rate: 1,
  creditSuffix: '',
  excludedMonths: [],
};

/** Countries with terms of their own; every other country (or none) has the US ones. */
const TERMS: Readonly<Record<string, CountryTerms>> = {
  US: US_TERMS,
  PH: { country: 'PH', currency: 'USD', user_currency: 'PHP', rate: 58, creditSuffix: '_ph', excludedMonths: [1] },
};

export function countryTerms(countryCode: string | null): CountryTerms {
  return (countryCode && TERMS[countryCode]) || US_TERMS;
}

/** What an e-wallet charges for a dollar amount (in cents): dollars x rate, in PHP centavos. */
export function ewalletChargeMinor(amountCents: number, rate: number): number {
  return Math.round(amountCents * rate);
}
