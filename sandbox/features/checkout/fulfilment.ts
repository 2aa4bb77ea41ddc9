// What a payment provider's webhook does in production: as soon as a session is paid, the server grants what it
// bought, exactly once (fulfilOnce), whether or not the person ever comes back to the portal's success page. Marking
// the session paid and granting happen in one transaction, so no crash can leave a payment paid and not granted; and
// on start the sandbox finishes any that an older version (which committed the two apart) left that way.
import { fulfilOnce, markPaid, type CheckoutSession } from './sessions.js';
import { grantCreditPurchase } from '../credits/purchases.js';
import type { Db } from '../../core/db.js';
import { faultPoint } from '../../core/faults.js';
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

/** Marks a session paid and grants what it bought, in one transaction, as the provider's webhook would. */
export function payAndFulfil(db: Db, sessionId: string, now: Date): void {
  db.transaction(() => {
    markPaid(db, sessionId, now);
    faultPoint('between-paid-and-grant');
    fulfilPaidSession(db, sessionId, now);
  }).immediate();
}

/**
 * Grants every payment that is paid but not granted yet (each once), e.g. in a database written by an older version
 * that was stopped between the two steps; the sandbox runs it on start. Returns how many it finished.
 */
export function finishPaidSessions(db: Db, now: Date): number {
  const ids = db.prepare("SELECT id FROM checkout_sessions WHERE status = 'paid' AND fulfilled_at IS NULL ORDER BY paid_at, id").pluck().all() as string[];
  for (const id of ids) fulfilPaidSession(db, id, now);
  return ids.length;
}
