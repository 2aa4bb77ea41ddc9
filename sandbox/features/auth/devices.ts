// Device proofs (OWASP's "device cookies"): a sign-in with the right password answers a proof that names the account
// and this browser; the browser sends it back with its later sign-ins to that account, and keeps an allowance of its
// own there while unknown clients have used up the account's cap (core/attempts.ts). The proof is
// `<random id>.<HMAC-SHA256 of email and id>`, keyed per database (meta.device_proof_key): nothing is stored per browser,
// and a proof for another account, or forged, is no proof.
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

/** A new proof that this browser signed in to this account. */
export function issueDeviceProof(db: Db, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${signature(db, email, id).toString('base64url')}`;
}

/** The browser a proof names, when it is a proof for this account; null for anything else. */
export function deviceOf(db: Db, email: string, proof: string | undefined): string | null {
  const m = proof ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(proof) : null;
  if (!m) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = signature(db, email, m[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
}
