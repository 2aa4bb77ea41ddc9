import { describe, expect, it } from 'vitest';
import { testMembership } from '../deps/testing';
import { hasPendingChange, isMonthly, isSubscriber, membershipDate } from './membership';

describe('membership states', () => {
  it('a subscriber is type 1 with a subscription', () => {
    expect(isSubscriber({ type: 1, subscription: testMembership() })).toBe(true);
    expect(isSubscriber({ type: 0, subscription: testMembership() })).toBe(false);
    expect(isSubscriber({ type: 1, subscription: null })).toBe(false);
    expect(isSubscriber(null)).toBe(false);
  });
  it('active monthly', () => {
    const user = { type: 1, subscription: testMembership() };
    expect(isMonthly(user)).toBe(true);
    expect(hasPendingChange(user)).toBe(false);
    expect(membershipDate(user)).toEqual({ kind: 'renews', date: '2026-12-21T00:00:00Z' });
  });
  it('pending amount change: monthly, canceled, no change_amount', () => {
    const user = {
      type: 1,
      subscription: testMembership({ canceled: true, next_amount: 25, schedule_start_date: '2026-12-21T00:00:00Z' }),
    };
    expect(isMonthly(user)).toBe(true);
    expect(hasPendingChange(user)).toBe(true);
    expect(membershipDate(user)).toEqual({ kind: 'changes', date: '2026-12-21T00:00:00Z' });
  });
  it('canceled monthly keeps premium until the end date and is no longer monthly', () => {
    const user = { type: 1, subscription: testMembership({ canceled: true, change_amount: true }) };
    expect(isMonthly(user)).toBe(false);
    expect(membershipDate(user)).toEqual({ kind: 'ends', date: '2026-12-21T00:00:00Z' });
  });
  it('one-time', () => {
    const user = { type: 1, subscription: testMembership({ recurring: 0 }) };
    expect(isMonthly(user)).toBe(false);
  });
});
