/**
 * The pay-what-you-can rules of the membership, as pure functions: slider bounds, months, tiers.
 */
import type { Plan } from '../../shared/api/subscription';

export const MONTHLY_MAX = 100;
export const ONE_TIME_CUSTOM_MIN = 100;
export const ONE_TIME_MONTHS = [1, 2, 3, 6, 9, 12] as const;
export const DEFAULT_INTERVAL = 1;

/** One-time months offered in a country (PH starts at 2). */
export function monthsFor(country: string | null | undefined): number[] {
  return ONE_TIME_MONTHS.filter((m) => !(country === 'PH' && m === 1));
}

export interface SliderBounds {
  min: number;
  max: number;
  /** The recommended (default) price, where the slider starts. */
  start: number;
}

/** Monthly: min the lowest price, max 100, start the plan price. */
export function monthlyBounds(plan: Pick<Plan, 'price' | 'lowest_price'>): SliderBounds {
  return {
    min: plan.lowest_price,
    max: MONTHLY_MAX,
    start: Math.min(Math.max(plan.price, plan.lowest_price), MONTHLY_MAX),
  };
}

/** One-time: default and lowest scale with the months; max 100 for 1-2 months, 120 for 3 or more. */
export function oneTimeBounds(plan: Pick<Plan, 'price' | 'lowest_price'>, months: number): SliderBounds {
  const max = months >= 3 ? 120 : 100;
  const min = plan.lowest_price * months;
  return { min, max, start: Math.min(Math.max(plan.price * months, min), max) };
}

export type Tier = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Slider tiers: equal to lowest 1; above lowest up to the default 2; above the default and
 * below 20 3; 20 to under 50 4; 50 to under 100 5; 100 or more 6.
 */
export function tierOf(price: number, lowest: number, defaultPrice: number): Tier {
  if (price >= 100) return 6;
  if (price >= 50) return 5;
  if (price >= 20) return 4;
  if (price > defaultPrice) return 3;
  if (price > lowest) return 2;
  return 1;
}

/** The info message under the slider; none between the default and 20. */
export function infoMessage(
  price: number,
  defaultPrice: number,
): 'subscribe.info.awesome' | 'subscribe.info.top05' | 'subscribe.info.top1' | 'subscribe.info.afford' | null {
  if (price >= 100) return 'subscribe.info.awesome';
  if (price >= 50) return 'subscribe.info.top05';
  if (price >= 20) return 'subscribe.info.top1';
  if (price <= defaultPrice) return 'subscribe.info.afford';
  return null;
}

/** The amount charged through the Philippine provider: price x rate, 2 decimals, PHP. */
export function pesoAmount(price: number, rate: number): number {
  return Math.round(price * rate * 100) / 100;
}
