// The seeded people's history (listed in sandbox/README.md): credit purchases, content purchases and gifts.
// Dates are relative to the first start, so the history always lies in the past.
import { addMonths, DAY_MS, daysBefore } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { createCheckoutSession, fulfilOnce, markPaid, recordCard } from '../features/checkout/sessions.js';
import { creditDescription, recordCreditPurchase } from '../features/credits/purchases.js';
import { recordGift } from '../features/donations/gifts.js';
import { recordContentPurchase } from '../features/history/catalogue.js';

type Method = 'credit_card' | 'wechat' | 'gcash' | 'grab_pay';

interface PastCreditPurchase {
  userId: number;
  at: Date;
  credits: number;
  currency: string;
  amountMinor: number;
  method: Method;
  /** 2: bought as a gift code */
  purchasefor: 1 | 2;
}

/** A credit purchase paid and fulfilled in the past, as the checkout makes one (the balance is seeded separately). */
function pastCreditPurchase(db: Db, p: PastCreditPurchase): void {
  const created = createCheckoutSession(db, p.at, {
    userId: p.userId,
    kind: 'credit',
    method: p.method,
    currency: p.currency,
    amountMinor: p.amountMinor,
    description: creditDescription(p.credits, p.purchasefor),
    payload: {
      identifier: `credits_${p.credits}${p.currency === 'PHP' ? '_ph' : ''}`,
      credits: p.credits,
      purchasefor: p.purchasefor,
    },
    successUrl: 'http://localhost/',
    cancelUrl: 'http://localhost/',
  });
  if (!created.ok) throw new Error(created.message);
  const { id } = created.value;
  if (p.method === 'credit_card') recordCard(db, id, '4242');
  markPaid(db, id, p.at);
  fulfilOnce(db, id, p.at, (session) => recordCreditPurchase(db, session, p.at));
}

/** A gift in dollars by card, given in the past (its mission's total counts it). */
function pastGift(db: Db, userId: number, missionId: number, dollars: number, recurring: 0 | 1, chargedAt: Date): void {
  recordGift(db, {
    userId,
    missionId,
    sessionId: null,
    amountMinor: dollars * 100,
    currency: 'USD',
    recurring,
    chargedAt,
  });
}

const userId = (db: Db, email: string) =>
  db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number | undefined;

/** Credit packs cycled through Grace's 25 purchases. */
const PACKS = [100, 50, 250, 100, 500, 50, 1000, 100, 250] as const;

export function seedHistory(db: Db, now: Date): void {
  const grace = userId(db, 'listener@example.org');
  if (grace !== undefined) {
    // 25 credit purchases, about every 8 days back: two pages at 20 a page.
    for (let i = 0; i < 25; i++) {
      const credits = PACKS[i % PACKS.length]!;
      pastCreditPurchase(db, {
        userId: grace,
        at: daysBefore(now, 3 + i * 8 + (i % 3) / 4),
        credits,
        currency: 'USD',
        amountMinor: credits * 10,
        method: i % 7 === 3 ? 'wechat' : 'credit_card',
        purchasefor: i % 6 === 5 ? 2 : 1,
      });
    }
    // An album of five songs and two singles.
    recordContentPurchase(db, { userId: grace, albumId: 1, credits: 40, at: daysBefore(now, 41) });
    recordContentPurchase(db, { userId: grace, songId: 6, credits: 10, at: daysBefore(now, 22) });
    recordContentPurchase(db, { userId: grace, songId: 7, credits: 10, at: daysBefore(now, 9) });
    // A one-time gift, a monthly gift that ran two months and was canceled, another one-time gift. No monthly gift now.
    pastGift(db, grace, 1, 25, 0, daysBefore(now, 120));
    const started = addMonths(daysBefore(now, 20), -3);
    pastGift(db, grace, 2, 10, 1, started);
    pastGift(db, grace, 2, 10, 1, addMonths(started, 1));
    db.prepare(
      `INSERT INTO donation_subscriptions (user_id, mission_id, amount_minor, currency, next_donation_at, created_at, canceled_at)
       VALUES (?, 2, 1000, 'USD', ?, ?, ?)`,
    ).run(
      grace,
      addMonths(started, 2).toISOString(),
      started.toISOString(),
      new Date(addMonths(started, 1).getTime() + 5 * DAY_MS).toISOString(),
    );
    pastGift(db, grace, 3, 30, 0, daysBefore(now, 12));
  }

  const paul = userId(db, 'partner@example.org');
  if (paul !== undefined) {
    for (const [days, credits] of [
      [15, 100],
      [47, 250],
      [80, 50],
    ] as const) {
      pastCreditPurchase(db, {
        userId: paul,
        at: daysBefore(now, days),
        credits,
        currency: 'USD',
        amountMinor: credits * 10,
        method: 'credit_card',
        purchasefor: 1,
      });
    }
    recordContentPurchase(db, { userId: paul, songId: 8, credits: 10, at: daysBefore(now, 30) });
    // A running monthly gift of $5 to mission 3, next charged in about 20 days.
    const since = daysBefore(now, 10);
    pastGift(db, paul, 3, 5, 1, since);
    db.prepare(
      `INSERT INTO donation_subscriptions (user_id, mission_id, amount_minor, currency, next_donation_at, created_at)
       VALUES (?, 3, 500, 'USD', ?, ?)`,
    ).run(paul, addMonths(since, 1).toISOString(), since.toISOString());
  }

  const maria = userId(db, 'manila@example.org');
  if (maria !== undefined) {
    pastCreditPurchase(db, {
      userId: maria,
      at: daysBefore(now, 6),
      credits: 100,
      currency: 'PHP',
      amountMinor: 580_00,
      method: 'gcash',
      purchasefor: 1,
    });
    pastCreditPurchase(db, {
      userId: maria,
      at: daysBefore(now, 33),
      credits: 50,
      currency: 'PHP',
      amountMinor: 290_00,
      method: 'grab_pay',
      purchasefor: 2,
    });
    recordContentPurchase(db, { userId: maria, songId: 6, credits: 10, at: daysBefore(now, 18) });
    pastGift(db, maria, 2, 20, 0, daysBefore(now, 25));
  }
}
