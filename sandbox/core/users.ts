// Users: lookups, creation, password changes, and bearer-token authentication.
import type { Db } from './db.js';
import { bearerToken, HttpError, UNAUTHENTICATED, type RequestContext } from './http.js';
import { findLiveToken } from './tokens.js';

export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  country_code: string | null;
  gender: 'None' | 'Male' | 'Female';
  phone_number: string;
  type: 0 | 1;
  credit_balance: number;
  role: 'listener' | 'artist' | 'admin';
  email_verified_at: string | null;
  joined_at: string;
  avatar: string | null;
  dob: string | null;
  bio: string | null;
  genre: string | null;
  /** set: blocked by an administrator (no sign-in, no session) */
  blocked_at: string | null;
  /** set: the account was deleted (personal data removed; the row stays for the money records) */
  deleted_at: string | null;
  terms_accepted_at: string | null;
}

export type Role = UserRow['role'];

export const ACCOUNT_MESSAGES = {
  blocked: 'This account is blocked. Contact support.',
  needsAdmin: 'This needs an administrator.',
} as const;

/** The error code of a refused sign-in (spec section 8: login, social login, mobile login). */
export const SIGN_IN_ERROR_CODE = 'ER-AUTH-02';

/** A blocked account may not sign in: 403 `This account is blocked. Contact support.` (ER-AUTH-02). */
export function assertMaySignIn(user: Pick<UserRow, 'blocked_at'>): void {
  if (user.blocked_at) throw new HttpError(403, ACCOUNT_MESSAGES.blocked, SIGN_IN_ERROR_CODE);
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim().toLowerCase()) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  country_code: string;
  gender: 'None' | 'Male' | 'Female';
  phone_number: string;
}

export function createUser(db: Db, user: NewUser, now: Date): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO users (first_name, last_name, email, password_hash, country_code, gender, phone_number, joined_at)
       VALUES (@first_name, @last_name, @email, @password_hash, @country_code, @gender, @phone_number, @joined_at)`,
    )
    .run({ ...user, email: user.email.toLowerCase(), joined_at: now.toISOString() });
  return Number(lastInsertRowid);
}

export function setPasswordHash(db: Db, userId: number, hash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}

export function markEmailVerified(db: Db, userId: number, now: Date): void {
  db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL').run(now.toISOString(), userId);
}

export interface Session {
  user: UserRow;
  /** id of the access token row, to revoke it */
  tokenId: number;
}

/** The signed-in user of this request; throws 401 `Unauthenticated.` otherwise. */
export function requireSession(ctx: RequestContext): Session {
  const token = bearerToken(ctx.req);
  const row = token ? findLiveToken(ctx.app.db, 'access', token, ctx.app.now()) : undefined;
  const user = row ? findUserById(ctx.app.db, row.user_id) : undefined;
  // Blocking and deletion revoke every session; a blocked or deleted owner never counts as signed in either way.
  if (!row || !user || user.blocked_at || user.deleted_at) throw new HttpError(401, UNAUTHENTICATED);
  return { user, tokenId: row.id };
}

/** The signed-in administrator: 401 without a session, 403 `This needs an administrator.` for any other role. */
export function requireAdmin(ctx: RequestContext): Session {
  const session = requireSession(ctx);
  if (session.user.role !== 'admin') throw new HttpError(403, ACCOUNT_MESSAGES.needsAdmin);
  return session;
}

/**
 * The signed-in user when the request carries an Authorization header, else null (an anonymous visitor).
 * A header with a missing, unknown or expired token is still 401: it never silently counts as anonymous.
 */
export function optionalSession(ctx: RequestContext): Session | null {
  return ctx.req.headers.authorization === undefined ? null : requireSession(ctx);
}
