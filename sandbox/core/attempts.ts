// Slowing of login, password-reset and newsletter requests, per email and per client IP, in a sliding window.
import type { Db } from './db.js';

export interface AttemptLimit {
  /** attempts allowed per email within the window (default 5) */
  perEmail: number;
  /** attempts allowed per IP within the window (default 20) */
  perIp: number;
  /** window length in ms (default 15 minutes) */
  windowMs: number;
}

export const DEFAULT_LIMIT: AttemptLimit = { perEmail: 5, perIp: 20, windowMs: 15 * 60 * 1000 };

export type AttemptKind = 'login' | 'forgot' | 'newsletter';

/**
 * Returns the number of seconds to wait when the limit is reached for this email or IP,
 * or 0 when another attempt is allowed.
 */
export function retryAfterSeconds(db: Db, limit: AttemptLimit, kind: AttemptKind, email: string, ip: string, now: Date): number {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  db.prepare('DELETE FROM login_attempts WHERE at <= ?').run(since);
  let waitUntil = 0;
  for (const [column, value, max] of [['email', email, limit.perEmail], ['ip', ip, limit.perIp]] as const) {
    const row = db
      .prepare(`SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_attempts WHERE kind = ? AND ${column} = ? AND at > ?`)
      .get(kind, value, since) as { n: number; oldest: string | null };
    if (row.n >= max && row.oldest) {
      waitUntil = Math.max(waitUntil, new Date(row.oldest).getTime() + limit.windowMs);
    }
  }
  return waitUntil ? Math.max(1, Math.ceil((waitUntil - now.getTime()) / 1000)) : 0;
}

export function recordAttempt(db: Db, kind: AttemptKind, email: string, ip: string, now: Date): void {
  db.prepare('INSERT INTO login_attempts (kind, email, ip, at) VALUES (?, ?, ?, ?)').run(kind, email, ip, now.toISOString());
}

export function clearAttempts(db: Db, kind: AttemptKind, email: string): void {
  db.prepare('DELETE FROM login_attempts WHERE kind = ? AND email = ?').run(kind, email);
}
