// Premium memberships, one record per person, kept in the `subscriptions` table:
//
//   state            recurring canceled change_amount next_amount  schedule_start_date
//   monthly              1        0         0           null         null          renews on end_date
//   pending-change       1        1         0           new amount   end_date      renews at next_amount
//   canceled             1        1         1           null         null          premium until end_date, then gone
//   one-time             0        0         0           null         null          premium until end_date, then gone
//
// Payments (first payment, renewals, one-time purchases) are recorded in `subscription_payments`.
import type { Grants } from '../checkout/fulfilment.js';
import { ownerId, type CheckoutSession } from '../checkout/sessions.js';
import { addMonths } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import { toMinorExact } from '../../../shared/format/money.js';
import { invalid, success, type Result } from '../../core/result.js';
import type { UserRow } from '../../core/users.js';
import { monthlyAmountCents } from './plans.js';

export const MEMBERSHIP_MESSAGES = {
  alreadyMonthly: 'You already have a monthly membership.',
  nothingToCancel: 'There is no monthly membership to cancel.',
  onlyMonthlyChange: 'Only monthly members can change the amount.',
  changePending: 'A change of amount is already waiting for your next renewal.',
  sameAmount: 'amount: is already your monthly amount',
  nothingToUpdate: 'There is no monthly membership to update.',
} as const;

export interface MembershipRow {
  id: number;
  user_id: number;
  recurring: 0 | 1;
  canceled: 0 | 1;
  change_amount: 0 | 1;
  current_amount_cents: number;
  next_amount_cents: number | null;
  end_date: string;
  schedule_start_date: string | null;
  created_at: string;
  card_last4: string | null;
}

export type MembershipState = 'monthly' | 'pending-change' | 'canceled' | 'one-time';

/** What a subscription checkout session's payload holds. */
export interface SubscriptionPayload {
  /** the plan id, dashed: 'premium-monthly' | 'premium-one-time' */
  identifier: string;
  recurring: 0 | 1;
  /** months of a one-time membership; null for monthly */
  interval: number | null;
  /** the membership's amount in dollars (what the profile shows), whatever currency the session charges */
  amount: number;
}

export type PaymentKind = 'initial' | 'renewal' | 'one-time';

export interface SubscriptionPaymentRow {
  id: number;
  user_id: number;
  session_id: string | null;
  kind: PaymentKind;
  amount_minor: number;
  currency: string;
  charged_at: string;
}

export function membershipState(m: MembershipRow): MembershipState {
  if (m.recurring === 0) return 'one-time';
  if (m.canceled === 0) return 'monthly';
  return m.change_amount === 1 ? 'canceled' : 'pending-change';
}

/** Monthly and still renewing: a monthly subscriber. */
export function isRenewing(m: MembershipRow): boolean {
  const state = membershipState(m);
  return state === 'monthly' || state === 'pending-change';
}

export function findMembership(db: Db, userId: number): MembershipRow | undefined {
  return db.prepare('SELECT * FROM subscriptions WHERE user_id = ?').get(userId) as MembershipRow | undefined;
}

const dollars = (cents: number) => cents / 100;

/** The subscription as the profile shows it (amounts in dollars), or null when there is none or it has lapsed. */
export function membershipView(db: Db, userId: number, now: Date) {
  const m = findMembership(db, userId);
  if (!m) return null;
  if (!isRenewing(m) && m.end_date <= now.toISOString()) return null;
  return {
    recurring: m.recurring,
    canceled: m.canceled === 1,
    change_amount: m.change_amount === 1,
    current_amount: dollars(m.current_amount_cents),
    next_amount: m.next_amount_cents === null ? null : dollars(m.next_amount_cents),
    end_date: m.end_date,
    schedule_start_date: m.schedule_start_date,
  };
}

function recordPayment(db: Db, p: Omit<SubscriptionPaymentRow, 'id'>): void {
  db.prepare(
    `INSERT INTO subscription_payments (user_id, session_id, kind, amount_minor, currency, charged_at)
     VALUES (@user_id, @session_id, @kind, @amount_minor, @currency, @charged_at)`,
  ).run(p);
}

// ---- what falls due ----

/**
 * Runs everything due by `now`, in date order: renewals of monthly memberships on their end_date (at
 * next_amount when a change is pending; one 'renewal' payment each, repeated when several months passed),
 * and ends of canceled and one-time memberships (the record goes, the person is free again, type 0).
 */
export function settleDueMemberships(db: Db, now: Date): { renewals: number; ended: number } {
  const at = now.toISOString();
  const nextDue = db.prepare('SELECT * FROM subscriptions WHERE end_date <= ? ORDER BY end_date, id LIMIT 1');
  return db
    .transaction(() => {
      let renewals = 0;
      let ended = 0;
      for (let m = nextDue.get(at) as MembershipRow | undefined; m; m = nextDue.get(at) as MembershipRow | undefined) {
        if (isRenewing(m)) {
          const charge = m.next_amount_cents ?? m.current_amount_cents;
          recordPayment(db, {
            user_id: m.user_id,
            session_id: null,
            kind: 'renewal',
            amount_minor: charge,
            currency: 'USD',
            charged_at: m.end_date,
          });
          db.prepare(
            `UPDATE subscriptions SET canceled = 0, change_amount = 0, current_amount_cents = ?, next_amount_cents = NULL,
                  schedule_start_date = NULL, end_date = ? WHERE id = ?`,
          ).run(charge, addMonths(new Date(m.end_date), 1).toISOString(), m.id);
          renewals++;
        } else {
          db.prepare('DELETE FROM subscriptions WHERE id = ?').run(m.id);
          db.prepare('UPDATE users SET type = 0 WHERE id = ?').run(m.user_id);
          ended++;
        }
      }
      return { renewals, ended };
    })
    .immediate();
}

// ---- granting a paid session (through fulfilOnce only) ----

/**
 * Activates or extends the membership a paid 'subscription' session bought, records the payment and makes
 * the person type 1. A new period starts where a live membership ends (so paid time is never lost): buying
 * one-time during one-time extends end_date by the months bought. The UNIQUE session_id of the payment
 * refuses a second grant even if this were called twice.
 */
export function grantMembership(db: Db, session: CheckoutSession, now: Date): void {
  const p = session.payload as SubscriptionPayload;
  const cents = toMinorExact(p.amount, 'USD');
  const months = p.recurring === 1 ? 1 : p.interval;
  if (cents === null || cents <= 0 || !months || !Number.isSafeInteger(months)) {
    throw new Error(`session ${session.id} has no membership to grant`);
  }
  const userId = ownerId(session);
  settleDueMemberships(db, now);
  const live = findMembership(db, userId);
  const start = live && live.end_date > now.toISOString() ? new Date(live.end_date) : now;
  const row = {
    user_id: userId,
    recurring: p.recurring,
    amount: cents,
    end_date: addMonths(start, months).toISOString(),
    now: now.toISOString(),
    card: session.card_last4 ?? live?.card_last4 ?? null,
  };
  db.prepare(
    `INSERT INTO subscriptions
       (user_id, recurring, canceled, change_amount, current_amount_cents, next_amount_cents, end_date, schedule_start_date, created_at, card_last4)
     VALUES (@user_id, @recurring, 0, 0, @amount, NULL, @end_date, NULL, @now, @card)
     ON CONFLICT (user_id) DO UPDATE SET
       recurring = excluded.recurring, canceled = 0, change_amount = 0, current_amount_cents = excluded.current_amount_cents,
       next_amount_cents = NULL, end_date = excluded.end_date, schedule_start_date = NULL, card_last4 = excluded.card_last4`,
  ).run(row);
  db.prepare('UPDATE users SET type = 1 WHERE id = ?').run(userId);
  recordPayment(db, {
    user_id: userId,
    session_id: session.id,
    kind: p.recurring === 1 ? 'initial' : 'one-time',
    amount_minor: session.amount_minor,
    currency: session.currency,
    charged_at: now.toISOString(),
  });
}

/** A paid 'update-payment' session: the card it saved becomes the renewing membership's card. */
export function grantCardUpdate(db: Db, session: CheckoutSession): void {
  if (!session.card_last4) throw new Error(`session ${session.id} saved no card`);
  db.prepare('UPDATE subscriptions SET card_last4 = ? WHERE user_id = ? AND recurring = 1').run(
    session.card_last4,
    ownerId(session),
  );
}

/** What membership sessions grant once paid (checkout/fulfilment.ts): a membership, or the card it renews with. */
export const MEMBERSHIP_GRANTS: Grants = { subscription: grantMembership, 'update-payment': grantCardUpdate };

// ---- changes by the member ----

/** A person with a renewing monthly membership may not buy another membership until it ends. */
export function mayBuyMembership(db: Db, userId: number): Result<void> {
  const m = findMembership(db, userId);
  return m && isRenewing(m) ? invalid(MEMBERSHIP_MESSAGES.alreadyMonthly) : success(undefined);
}

/** Only a renewing monthly membership has a card to update. */
export function mayUpdateCard(db: Db, userId: number): Result<void> {
  const m = findMembership(db, userId);
  return m && isRenewing(m) ? success(undefined) : invalid(MEMBERSHIP_MESSAGES.nothingToUpdate);
}

/** monthly or pending-change -> canceled: premium until end_date, no renewal. */
export function cancelMembership(db: Db, userId: number): Result<void> {
  const { changes } = db
    .prepare(
      `UPDATE subscriptions SET canceled = 1, change_amount = 1, next_amount_cents = NULL, schedule_start_date = NULL
        WHERE user_id = ? AND recurring = 1 AND NOT (canceled = 1 AND change_amount = 1)`,
    )
    .run(userId);
  return changes === 1 ? success(undefined) : invalid(MEMBERSHIP_MESSAGES.nothingToCancel);
}

/** monthly -> pending-change: the new monthly amount (USD, within the bounds) is charged from the next renewal on. */
export function changeMonthlyAmount(db: Db, user: UserRow, change: { currency: string; amount: number }): Result<void> {
  const m = findMembership(db, user.id);
  if (user.type !== 1 || !m || !isRenewing(m)) return invalid(MEMBERSHIP_MESSAGES.onlyMonthlyChange);
  if (membershipState(m) === 'pending-change') return invalid(MEMBERSHIP_MESSAGES.changePending);
  if (change.currency !== 'USD') return invalid('currency: must be USD');
  const cents = monthlyAmountCents(change.amount);
  if (!cents.ok) return cents;
  if (cents.value === m.current_amount_cents) return invalid(MEMBERSHIP_MESSAGES.sameAmount);
  const { changes } = db
    .prepare(
      `UPDATE subscriptions SET canceled = 1, change_amount = 0, next_amount_cents = ?, schedule_start_date = end_date
        WHERE user_id = ? AND recurring = 1 AND canceled = 0`,
    )
    .run(cents.value, user.id);
  return changes === 1 ? success(undefined) : invalid(MEMBERSHIP_MESSAGES.changePending);
}
