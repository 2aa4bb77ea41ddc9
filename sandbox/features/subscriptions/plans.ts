// The server's membership plans per country, and the bounds a chosen amount must keep (spec sections 5 and 9).
// The person picks the amount (pay what you can), so the server checks bounds instead of an exact price.
import { HttpError } from '../../core/http.js';
import { formatMoney, toMinorExact } from '../../core/money.js';

/** A plan on the wire (spec section 3, Subscription price). */
export interface SubscriptionPlan {
  country: string;
  currency: string;
  /** dashes on purpose: the client sends them back as underscores */
  identifier: PlanId;
  /** the recommended amount in dollars (one-time: per month) */
  price: number;
  /** the lowest amount in dollars (one-time: per month) */
  lowest_price: number;
  user_currency: string;
  /** user_currency per dollar */
  rate: number;
}

export const PLAN_IDS = ['premium-monthly', 'premium-one-time'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** One-time memberships are bought for one of these numbers of months. */
export const ONE_TIME_MONTHS = [1, 2, 3, 6, 9, 12] as const;
/** Highest monthly amount (the slider's max, spec section 9). */
export const MONTHLY_MAX_CENTS = 100_00;
/** Highest one-time amount: the portal's custom input allows 100 and up above the slider. */
export const ONE_TIME_MAX_CENTS = 10_000_00;
const PRICE_CENTS = 5_00;
const LOWEST_CENTS = 1_00;

export const PLAN_MESSAGES = {
  unknownPlan: 'identifier: unknown membership plan',
  recurringMismatch: 'recurring: does not match the plan (premium_monthly is 1, premium_one_time is 0)',
  intervalRequired: 'interval: is required for a one-time membership',
  intervalNotInCountry: 'interval: 1 month is not available in your country',
  decimals: 'amount: must have at most 2 decimals',
} as const;

interface CountryPricing {
  country: string;
  currency: string;
  user_currency: string;
  rate: number;
  /** months a one-time membership cannot be bought for */
  excludedMonths: readonly number[];
}

const DEFAULT_PRICING: CountryPricing = { country: 'US', currency: 'USD', user_currency: 'USD', rate: 1, excludedMonths: [] };

/** Countries with their own plans; every other country (or none) gets the US ones. */
const PRICING: Readonly<Record<string, CountryPricing>> = {
  US: DEFAULT_PRICING,
  PH: { country: 'PH', currency: 'USD', user_currency: 'PHP', rate: 58, excludedMonths: [1] },
};

export function pricingFor(countryCode: string | null): CountryPricing {
  return (countryCode && PRICING[countryCode]) || DEFAULT_PRICING;
}

export function subscriptionPlans(countryCode: string | null): SubscriptionPlan[] {
  const p = pricingFor(countryCode);
  return PLAN_IDS.map((identifier) => ({
    country: p.country,
    currency: p.currency,
    identifier,
    price: PRICE_CENTS / 100,
    lowest_price: LOWEST_CENTS / 100,
    user_currency: p.user_currency,
    rate: p.rate,
  }));
}

/** 'premium_one_time' (as the client sends it) or 'premium-one-time' -> the plan id, or undefined. */
export function planId(identifier: string): PlanId | undefined {
  const id = identifier.trim().toLowerCase().replace(/_/g, '-');
  return (PLAN_IDS as readonly string[]).includes(id) ? (id as PlanId) : undefined;
}

/** What a person asked for, already shaped by the request schema. */
export interface MembershipChoice {
  identifier: string;
  recurring: 0 | 1;
  /** months, for one-time */
  interval?: number | null;
  /** dollars */
  amount: number;
}

export interface PricedMembership {
  plan: SubscriptionPlan;
  recurring: 0 | 1;
  /** months of a one-time membership; null for monthly */
  interval: number | null;
  /** the chosen amount in cents (USD) */
  amountCents: number;
}

/** Checks a monthly amount (dollars) against the bounds; returns cents or throws 400 naming `amount`. */
export function monthlyAmountCents(amount: number, errorCode: string | null = null): number {
  return amountWithin(amount, LOWEST_CENTS, MONTHLY_MAX_CENTS, 'a month', errorCode);
}

function amountWithin(amount: number, minCents: number, maxCents: number, per: string, errorCode: string | null): number {
  if (!Number.isFinite(amount) || amount * 100 < minCents || amount * 100 > maxCents) {
    const range = `${formatMoney(minCents, 'USD')} and ${formatMoney(maxCents, 'USD')}`;
    throw new HttpError(400, `amount: must be between ${range} ${per}`, errorCode);
  }
  const cents = toMinorExact(amount, 'USD');
  if (cents === null) throw new HttpError(400, PLAN_MESSAGES.decimals, errorCode);
  return cents;
}

/**
 * The membership a person may buy in their country, with the amount checked against the server's bounds:
 * monthly lowest..100 dollars; one-time for N months N x lowest..10000 dollars. Throws 400 otherwise.
 */
export function priceMembership(countryCode: string | null, choice: MembershipChoice): PricedMembership {
  const id = planId(choice.identifier);
  const plan = subscriptionPlans(countryCode).find((p) => p.identifier === id);
  if (!plan) throw new HttpError(400, PLAN_MESSAGES.unknownPlan);
  const recurring: 0 | 1 = plan.identifier === 'premium-monthly' ? 1 : 0;
  if (choice.recurring !== recurring) throw new HttpError(400, PLAN_MESSAGES.recurringMismatch);
  const lowestCents = Math.round(plan.lowest_price * 100);
  if (recurring === 1) {
    return { plan, recurring, interval: null, amountCents: amountWithin(choice.amount, lowestCents, MONTHLY_MAX_CENTS, 'a month', null) };
  }
  const months = choice.interval;
  if (months === undefined || months === null) throw new HttpError(400, PLAN_MESSAGES.intervalRequired);
  if (pricingFor(countryCode).excludedMonths.includes(months)) throw new HttpError(400, PLAN_MESSAGES.intervalNotInCountry);
  const per = `for ${months} month${months === 1 ? '' : 's'}`;
  return { plan, recurring, interval: months, amountCents: amountWithin(choice.amount, months * lowestCents, ONE_TIME_MAX_CENTS, per, null) };
}

/** What an e-wallet charges for a dollar amount: dollars x rate, in PHP centavos. */
export function ewalletChargeMinor(amountCents: number, rate: number): number {
  return Math.round(amountCents * rate);
}

/**
 * The dollar amount (cents) behind a PHP amount quoted by the client, or null when the quote is not
 * some whole-cent dollar amount x rate to within 0.01 PHP.
 */
export function dollarsFromPesos(pesoMinor: number, rate: number): number | null {
  const cents = Math.round(pesoMinor / rate);
  return Math.abs(ewalletChargeMinor(cents, rate) - pesoMinor) <= 1 ? cents : null;
}
