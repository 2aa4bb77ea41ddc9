import { describe, expect, it } from 'vitest';
import '@messages/subscribe';
import { english } from '../../shared/i18n/catalogue';
import { infoMessage, monthlyBounds, monthsFor, oneTimeBounds, pesoAmount, tierOf } from './subscribe.pricing';

const plan = { price: 5, lowest_price: 1 };

describe('slider bounds', () => {
  it('monthly: lowest to 100, starting at the plan price', () => {
    expect(monthlyBounds(plan)).toEqual({ min: 1, max: 100, start: 5 });
  });
  it('one-time: lowest and default scale with the months; max 100 for 1-2 months, 120 for 3+', () => {
    expect(oneTimeBounds(plan, 1)).toEqual({ min: 1, max: 100, start: 5 });
    expect(oneTimeBounds(plan, 2)).toEqual({ min: 2, max: 100, start: 10 });
    expect(oneTimeBounds(plan, 3)).toEqual({ min: 3, max: 120, start: 15 });
    expect(oneTimeBounds(plan, 12)).toEqual({ min: 12, max: 120, start: 60 });
  });
  it('offers 1, 2, 3, 6, 9, 12 months; the Philippines start at 2', () => {
    expect(monthsFor('US')).toEqual([1, 2, 3, 6, 9, 12]);
    expect(monthsFor('PH')).toEqual([2, 3, 6, 9, 12]);
  });
});

describe('tiers and info messages', () => {
  it.each([
    [1, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [19.99, 3],
    [20, 4],
    [49, 4],
    [50, 5],
    [99, 5],
    [100, 6],
    [120, 6],
  ])('$%s is tier %s', (price, tier) => {
    expect(tierOf(price, 1, 5)).toBe(tier);
  });
  it('shows the messages at 1, 5, 20, 50 and 100 dollars, and none between the default and 20', () => {
    expect(shown(1)).toBe(shown(5));
    expect(shown(5)).toBe(
      'If you can’t afford the suggested price. You can lower the number to pay what you can afford',
    );
    expect(infoMessage(10, 5)).toBeNull();
    expect(shown(20)).toBe(
      "Thank you for being a cheerful giver. You're on the top 1% subscribers who input $20 or more.",
    );
    expect(shown(50)).toBe(
      "We are grateful for your generosity. You're on the top 0.5% subscribers who input $50 or more.",
    );
    expect(shown(100)).toBe("You're awesome! We thank you for your abundant support on the app & missions.");
  });
  it('converts to pesos at the plan rate, 2 decimals', () => {
    expect(pesoAmount(10, 58)).toBe(580);
    expect(pesoAmount(7, 56.789)).toBe(397.52);
  });
});

/** The info line under the slider as English readers see it, for a price when the default is 5. */
function shown(price: number): string | null {
  const key = infoMessage(price, 5);
  return key && english(key);
}
