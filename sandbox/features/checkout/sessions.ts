// Hosted checkout sessions, generic over what is bought (credits, memberships, donations, payment updates):
// create (idempotent), look up (expiring lazily), move between states, fulfil once.
//
//   open --pay--> paid | refused | requires_action --authenticate--> paid | refused
//   donations: a declined card leaves the session open (requires_action --fail--> open), as Stripe Checkout does
//   open --cancel--> canceled;  open | requires_action --24 h--> expired
import { randomBytes } from 'node:crypto';
import type { Db } from '../../core/db.js';
import { failure, invalid, success, type Result } from '../../core/result.js';
import { EWALLET_METHODS, type SessionMethod } from './methods.js';

export type CheckoutKind = 'credit' | 'subscription' | 'donation' | 'update-payment';
export type CheckoutStatus = 'open' | 'requires_action' | 'paid' | 'refused' | 'canceled' | 'expired';

export interface CheckoutSession {
  id: string;
  /** null: an anonymous visitor (one-time gifts) */
  user_id: number | null;
  kind: CheckoutKind;
  method: SessionMethod;
  currency: string;
  amount_minor: number;
  description: string;
  /** kind-specific, parsed from JSON */
  payload: unknown;
  success_url: string;
  cancel_url: string;
  /** where a refused payment returns; null: success_url (the portal's confirm call shows the refusal) */
  failed_url: string | null;
  status: CheckoutStatus;
  result_message: string | null;
  idempotency_key: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  /** last 4 digits of the card entered on the checkout page (card sessions only) */
  card_last4: string | null;
}

/** Unpaid sessions expire this long after creation. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 200;
/** Replaced by the session id in success_url, cancel_url and failed_url, as Stripe does. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
const UNPAID: readonly CheckoutStatus[] = ['open', 'requires_action'];

export const CHECKOUT_MESSAGES = {
  notFound: 'Payment session not found.',
  notCompleted: 'This payment has not been completed.',
  expired: 'This payment session has expired.',
  paid: 'Payment successful.',
  pending: 'Your payment is waiting for authorisation.',
  canceled: 'The payment was canceled.',
  idempotencyReused: 'Idempotency-Key: was already used for a different payment',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  ewalletFailed: 'The e-wallet payment failed.',
} as const;

type SessionRow = Omit<CheckoutSession, 'payload'> & { payload: string };

function fromRow(row: SessionRow): CheckoutSession {
  return { ...row, payload: JSON.parse(row.payload) as unknown };
}

// ---- inputs ----

/** A return URL the session may send the browser to: absolute http(s), no credentials, on one of these origins. */
export function isReturnUrl(raw: string, origins: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && origins.has(url.origin)
  );
}

// ---- create and look up ----

export interface NewCheckoutSession {
  /** null: an anonymous visitor (only donations allow it) */
  userId: number | null;
  kind: CheckoutKind;
  method: SessionMethod;
  currency: string;
  amountMinor: number;
  description: string;
  payload: unknown;
  /** on the portal (see isReturnUrl); may contain {CHECKOUT_SESSION_ID} */
  successUrl: string;
  cancelUrl: string;
  /** on the portal too; where a refused payment returns (default: successUrl) */
  failedUrl?: string | null;
  idempotencyKey?: string | null;
}

function withSessionId(url: string, id: string): string;
function withSessionId(url: string | null | undefined, id: string): string | null;
function withSessionId(url: string | null | undefined, id: string): string | null {
  return url ? new URL(url.split(SESSION_ID_PLACEHOLDER).join(id)).href : null;
}

/**
 * Creates an open session. With an idempotency key already used by this person, answers that session
 * instead (a failure when it was for a different payment).
 */
export function createCheckoutSession(db: Db, now: Date, input: NewCheckoutSession): Result<CheckoutSession> {
  const payload = JSON.stringify(input.payload ?? {});
  return db
    .transaction((): Result<CheckoutSession> => {
      if (input.idempotencyKey) {
        const row = db
          .prepare('SELECT * FROM checkout_sessions WHERE user_id IS ? AND idempotency_key = ?')
          .get(input.userId, input.idempotencyKey) as SessionRow | undefined;
        if (row) {
          const same =
            row.kind === input.kind &&
            row.method === input.method &&
            row.currency === input.currency &&
            row.amount_minor === input.amountMinor &&
            row.payload === payload &&
            row.success_url === withSessionId(input.successUrl, row.id) &&
            row.cancel_url === withSessionId(input.cancelUrl, row.id) &&
            row.failed_url === withSessionId(input.failedUrl, row.id);
          return same ? success(fromRow(row)) : invalid(CHECKOUT_MESSAGES.idempotencyReused);
        }
      }
      const id = `cs_${randomBytes(24).toString('base64url')}`;
      db.prepare(
        `INSERT INTO checkout_sessions
         (id, user_id, kind, method, currency, amount_minor, description, payload, success_url, cancel_url, failed_url, idempotency_key, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        input.userId,
        input.kind,
        input.method,
        input.currency,
        input.amountMinor,
        input.description,
        payload,
        withSessionId(input.successUrl, id),
        withSessionId(input.cancelUrl, id),
        withSessionId(input.failedUrl, id),
        input.idempotencyKey ?? null,
        now.toISOString(),
        new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      );
      return success(fromRow(db.prepare('SELECT * FROM checkout_sessions WHERE id = ?').get(id) as SessionRow));
    })
    .immediate();
}

/** The session (an unpaid one past its time is marked expired first), or undefined. */
export function findSession(db: Db, id: string, now: Date): CheckoutSession | undefined {
  if (!id || id.length > 100) return undefined;
  db.prepare(
    `UPDATE checkout_sessions SET status = 'expired' WHERE id = ? AND status IN ('open', 'requires_action') AND expires_at <= ?`,
  ).run(id, now.toISOString());
  const row = db.prepare('SELECT * FROM checkout_sessions WHERE id = ?').get(id) as SessionRow | undefined;
  return row && fromRow(row);
}

/** The owner of a session that must have one (everything but anonymous gifts). */
export function ownerId(session: Pick<CheckoutSession, 'id' | 'user_id'>): number {
  if (session.user_id === null) throw new Error(`session ${session.id} has no owner`);
  return session.user_id;
}

/** The person's own session of that kind; anyone else's, or an unknown id, is not found. */
export function findOwnSession(
  db: Db,
  id: string,
  userId: number,
  kind: CheckoutKind,
  now: Date,
): Result<CheckoutSession> {
  const session = findSession(db, id, now);
  return session && session.user_id === userId && session.kind === kind
    ? success(session)
    : failure('not-found', CHECKOUT_MESSAGES.notFound);
}

// ---- state changes (each only from the states it allows, and never after expiry) ----

function transition(
  db: Db,
  id: string,
  from: readonly CheckoutStatus[],
  to: CheckoutStatus,
  now: Date,
  message: string | null = null,
): boolean {
  const at = now.toISOString();
  const { changes } = db
    .prepare(
      `UPDATE checkout_sessions
          SET status = ?, result_message = ?, paid_at = CASE WHEN ? = 'paid' THEN ? ELSE paid_at END
        WHERE id = ? AND status IN (${from.map(() => '?').join(', ')}) AND expires_at > ?`,
    )
    .run(to, message, to, at, id, ...from, at);
  return changes === 1;
}

export const markPaid = (db: Db, id: string, now: Date) => transition(db, id, UNPAID, 'paid', now);
export const markRefused = (db: Db, id: string, message: string, now: Date) =>
  transition(db, id, UNPAID, 'refused', now, message);
export const markRequiresAction = (db: Db, id: string, now: Date) =>
  transition(db, id, ['open'], 'requires_action', now);
export const markCanceled = (db: Db, id: string, now: Date) => transition(db, id, ['open'], 'canceled', now);
/** A failed authentication of a session that stays payable (donations, as Stripe Checkout does): back to open. */
export const markReopened = (db: Db, id: string, now: Date) => transition(db, id, ['requires_action'], 'open', now);

/** Remembers the last 4 digits of the card entered for an open session (what the provider would keep). */
export function recordCard(db: Db, id: string, last4: string): void {
  db.prepare("UPDATE checkout_sessions SET card_last4 = ? WHERE id = ? AND status = 'open'").run(last4, id);
}

/** Where the browser goes after a refused payment. */
export function failureUrl(session: Pick<CheckoutSession, 'success_url' | 'failed_url'>): string {
  return session.failed_url ?? session.success_url;
}

/**
 * Runs `grant` for a paid session exactly once, in one transaction with marking it fulfilled.
 * Returns true when it ran now, false when the session is not paid or was fulfilled before.
 */
export function fulfilOnce(db: Db, sessionId: string, now: Date, grant: (session: CheckoutSession) => void): boolean {
  return db
    .transaction(() => {
      const row = db.prepare('SELECT * FROM checkout_sessions WHERE id = ?').get(sessionId) as SessionRow | undefined;
      if (!row || row.status !== 'paid' || row.fulfilled_at) return false;
      grant(fromRow(row));
      const { changes } = db
        .prepare('UPDATE checkout_sessions SET fulfilled_at = ? WHERE id = ? AND fulfilled_at IS NULL')
        .run(now.toISOString(), sessionId);
      if (changes !== 1) throw new Error(`session ${sessionId} was fulfilled concurrently`);
      return true;
    })
    .immediate();
}

// ---- answers ----

export function isEwallet(session: Pick<CheckoutSession, 'method'>): boolean {
  return EWALLET_METHODS.has(session.method);
}

/** Where the browser pays, on the portal's origin: the sandbox's Stripe-like checkout, or its PayMongo-like page for e-wallets. */
export function checkoutUrl(portalUrl: string, session: Pick<CheckoutSession, 'id' | 'method'>): string {
  return `${new URL(portalUrl).origin}/sandbox/${isEwallet(session) ? 'paymongo' : 'checkout'}/${encodeURIComponent(session.id)}`;
}

export type ResultCode = 'Authorised' | 'Pending' | 'Refused' | 'Cancelled';

/**
 * The payment result of a session, as the confirm calls answer it. A session never paid fails (an e-wallet session not
 * yet authorised is Pending instead), and so does an expired one.
 */
export function paymentResult(session: CheckoutSession): Result<{ result_code: ResultCode; message: string }> {
  switch (session.status) {
    case 'paid':
      return success({ result_code: 'Authorised', message: CHECKOUT_MESSAGES.paid });
    case 'requires_action':
      return success({ result_code: 'Pending', message: CHECKOUT_MESSAGES.pending });
    case 'refused':
      return success({ result_code: 'Refused', message: session.result_message ?? 'The payment was refused.' });
    case 'canceled':
      return success({ result_code: 'Cancelled', message: CHECKOUT_MESSAGES.canceled });
    case 'expired':
      return invalid(CHECKOUT_MESSAGES.expired);
    case 'open':
      return isEwallet(session)
        ? success({ result_code: 'Pending', message: CHECKOUT_MESSAGES.pending })
        : invalid(CHECKOUT_MESSAGES.notCompleted);
  }
}
