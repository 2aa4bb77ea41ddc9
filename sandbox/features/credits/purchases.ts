// Fulfilling a paid credit session: credits for oneself, or a gift code for someone else; one history row.
import type { Grants } from '../checkout/fulfilment.js';
import { ownerId, type CheckoutSession } from '../checkout/sessions.js';
import type { Db } from '../../core/db.js';
import type { SessionMethod } from '../checkout/methods.js';
import { createRedemptionCode } from './redemption-codes.js';

/** What a credit session's payload holds. */
export interface CreditPayload {
  identifier: string;
  credits: number;
  /** 1 self, 2 someone else (a redemption code) */
  purchasefor: 1 | 2;
}

/** A row of the credit history, as stored. */
export interface CreditTransactionRow {
  id: number;
  user_id: number;
  trx_ref: string;
  created_at: string;
  purchase_channel: 'card' | 'wechat' | 'gcash' | 'grab_pay' | 'apple_pay';
  amount_credit: number;
  final_currency: string;
  final_amount_minor: number;
  redemption_code: string | null;
  session_id: string;
}

const CHANNEL: Readonly<Record<SessionMethod, CreditTransactionRow['purchase_channel']>> = {
  credit_card: 'card',
  wechat: 'wechat',
  gcash: 'gcash',
  grab_pay: 'grab_pay',
  apple_pay: 'apple_pay',
};

type PaidCreditSession = Pick<CheckoutSession, 'id' | 'user_id' | 'method' | 'currency' | 'amount_minor' | 'payload'>;

/**
 * The history row of a paid credit session, with the gift code it bought when it was for someone else. Returns the
 * credits for the buyer's own balance (0 for a gift code). The seed records past purchases with it too.
 */
export function recordCreditPurchase(db: Db, session: PaidCreditSession, at: Date): number {
  const { credits, purchasefor } = session.payload as CreditPayload;
  if (!Number.isSafeInteger(credits) || credits <= 0) throw new Error(`session ${session.id} has no credits to grant`);
  const userId = ownerId(session);
  const code = purchasefor === 2 ? createRedemptionCode(db, userId, credits, at) : null;
  db.prepare(
    `INSERT INTO credit_transactions
       (user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, redemption_code, session_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    session.id,
    at.toISOString(),
    CHANNEL[session.method],
    credits,
    session.currency,
    session.amount_minor,
    code,
    session.id,
  );
  return code ? 0 : credits;
}

/**
 * Grants what a paid credit session bought. Call only through `fulfilOnce` (one transaction); the
 * UNIQUE session_id of the history row refuses a second grant even if it were called twice.
 */
export function grantCreditPurchase(db: Db, session: CheckoutSession, now: Date): void {
  const credits = recordCreditPurchase(db, session, now);
  if (credits > 0)
    db.prepare('UPDATE users SET credit_balance = credit_balance + ? WHERE id = ?').run(credits, ownerId(session));
}

/** What credit sessions grant once paid (checkout/fulfilment.ts). */
export const CREDIT_GRANTS: Grants = { credit: grantCreditPurchase };

/** What a checkout session for credits says it is for. */
export function creditDescription(credits: number, purchasefor: 1 | 2): string {
  return `${credits} Credits${purchasefor === 2 ? ' (gift code)' : ''}`;
}

/** What a granted credit purchase answers besides its result: the buyer's balance now, and the gift code it bought. */
export function purchaseOutcome(db: Db, sessionId: string): { credit_balance: number; redemption_code?: string } {
  const purchase = db.prepare('SELECT * FROM credit_transactions WHERE session_id = ?').get(sessionId) as
    CreditTransactionRow | undefined;
  if (!purchase) throw new Error(`paid session ${sessionId} has no credit transaction`);
  const balance = db.prepare('SELECT credit_balance FROM users WHERE id = ?').pluck().get(purchase.user_id) as number;
  return {
    credit_balance: balance,
    ...(purchase.redemption_code ? { redemption_code: purchase.redemption_code } : {}),
  };
}
