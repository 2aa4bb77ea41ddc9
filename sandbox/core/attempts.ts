// Slowing of requests an attacker would repeat, per address and per client, in a sliding window.
//
// Password checks (sign-in, and the current password of a password change) are counted per email *and* client, so
// failures from one client never stop the owner signing in from theirs; the attempt is counted before the password is
// checked, in one synchronous transaction, so requests arriving at once cannot all slip under the limit. A success
// clears that email's failures from that client, and they still count towards the client's own limit over all emails.
//
// Requests that send mail or create tokens (reset links, registrations, verification emails, newsletter sign-ups)
// count every request, per email (any client) and per client.
import type { Db } from './db.js';

export interface AttemptLimit {
  /** attempts allowed per email within the window (password checks: per email and client; default 5) */
  perEmail: number;
  /** attempts allowed per client within the window, over all emails (default 20) */
  perIp: number;
  /** window length in ms (default 15 minutes) */
  windowMs: number;
}

export const DEFAULT_LIMIT: AttemptLimit = { perEmail: 5, perIp: 20, windowMs: 15 * 60 * 1000 };

/** What is counted: password checks, and the requests that send mail or make tokens. */
export type AttemptKind = 'login' | 'forgot' | 'newsletter' | 'register' | 'resend';

/**
 * Registrations from one client: more than other requests, since a school or an office shares one address and signs
 * up many people; still bounded, as each one costs a password hash and an email.
 */
export const REGISTER_PER_IP = 60;

/** The limits of a kind: registrations allow more per client (see REGISTER_PER_IP). */
export function limitFor(kind: AttemptKind, limit: AttemptLimit): AttemptLimit {
  return kind === 'register' ? { ...limit, perIp: Math.max(limit.perIp, REGISTER_PER_IP) } : limit;
}

/** A counted attempt; `wait` > 0 (seconds) when it was refused and not counted. */
export type Counted = { wait: 0; id: number } | { wait: number; id: null };

function secondsUntil(oldest: string | null, limit: AttemptLimit, now: Date): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + limit.windowMs - now.getTime()) / 1000));
}

/**
 * Counts one attempt of `kind` for `email` from `ip`, unless the limit is reached: then nothing is counted and the
 * answer says how many seconds to wait. Check and count run in one transaction.
 */
export function countAttempt(
  db: Db,
  limit: AttemptLimit,
  kind: AttemptKind,
  email: string,
  ip: string,
  now: Date,
): Counted {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  return db
    .transaction((): Counted => {
      db.prepare('DELETE FROM login_attempts WHERE at <= ?').run(since);
      // Password checks: per email and client (cleared after a success); the others: per email from anyone.
      const perEmail = (
        kind === 'login'
          ? db
              .prepare(
                'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_attempts WHERE kind = ? AND email = ? AND ip = ? AND cleared = 0',
              )
              .get(kind, email, ip)
          : db
              .prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_attempts WHERE kind = ? AND email = ?')
              .get(kind, email)
      ) as { n: number; oldest: string | null };
      const perIp = db
        .prepare('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_attempts WHERE kind = ? AND ip = ?')
        .get(kind, ip) as { n: number; oldest: string | null };
      let wait = 0;
      if (perEmail.n >= limit.perEmail) wait = Math.max(wait, secondsUntil(perEmail.oldest, limit, now));
      if (perIp.n >= limit.perIp) wait = Math.max(wait, secondsUntil(perIp.oldest, limit, now));
      if (wait > 0) return { wait, id: null };
      const { lastInsertRowid } = db
        .prepare('INSERT INTO login_attempts (kind, email, ip, at) VALUES (?, ?, ?, ?)')
        .run(kind, email, ip, now.toISOString());
      return { wait: 0, id: Number(lastInsertRowid) };
    })
    .immediate();
}

/** A counted attempt that did not happen after all (the server was too busy to check it): it no longer counts. */
export function forgetAttempt(db: Db, id: number): void {
  db.prepare('DELETE FROM login_attempts WHERE id = ?').run(id);
}

/**
 * A password check that succeeded: it does not count, and this email's earlier failures from this client stop
 * counting for the email (they still count for the client's own limit).
 */
export function passwordAccepted(db: Db, id: number, email: string, ip: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM login_attempts WHERE id = ?').run(id);
    db.prepare("UPDATE login_attempts SET cleared = 1 WHERE kind = 'login' AND email = ? AND ip = ?").run(email, ip);
  })();
}
