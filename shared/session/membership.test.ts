import { describe, expect, it } from 'vitest';
import { hasPendingChange, isMonthly, isOneTime, isSubscriber, membershipDate } from './membership';

const sub = (over: Partial<Record<string, unknown>> = {}) => ({
  recurring: 1 as 0 | 1,
  canceled: false,
  change_amount: false,
  current_amount: 5,
  next_amount: null,
  end_date: '2026-12-21T00:00:00Z',
  schedule_start_date: null,
  ...over,
});

describe('membership states', () => {
  it('a subscriber is type 1 with a subscription', () => {
    expect(isSubscriber({ type: 1, subscription: sub() as never })).toBe(true);
    expect(isSubscriber({ type: 0, subscription: sub() as never })).toBe(false);
    expect(isSubscriber({ type: 1, subscription: null })).toBe(false);
    expect(isSubscriber(null)).toBe(false);
  });
  it('active monthly', () => {
    const user = { type: 1, subscription: sub() as never };
    expect(isMonthly(user)).toBe(true);
    expect(isOneTime(user)).toBe(false);
    expect(hasPendingChange(user)).toBe(false);
    expect(membershipDate(user)).toEqual({ kind: 'renews', date: '2026-12-21T00:00:00Z' });
  });
  it('pending amount change: monthly, canceled, no change_amount', () => {
    const user = {
      type: 1,
      subscription: sub({ canceled: true, next_amount: 25, schedule_start_date: '2026-12-21T00:00:00Z' }) as never,
    };
    expect(isMonthly(user)).toBe(true);
    expect(hasPendingChange(user)).toBe(true);
    expect(membershipDate(user)).toEqual({ kind: 'changes', date: '2026-12-21T00:00:00Z' });
  });
  it('canceled monthly keeps premium until the end date and is no longer monthly', () => {
    const user = { type: 1, subscription: sub({ canceled: true, change_amount: true }) as never };
    expect(isMonthly(user)).toBe(false);
    expect(isOneTime(user)).toBe(true);
    expect(membershipDate(user)).toEqual({ kind: 'ends', date: '2026-12-21T00:00:00Z' });
  });
  it('one-time', () => {
    const user = { type: 1, subscription: sub({ recurring: 0 }) as never };
    expect(isMonthly(user)).toBe(false);
    expect(isOneTime(user)).toBe(true);
  });
});
