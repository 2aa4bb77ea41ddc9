/**
 * Membership states, as pure functions of the profile.
 */
import type { Subscription, UserProfile } from '../api/schemas';

type Profile = Pick<UserProfile, 'type' | 'subscription'> | null | undefined;

/** Subscriber: type 1 with a non-null subscription. */
export function isSubscriber(user: Profile): user is Pick<UserProfile, 'type'> & { subscription: Subscription } {
  return !!user && user.type === 1 && user.subscription !== null;
}

/** Monthly: recurring 1 and either not canceled, or canceled with change_amount false. */
export function isMonthly(user: Profile): boolean {
  if (!isSubscriber(user)) return false;
  const s = user.subscription;
  return s.recurring === 1 && (!s.canceled || !s.change_amount);
}

/** Pending amount change: monthly, canceled, and no change_amount. */
export function hasPendingChange(user: Profile): boolean {
  return isMonthly(user) && !!user?.subscription?.canceled && !user.subscription.change_amount;
}

/** The date the next charge happens (monthly) or premium ends (one-time or canceled). */
export function membershipDate(user: Profile): { kind: 'renews' | 'changes' | 'ends'; date: string } | null {
  if (!isSubscriber(user)) return null;
  const s = user.subscription;
  if (hasPendingChange(user)) return { kind: 'changes', date: s.schedule_start_date ?? s.end_date };
  if (isMonthly(user)) return { kind: 'renews', date: s.end_date };
  return { kind: 'ends', date: s.end_date };
}
