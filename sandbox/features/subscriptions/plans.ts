// The server's membership plans per country, and the bounds a chosen amount must keep. The person picks the amount
// (pay what you can), so the server checks bounds instead of an exact price.
import type { Plan } from '../../../shared/api/subscription.js';
import { precisionRule, toMinorExact } from '../../../shared/format/money.js';
import { formatMoney } from '../../core/money.js';
import { invalid, success, type Result } from '../../core/result.js';
import { countryTerms, EWALLET_CURRENCY, ewalletChargeMinor } from '../checkout/methods.js';

/**
 * A plan as the portal reads it: price is the recommended and lowest_price the lowest amount in dollars (one-time: per
 * month); the identifier has dashes on purpose (the portal sends it back with underscores).
 */
export type SubscriptionPlan = Plan & { identifier: PlanId };

export const PLAN_IDS = ['premium-monthly', 'premium-one-time'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** One-time memberships are bought for one of these numbers of months. */
export const ONE_TIME_MONTHS = [1, 2, 3, 6, 9, 12] as const;
/** Highest monthly amount (the top of the portal's slider). */
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
  decimals: `amount: ${precisionRule('USD')}`,
  pesoAmount: 'amount: must be the dollar amount times the plan rate, in PHP to 2 decimals',
} as const;

export function subscriptionPlans(countryCode: string | null): SubscriptionPlan[] {
  const p = countryTerms(countryCode);
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

/** A monthly amount (dollars) within the bounds, in cents. */
export function monthlyAmountCents(amount: number): Result<number> {
  return amountWithin(amount, LOWEST_CENTS, MONTHLY_MAX_CENTS, 'a month');
}

function amountWithin(amount: number, minCents: number, maxCents: number, per: string): Result<number> {
  if (!Number.isFinite(amount) || amount * 100 < minCents || amount * 100 > maxCents) {
    return invalid(
      `amount: must be between ${formatMoney(minCents, 'USD')} and ${formatMoney(maxCents, 'USD')} ${per}`,
    );
  }
  const cents = toMinorExact(amount, 'USD');
  return cents === null ? invalid(PLAN_MESSAGES.decimals) : success(cents);
}

/**
 * The membership a person may buy in their country, with the amount checked against the server's bounds:
 * monthly lowest..100 dollars; one-time for N months N x lowest..10000 dollars.
 */
export function priceMembership(countryCode: string | null, choice: MembershipChoice): Result<PricedMembership> {
  const id = planId(choice.identifier);
  const plan = subscriptionPlans(countryCode).find((p) => p.identifier === id);
  if (!plan) return invalid(PLAN_MESSAGES.unknownPlan);
  const recurring: 0 | 1 = plan.identifier === 'premium-monthly' ? 1 : 0;
  if (choice.recurring !== recurring) return invalid(PLAN_MESSAGES.recurringMismatch);
  const lowestCents = Math.round(plan.lowest_price * 100);
  const priced = (interval: number | null, amount: Result<number>): Result<PricedMembership> =>
    amount.ok ? success({ plan, recurring, interval, amountCents: amount.value }) : amount;
  if (recurring === 1) return priced(null, amountWithin(choice.amount, lowestCents, MONTHLY_MAX_CENTS, 'a month'));
  const months = choice.interval;
  if (months === undefined || months === null) return invalid(PLAN_MESSAGES.intervalRequired);
  if (countryTerms(countryCode).excludedMonths.includes(months)) return invalid(PLAN_MESSAGES.intervalNotInCountry);
  const per = `for ${months} month${months === 1 ? '' : 's'}`;
  return priced(months, amountWithin(choice.amount, months * lowestCents, ONE_TIME_MAX_CENTS, per));
}

/**
 * The dollar amount (cents) behind a PHP amount quoted by the client, or null when the quote is not
 * some whole-cent dollar amount x rate to within 0.01 PHP.
 */
export function dollarsFromPesos(pesoMinor: number, rate: number): number | null {
  const cents = Math.round(pesoMinor / rate);
  return Math.abs(ewalletChargeMinor(cents, rate) - pesoMinor) <= 1 ? cents : null;
}

/**
 * A one-time membership paid with a Philippine e-wallet, quoted in PHP: the plan, months and bounds are checked first
 * (on the dollar value of the quote), then the peso amount must be exactly some dollar amount x rate.
 */
export function pricePesoMembership(
  countryCode: string | null,
  quote: { identifier: string; interval?: number | null; amount: number },
): Result<{ priced: PricedMembership; chargeMinor: number }> {
  const { rate } = countryTerms(countryCode);
  const choice = { identifier: quote.identifier, recurring: 0 as const, interval: quote.interval };
  const roughly = priceMembership(countryCode, { ...choice, amount: Math.round((quote.amount * 100) / rate) / 100 });
  if (!roughly.ok) return roughly;
  const pesoMinor = toMinorExact(quote.amount, EWALLET_CURRENCY);
  if (pesoMinor === null) return invalid(PLAN_MESSAGES.decimals);
  const cents = dollarsFromPesos(pesoMinor, rate);
  if (cents === null) return invalid(PLAN_MESSAGES.pesoAmount);
  const priced = priceMembership(countryCode, { ...choice, amount: cents / 100 });
  return priced.ok
    ? success({ priced: priced.value, chargeMinor: ewalletChargeMinor(priced.value.amountCents, rate) })
    : priced;
}
