// What a payment provider's webhook does in production: as soon as a session is paid, the server grants what it
// bought, exactly once (fulfilOnce), whether or not the person ever comes back to the portal's success page. Marking
// the session paid and granting happen in one transaction, so no crash can leave a payment paid and not granted; and
// on start the sandbox finishes any that an older version (which committed the two apart) left that way.
//
// Checkout sells for the other features but knows none of them: each feature that sells says what its kinds grant
// (its Grants), and the caller passes them in (app.ts puts every feature's together for the hosted pages).
import { fulfilOnce, markPaid, type CheckoutKind, type CheckoutSession } from './sessions.js';
import type { Db } from '../../core/db.js';
import { faultPoint } from '../../core/faults.js';

export type Grant = (db: Db, session: CheckoutSession, now: Date) => void;

/** What each kind of session grants once paid. */
export type Grants = Readonly<Partial<Record<CheckoutKind, Grant>>>;

/**
 * Grants a paid session what it bought, once (a no-op when it is not paid or was granted before). A kind the table
 * does not name is a mistake of the caller's, not a sale that grants nothing: it throws, and nothing is marked.
 */
export function fulfilPaidSession(db: Db, sessionId: string, now: Date, grants: Grants): void {
  fulfilOnce(db, sessionId, now, (s) => {
    const grant = grants[s.kind];
    if (!grant) throw new Error(`No grant was given for a ${s.kind} session (${s.id}).`);
    grant(db, s, now);
  });
}

/** Marks a session paid and grants what it bought, in one transaction, as the provider's webhook would. */
export function payAndFulfil(db: Db, sessionId: string, now: Date, grants: Grants): void {
  db.transaction(() => {
    markPaid(db, sessionId, now);
    faultPoint('between-paid-and-grant');
    fulfilPaidSession(db, sessionId, now, grants);
  }).immediate();
}

/**
 * Grants every payment that is paid but not granted yet (each once), e.g. in a database written by an older version
 * that was stopped between the two steps; the sandbox runs it on start. Returns how many it finished.
 */
export function finishPaidSessions(db: Db, now: Date, grants: Grants): number {
  const ids = db
    .prepare("SELECT id FROM checkout_sessions WHERE status = 'paid' AND fulfilled_at IS NULL ORDER BY paid_at, id")
    .pluck()
    .all() as string[];
  for (const id of ids) fulfilPaidSession(db, id, now, grants);
  return ids.length;
}
