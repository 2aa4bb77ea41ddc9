// Random bearer and one-time tokens. Only the sha256 of a token is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.js';

export type TokenKind = 'access' | 'verify' | 'reset' | 'app' | 'terms';

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  access: 2 * 60 * 60, // expires_in 7200
  verify: 24 * 60 * 60,
  reset: 60 * 60,
  app: 10 * 60,
  terms: 15 * 60, // the proof that lets a person accept the terms before their first sign-in
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token of that kind for the user and returns the plain token (shown once, never stored). */
export function issueToken(db: Db, kind: TokenKind, userId: number, now: Date): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO tokens (kind, token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    kind,
    hashToken(token),
    userId,
    now.toISOString(),
    new Date(now.getTime() + TOKEN_TTL_SECONDS[kind] * 1000).toISOString(),
  );
  return token;
}

interface TokenRow {
  id: number;
  user_id: number;
  /** when it was issued: for an access token, when the person signed in */
  created_at: string;
}

/** The live (unused, unexpired) token of that kind, or undefined. */
export function findLiveToken(db: Db, kind: TokenKind, token: string, now: Date): TokenRow | undefined {
  if (!token || token.length > 200) return undefined;
  return db
    .prepare(
      'SELECT id, user_id, created_at FROM tokens WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?',
    )
    .get(hashToken(token), kind, now.toISOString()) as TokenRow | undefined;
}

/**
 * Marks a one-time token used. Returns the owner's id, or undefined when the token is unknown,
 * expired or already used. The update is atomic, so two concurrent uses cannot both succeed.
 */
export function consumeToken(db: Db, kind: TokenKind, token: string, now: Date): number | undefined {
  const row = findLiveToken(db, kind, token, now);
  if (!row) return undefined;
  const { changes } = db
    .prepare('UPDATE tokens SET used_at = ? WHERE id = ? AND used_at IS NULL')
    .run(now.toISOString(), row.id);
  return changes === 1 ? row.user_id : undefined;
}

export function revokeUserTokens(db: Db, userId: number, kind: TokenKind, now: Date, exceptId?: number): void {
  db.prepare('UPDATE tokens SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL AND id IS NOT ?').run(
    now.toISOString(),
    userId,
    kind,
    exceptId ?? null,
  );
}

export function revokeToken(db: Db, id: number, now: Date): void {
  db.prepare('UPDATE tokens SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now.toISOString(), id);
}
