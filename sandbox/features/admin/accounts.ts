// What the admin calls (spec section 7, Admin) do to accounts: the two views of a person (staff: admins and artists;
// app users: listeners), searching and paging, blocking, deleting by anonymising, and checking memberships.
import type { Db } from '../../core/db.js';
import type { Paged, Paging } from '../history/lists.js';
import { membershipView, settleDueMemberships } from '../subscriptions/memberships.js';
import { revokeUserTokens } from '../../core/tokens.js';
import { findUserById, type Role, type UserRow } from '../../core/users.js';

/** Roles listed by /admin/user/*: the people who run or supply the service. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'artist'];
/** Roles listed by /admin/user-app/*: the app's listeners. */
export const APP_ROLES: readonly Role[] = ['listener'];

export const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

/** "Aaron  van Artist " -> first "Aaron van", last "Artist"; one word -> that word and an empty last name. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1]! };
}

/** AdminUser of shared/api/admin.ts. */
export function staffView(u: UserRow) {
  return { id: u.id, name: fullName(u), email: u.email, role: u.role, created_at: u.joined_at };
}

/** AppUser of shared/api/admin.ts. */
export function appUserView(u: UserRow) {
  return {
    id: u.id,
    name: fullName(u),
    email: u.email,
    type: u.type,
    country: u.country_code,
    blocked: u.blocked_at !== null,
    email_verified: u.email_verified_at !== null,
    credit_balance: u.credit_balance,
    joined: u.joined_at,
  };
}

/** A live (not deleted) account with one of these roles, or undefined. */
export function findLiveUser(db: Db, id: number, roles: readonly Role[]): UserRow | undefined {
  const user = findUserById(db, id);
  return user && !user.deleted_at && roles.includes(user.role) ? user : undefined;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Live accounts of these roles, oldest first; `search` matches the name or the email (case-insensitive). */
export function listUsers(db: Db, roles: readonly Role[], p: Paging, search: string | null): Paged<UserRow> {
  const where = [`role IN (${roles.map(() => '?').join(', ')})`, 'deleted_at IS NULL'];
  const args: unknown[] = [...roles];
  if (search) {
    where.push(`(lower(first_name || ' ' || last_name) LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')`);
    args.push(likePattern(search), likePattern(search));
  }
  const clause = `FROM users WHERE ${where.join(' AND ')}`;
  const total = db.prepare(`SELECT COUNT(*) ${clause}`).pluck().get(...args) as number;
  const data = db.prepare(`SELECT * ${clause} ORDER BY id LIMIT ? OFFSET ?`).all(...args, p.perPage, (p.page - 1) * p.perPage) as UserRow[];
  return { data, total };
}

/** Ends every way the person is signed in or could sign in with a link already sent (sessions, app and reset tokens). */
export function revokeEverySession(db: Db, userId: number, now: Date, exceptTokenId?: number): void {
  revokeUserTokens(db, userId, 'access', now, exceptTokenId);
  revokeUserTokens(db, userId, 'app', now);
  revokeUserTokens(db, userId, 'reset', now);
}

/** Blocks the account (no sign-in) and ends its sessions. Blocking twice changes nothing. */
export function blockUser(db: Db, userId: number, now: Date): void {
  db.transaction(() => {
    db.prepare('UPDATE users SET blocked_at = ? WHERE id = ? AND blocked_at IS NULL').run(now.toISOString(), userId);
    revokeEverySession(db, userId, now);
  })();
}

/** The person may sign in again; sessions revoked by the block stay revoked. */
export function unblockUser(db: Db, userId: number): void {
  db.prepare('UPDATE users SET blocked_at = NULL WHERE id = ?').run(userId);
}

export const DELETED_NAME = { first_name: 'Deleted', last_name: 'user' } as const;
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;
/** Not a scrypt hash: no password ever matches it. */
export const UNUSABLE_PASSWORD = '!deleted';

/**
 * Deletes the person's personal data and keeps the records the organisation must keep. Removed: name, email, phone,
 * avatar, date of birth, bio, genre, gender, password, every token, social identities, survey answers, the payout
 * bank account, the newsletter entry and the outbox mail for the email, login attempts of the email. Ended: the
 * membership (no more renewals), running monthly gifts, unpaid checkout sessions; an artist's catalogue entry is
 * unlinked from the account. Kept, pointing at the anonymised row: credit_transactions, donation_gifts,
 * subscription_payments, checkout_sessions, content purchases, gift codes, the credit balance, country and joined date.
 * The email is free to register again.
 */
export function deleteAccount(db: Db, user: UserRow, now: Date): void {
  const at = now.toISOString();
  db.transaction(() => {
    const email = user.email;
    db.prepare('DELETE FROM tokens WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM social_identities WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM survey_responses WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM bank_accounts WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM newsletter_subscribers WHERE email = ?').run(email);
    db.prepare('DELETE FROM mail WHERE to_addr = ?').run(email);
    db.prepare('DELETE FROM login_attempts WHERE email = ?').run(email);
    db.prepare('DELETE FROM subscriptions WHERE user_id = ?').run(user.id);
    db.prepare('UPDATE donation_subscriptions SET canceled_at = ? WHERE user_id = ? AND canceled_at IS NULL').run(at, user.id);
    db.prepare("UPDATE checkout_sessions SET status = 'canceled' WHERE user_id = ? AND status IN ('open', 'requires_action')").run(user.id);
    db.prepare('UPDATE artists SET user_id = NULL WHERE user_id = ?').run(user.id);
    db.prepare(
      `UPDATE users SET first_name = @first_name, last_name = @last_name, email = @email, password_hash = @password,
              phone_number = '', avatar = NULL, dob = NULL, bio = NULL, genre = NULL, gender = 'None', type = 0,
              email_verified_at = NULL, terms_accepted_at = NULL, blocked_at = NULL, deleted_at = @at
        WHERE id = @id`,
    ).run({ ...DELETED_NAME, email: deletedEmail(user.id), password: UNUSABLE_PASSWORD, at, id: user.id });
  })();
}

// ---- content purchases of an app user ----

/** 1 songs, 2 albums (spec section 7). */
export type ContentType = 1 | 2;

export function contentPurchasesOf(db: Db, userId: number, type: ContentType, p: Paging) {
  const join = type === 1
    ? 'JOIN songs item ON item.id = cp.song_id'
    : 'JOIN albums item ON item.id = cp.album_id';
  const from = `FROM content_purchases cp ${join} JOIN artists ar ON ar.id = item.artist_id WHERE cp.user_id = ?`;
  const total = db.prepare(`SELECT COUNT(*) ${from}`).pluck().get(userId) as number;
  const rows = db
    .prepare(`SELECT cp.uid, cp.created_at, item.title, ar.name AS artist, cp.credits ${from} ORDER BY cp.created_at DESC, cp.id DESC LIMIT ? OFFSET ?`)
    .all(userId, p.perPage, (p.page - 1) * p.perPage) as { uid: string; created_at: string; title: string; artist: string; credits: number }[];
  return {
    data: rows.map((r) => ({
      id: r.uid,
      created_at: r.created_at,
      product_name: r.title,
      artist_name: r.artist,
      type,
      amount: r.credits,
      currency: CONTENT_CURRENCY,
    })),
    total,
  };
}

/** Content is bought with credits: the amount of a content purchase is in credits. */
export const CONTENT_CURRENCY = 'credits';

// ---- memberships ----

/** Current memberships (those that fell due are settled first), with the member's email. */
export function listMemberships(db: Db, now: Date, p: Paging, search: string | null) {
  settleDueMemberships(db, now);
  const where = ['u.deleted_at IS NULL'];
  const args: unknown[] = [];
  if (search) {
    where.push(`(lower(u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')`);
    args.push(likePattern(search), likePattern(search));
  }
  const from = `FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE ${where.join(' AND ')}`;
  const total = db.prepare(`SELECT COUNT(*) ${from}`).pluck().get(...args) as number;
  const rows = db
    .prepare(`SELECT s.user_id, u.email ${from} ORDER BY s.id LIMIT ? OFFSET ?`)
    .all(...args, p.perPage, (p.page - 1) * p.perPage) as { user_id: number; email: string }[];
  const data = rows.flatMap((r) => {
    const m = membershipView(db, r.user_id, now);
    return m ? [{ user_id: r.user_id, email: r.email, recurring: m.recurring, canceled: m.canceled, current_amount: m.current_amount, end_date: m.end_date }] : [];
  });
  return { data, total };
}

export interface VerifyResult {
  user_id: number;
  active: boolean;
  end_date: string | null;
  checked_at: string;
}

/** Checks whether the person's membership is live now, and records the check (by whom, what it found). */
export function verifyMembership(db: Db, userId: number, checkedBy: number, now: Date): VerifyResult {
  settleDueMemberships(db, now);
  const m = membershipView(db, userId, now);
  const result = { user_id: userId, active: m !== null, end_date: m?.end_date ?? null, checked_at: now.toISOString() };
  db.prepare('INSERT INTO subscription_checks (user_id, checked_by, active, end_date, checked_at) VALUES (?, ?, ?, ?, ?)').run(
    userId, checkedBy, result.active ? 1 : 0, result.end_date, result.checked_at,
  );
  return result;
}

/** The checks of one person's membership, newest first. */
export function verifyHistory(db: Db, userId: number, p: Paging): Paged<VerifyResult> {
  const total = db.prepare('SELECT COUNT(*) FROM subscription_checks WHERE user_id = ?').pluck().get(userId) as number;
  const rows = db
    .prepare('SELECT user_id, active, end_date, checked_at FROM subscription_checks WHERE user_id = ? ORDER BY checked_at DESC, id DESC LIMIT ? OFFSET ?')
    .all(userId, p.perPage, (p.page - 1) * p.perPage) as { user_id: number; active: number; end_date: string | null; checked_at: string }[];
  return { data: rows.map((r) => ({ ...r, active: r.active === 1 })), total };
}
