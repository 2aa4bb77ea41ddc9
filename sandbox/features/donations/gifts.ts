// Gifts to missions: the donation plan, the server's bounds, granting a paid session, monthly gifts and their renewals.
//
//   donation_gifts          one row per charge (checkout gifts, monthly renewals); the mission's total rises with each
//   donation_subscriptions  a person's monthly gift to a mission; at most one active per person and mission
import { randomBytes } from 'node:crypto';
import { addMonths } from '../../core/clock.js';
import type { Db } from '../../core/db.js';
import { precisionRule, toMinorExact } from '../../../shared/format/money.js';
import { formatMoney } from '../../core/money.js';
import { invalid, success, type Result } from '../../core/result.js';
import type { Grants } from '../checkout/fulfilment.js';
import { ownerId, type CheckoutSession } from '../checkout/sessions.js';
import { countryTerms } from '../checkout/methods.js';
import { findMission } from './missions.js';

export const DONATION_IDENTIFIER = 'donation';
export const DONATION_CURRENCY = 'USD';
/** Suggested gift in dollars (where the portal's slider starts). */
export const DEFAULT_GIFT = 10;
export const MIN_GIFT_CENTS = 1_00;
export const MAX_GIFT_CENTS = 100_00;
/** frequency ids: 1 one-time, 2 monthly */
export const FREQUENCIES = [
  { id: 1, name: 'One-time' },
  { id: 2, name: 'Monthly' },
] as const;

export const DONATION_MESSAGES = {
  unknownPlan: 'identifier: unknown donation plan',
  currency: `currency: must be ${DONATION_CURRENCY}`,
  frequency: 'frequency: does not match recurring (one-time is 1, monthly is 2)',
  bounds: `amount: must be between ${formatMoney(MIN_GIFT_CENTS, 'USD')} and ${formatMoney(MAX_GIFT_CENTS, 'USD')}`,
  decimals: `amount: ${precisionRule('USD')}`,
  signInForMonthly: 'Sign in to give monthly.',
  missionNotFound: 'Mission not found.',
  alreadyDonated: 'You are already donated this projects',
  canceled: 'Cancel donation success.',
  nothingToCancel: 'There is no monthly donation to cancel.',
} as const;

/** The donation plan of a country: the US one for every country but PH. */
export function donationPlans(countryCode: string | null) {
  const p = countryTerms(countryCode);
  return [
    {
      country: p.country,
      currency: DONATION_CURRENCY,
      identifier: DONATION_IDENTIFIER,
      price: DEFAULT_GIFT,
      frequency: FREQUENCIES.map((f) => ({ ...f })),
      user_currency: p.user_currency,
      rate: p.rate,
    },
  ];
}

/** A gift amount in dollars -> cents, within $1..$100 and 2 decimals. */
export function giftAmountCents(amount: number): Result<number> {
  if (!Number.isFinite(amount) || amount * 100 < MIN_GIFT_CENTS || amount * 100 > MAX_GIFT_CENTS)
    return invalid(DONATION_MESSAGES.bounds);
  const cents = toMinorExact(amount, DONATION_CURRENCY);
  return cents === null ? invalid(DONATION_MESSAGES.decimals) : success(cents);
}

export function giftDescription(organization: string, recurring: 0 | 1, cents: number): string {
  const amount = formatMoney(cents, DONATION_CURRENCY);
  return recurring === 1
    ? `Gift to ${organization}, monthly at ${amount}`
    : `Gift to ${organization}, one-time ${amount}`;
}

/** What a donation checkout session's payload holds. */
export interface DonationPayload {
  mission_id: number;
  recurring: 0 | 1;
}

// ---- fees ----

/** The card provider's fee on a gift: 2.9% + 30 cents, rounded to the cent. */
export function billingFeeMinor(amountMinor: number): number {
  return Math.round(amountMinor * 0.029 + 30);
}

// ---- gifts ----

export interface NewGift {
  userId: number | null;
  missionId: number;
  sessionId: string | null;
  /** default: the session id, else a new 'ch_…' */
  chargeId?: string;
  amountMinor: number;
  currency: string;
  recurring: 0 | 1;
  chargedAt: Date;
}

export const newChargeId = () => `ch_${randomBytes(12).toString('base64url')}`;

/** Records one charge and raises the mission's total by its amount. Call inside a transaction. */
export function recordGift(db: Db, g: NewGift): void {
  const billing = billingFeeMinor(g.amountMinor);
  const fee = 0;
  db.prepare(
    `INSERT INTO donation_gifts
       (user_id, mission_id, session_id, stripe_charge_id, amount_minor, currency, recurring, charged_at, billing_fee_minor, fee_minor, net_minor)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    g.userId,
    g.missionId,
    g.sessionId,
    g.chargeId ?? g.sessionId ?? newChargeId(),
    g.amountMinor,
    g.currency,
    g.recurring,
    g.chargedAt.toISOString(),
    billing,
    fee,
    g.amountMinor - billing - fee,
  );
  db.prepare('UPDATE missions SET total_donation_minor = total_donation_minor + ? WHERE id = ?').run(
    g.amountMinor,
    g.missionId,
  );
}

// ---- monthly gifts ----

export interface DonationSubscriptionRow {
  id: number;
  user_id: number;
  mission_id: number;
  amount_minor: number;
  currency: string;
  next_donation_at: string;
  created_at: string;
  canceled_at: string | null;
}

export function activeMonthlyGift(db: Db, userId: number, missionId: number): DonationSubscriptionRow | undefined {
  return db
    .prepare('SELECT * FROM donation_subscriptions WHERE user_id = ? AND mission_id = ? AND canceled_at IS NULL')
    .get(userId, missionId) as DonationSubscriptionRow | undefined;
}

/** Ends the person's monthly gift to the mission; false when there is none. */
export function cancelMonthlyGift(db: Db, userId: number, missionId: number, now: Date): boolean {
  const { changes } = db
    .prepare(
      'UPDATE donation_subscriptions SET canceled_at = ? WHERE user_id = ? AND mission_id = ? AND canceled_at IS NULL',
    )
    .run(now.toISOString(), userId, missionId);
  return changes === 1;
}

/** The monthly gift's next charge moves a month on. */
function postpone(db: Db, gift: DonationSubscriptionRow): void {
  db.prepare('UPDATE donation_subscriptions SET next_donation_at = ? WHERE id = ?').run(
    addMonths(new Date(gift.next_donation_at), 1).toISOString(),
    gift.id,
  );
}

/**
 * Charges every monthly gift that fell due by `now`, in date order (several times when months passed): one gift row
 * each, the mission's total rises, the next date moves a month on. A gift to a mission that has closed ends instead.
 * Returns the number of renewals.
 */
export function settleDueDonations(db: Db, now: Date): number {
  const at = now.toISOString();
  const nextDue = db.prepare(
    'SELECT * FROM donation_subscriptions WHERE canceled_at IS NULL AND next_donation_at <= ? ORDER BY next_donation_at, id LIMIT 1',
  );
  return db
    .transaction(() => {
      let renewals = 0;
      for (
        let s = nextDue.get(at) as DonationSubscriptionRow | undefined;
        s;
        s = nextDue.get(at) as DonationSubscriptionRow | undefined
      ) {
        if (findMission(db, s.mission_id)?.active !== 1) {
          db.prepare('UPDATE donation_subscriptions SET canceled_at = ? WHERE id = ?').run(s.next_donation_at, s.id);
          continue;
        }
        recordGift(db, {
          userId: s.user_id,
          missionId: s.mission_id,
          sessionId: null,
          amountMinor: s.amount_minor,
          currency: s.currency,
          recurring: 1,
          chargedAt: new Date(s.next_donation_at),
        });
        postpone(db, s);
        renewals++;
      }
      return renewals;
    })
    .immediate();
}

// ---- granting a paid session (through fulfilOnce only) ----

/**
 * A paid 'donation' session: one gift row (UNIQUE session_id: never twice) and the mission's total rises; a monthly
 * gift starts, next charged one month later. Two monthly sessions paid in a race: the second gift pays the next
 * month (the running gift's next date moves a month on), so nothing is charged twice for the same month.
 */
export function grantDonation(db: Db, session: CheckoutSession, now: Date): void {
  const p = session.payload as DonationPayload;
  if (!Number.isSafeInteger(p.mission_id) || !findMission(db, p.mission_id) || session.amount_minor <= 0) {
    throw new Error(`session ${session.id} has no gift to grant`);
  }
  recordGift(db, {
    userId: session.user_id,
    missionId: p.mission_id,
    sessionId: session.id,
    amountMinor: session.amount_minor,
    currency: session.currency,
    recurring: p.recurring,
    chargedAt: now,
  });
  if (p.recurring !== 1) return;
  const userId = ownerId(session);
  const running = activeMonthlyGift(db, userId, p.mission_id);
  if (running) return postpone(db, running);
  db.prepare(
    `INSERT INTO donation_subscriptions (user_id, mission_id, amount_minor, currency, next_donation_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    p.mission_id,
    session.amount_minor,
    session.currency,
    addMonths(now, 1).toISOString(),
    now.toISOString(),
  );
}

/** What donation sessions grant once paid (checkout/fulfilment.ts). */
export const DONATION_GRANTS: Grants = { donation: grantDonation };
