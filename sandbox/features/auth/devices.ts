// Device proofs (OWASP's "device cookies"): a sign-in with the right password answers a proof that names the account
// and this browser; the browser sends it back with its later sign-ins to that account, and keeps an allowance of its
// own there while unknown clients have used up the account's cap (core/attempts.ts). The proof is
// `<random id>.<HMAC-SHA256 of email and id>`, keyed per database (meta.device_proof_key); a proof for another account,
// or forged, is no proof. Each proof's id is kept (device_proofs, never the HMAC) so that it can be listed and ended:
// a reset, a password change and "sign out everywhere" end every proof of the account, and an ended one is no proof.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../core/db.js';

function proofKey(db: Db): Buffer {
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('device_proof_key', ?)").run(
    randomBytes(32).toString('hex'),
  );
  return Buffer.from(
    db.prepare("SELECT value FROM meta WHERE key = 'device_proof_key'").pluck().get() as string,
    'hex',
  );
}

function signature(db: Db, email: string, id: string): Buffer {
  return createHmac('sha256', proofKey(db)).update(`device\n${email}\n${id}`, 'utf8').digest();
}

/** A new proof that this browser signed in to this account (kept until it is ended). */
export function issueDeviceProof(db: Db, user: { id: number; email: string }, now: Date): string {
  const id = randomBytes(16).toString('base64url');
  db.prepare('INSERT INTO device_proofs (id, user_id, created_at, last_used_at) VALUES (?, ?, ?, ?)').run(
    id,
    user.id,
    now.toISOString(),
    now.toISOString(),
  );
  return `${id}.${signature(db, user.email, id).toString('base64url')}`;
}

/**
 * The browser a proof names, when it is a live proof for this account (signed for its email, kept, not ended); null
 * for anything else.
 */
export function deviceOf(db: Db, email: string, proof: string | undefined): string | null {
  const m = proof ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(proof) : null;
  if (!m) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = signature(db, email, m[1]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const live = db
    .prepare(
      'SELECT 1 FROM device_proofs JOIN users ON users.id = device_proofs.user_id WHERE device_proofs.id = ? AND users.email = ? AND device_proofs.revoked_at IS NULL',
    )
    .get(m[1]!, email);
  return live ? m[1]! : null;
}

/** A proof was used again to sign in. */
export function deviceUsed(db: Db, id: string, now: Date): void {
  db.prepare('UPDATE device_proofs SET last_used_at = ? WHERE id = ?').run(now.toISOString(), id);
}

export interface DeviceRow {
  id: string;
  created_at: string;
  last_used_at: string;
}

/** The account's live proofs (the browsers that can sign in on their own allowance), most recently used first. */
export function listDevices(db: Db, userId: number): DeviceRow[] {
  return db
    .prepare(
      'SELECT id, created_at, last_used_at FROM device_proofs WHERE user_id = ? AND revoked_at IS NULL ORDER BY last_used_at DESC, id',
    )
    .all(userId) as DeviceRow[];
}

/** Ends one proof of the account (false when it has no such live proof), or all of them (`id` null). */
export function endDevices(db: Db, userId: number, id: string | null, now: Date): boolean {
  return (
    db
      .prepare(
        'UPDATE device_proofs SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND (? IS NULL OR id = ?)',
      )
      .run(now.toISOString(), userId, id, id).changes > 0
  );
}
