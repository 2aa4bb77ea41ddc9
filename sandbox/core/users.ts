// The accounts: the users table, lookups, creation, password changes and email verification.
import type { Db } from './db.js';

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

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim().toLowerCase()) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

/** A new account: who it is, and anything else that differs from a new listener's defaults. */
export type NewUser = Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'password_hash'> &
  Partial<
    Pick<
      UserRow,
      | 'country_code'
      | 'gender'
      | 'phone_number'
      | 'type'
      | 'credit_balance'
      | 'role'
      | 'email_verified_at'
      | 'terms_accepted_at'
    >
  >;

/** Creates the account (its email lowercased), joined at `joined`; returns its id. */
export function createUser(db: Db, user: NewUser, joined: Date | string): number {
  const row = {
    ...user,
    email: user.email.toLowerCase(),
    joined_at: typeof joined === 'string' ? joined : joined.toISOString(),
  };
  const columns = Object.keys(row).filter((column) => row[column as keyof typeof row] !== undefined);
  const { lastInsertRowid } = db
    .prepare(`INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
    .run(Object.fromEntries(columns.map((c) => [c, row[c as keyof typeof row]])));
  return Number(lastInsertRowid);
}

export function setPasswordHash(db: Db, userId: number, hash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
}

/** The address is proven: verified from now on, and its pending sign-ups are done with. */
export function markEmailVerified(db: Db, userId: number, now: Date): void {
  db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL').run(
    now.toISOString(),
    userId,
  );
  db.prepare('DELETE FROM signups WHERE user_id = ?').run(userId);
}

/** Records when the person accepted the terms of use; `keepFirst` leaves an earlier acceptance as it is. */
export function recordTermsAccepted(db: Db, userId: number, now: Date, keepFirst: boolean): void {
  db.prepare(
    `UPDATE users SET terms_accepted_at = ? WHERE id = ?${keepFirst ? ' AND terms_accepted_at IS NULL' : ''}`,
  ).run(now.toISOString(), userId);
}
