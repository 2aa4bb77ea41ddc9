// What a payment provider's webhook does in production: as soon as a session is paid, the server
// grants what it bought, exactly once (fulfilOnce), whether or not the person ever comes back to
// the portal's success page. The confirm call then only reports the result.
import { fulfilOnce, markPaid, type CheckoutSession } from './sessions.js';
import { grantCreditPurchase } from '../credits/purchases.js';
import type { Db } from '../../core/db.js';
import { grantDonation } from '../donations/gifts.js';
import { grantCardUpdate, grantMembership } from '../subscriptions/memberships.js';

type Grant = (db: Db, session: CheckoutSession, now: Date) => void;

/** What each kind of session grants once paid. */
const GRANTS: Partial<Record<string, Grant>> = {
  credit: grantCreditPurchase,
  subscription: grantMembership,
  'update-payment': grantCardUpdate,
  donation: grantDonation,
};

export function fulfilPaidSession(db: Db, sessionId: string, now: Date): void {
  fulfilOnce(db, sessionId, now, (s) => {
    const grant = GRANTS[s.kind];
    if (grant) grant(db, s, now);
  });
}

/** Marks a session paid and fulfils it at once, as the provider's webhook would. */
export function payAndFulfil(db: Db, sessionId: string, now: Date): void {
  markPaid(db, sessionId, now);
  fulfilPaidSession(db, sessionId, now);
}
