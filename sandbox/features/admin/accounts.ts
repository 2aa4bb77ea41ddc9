// What the admin calls do to accounts: the two views of a person (staff: admins and artists; app users: listeners),
// searching and paging, creating and changing staff, passwords, blocking, deleting by anonymising, and checking
// memberships.
import type { z } from 'zod';
import type { VerifyResult as VerifyResultSchema } from '../../../shared/api/admin.js';
import type { Db } from '../../core/db.js';
import { mapPage, selectPage, type Paged, type Paging } from '../../core/paging.js';
import { failure, invalid, success, type Result } from '../../core/result.js';
import { revokeUserTokens } from '../../core/tokens.js';
import {
  createUser,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  type Role,
  type UserRow,
} from '../../core/users.js';
import { membershipView, settleDueMemberships } from '../subscriptions/memberships.js';

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found.',
  emailTaken: 'An account with this email already exists.',
  ownRole: 'You cannot change your own role.',
  adminNotDeletable: 'Administrators cannot be deleted.',
} as const;

const notFound = () => failure('not-found', ADMIN_MESSAGES.userNotFound);

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

/** A staff account as the admin calls show it. */
export function staffView(u: UserRow) {
  return { id: u.id, name: fullName(u), email: u.email, role: u.role, created_at: u.joined_at };
}

/** An app user as the admin calls show it. */
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

/** A live (not deleted) account with one of these roles. */
export function findLiveUser(db: Db, id: number, roles: readonly Role[]): Result<UserRow> {
  const user = findUserById(db, id);
  return user && !user.deleted_at && roles.includes(user.role) ? success(user) : notFound();
}

/** A live account by email, with one of these roles. */
export function findLiveUserByEmail(db: Db, address: string, roles: readonly Role[]): Result<UserRow> {
  const user = findUserByEmail(db, address);
  return user && !user.deleted_at && roles.includes(user.role) ? success(user) : notFound();
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A condition on the person's name or email (case-insensitive) for `search`, with its arguments; none without one. */
function searchClause(search: string | null, users = 'users'): { where: string[]; args: unknown[] } {
  if (!search) return { where: [], args: [] };
  const pattern = likePattern(search);
  return {
    where: [
      `(lower(${users}.first_name || ' ' || ${users}.last_name) LIKE ? ESCAPE '\\' OR ${users}.email LIKE ? ESCAPE '\\')`,
    ],
    args: [pattern, pattern],
  };
}

/** Live accounts of these roles, oldest first; `search` matches the name or the email. */
export function listUsers(db: Db, roles: readonly Role[], p: Paging, search: string | null): Paged<UserRow> {
  const found = searchClause(search);
  const where = [`role IN (${roles.map(() => '?').join(', ')})`, 'deleted_at IS NULL', ...found.where];
  return selectPage<UserRow>(
    db,
    { from: `FROM users WHERE ${where.join(' AND ')}`, orderBy: 'id', args: [...roles, ...found.args] },
    p,
  );
}

/** A new admin or artist account, verified, with no country; 409 when the address is taken. */
export function createStaff(
  db: Db,
  staff: { name: string; email: string; role: Role },
  hash: string,
  now: Date,
): Result<UserRow> {
  const taken = () => failure('conflict', ADMIN_MESSAGES.emailTaken);
  if (findUserByEmail(db, staff.email)) return taken();
  try {
    const id = createUser(
      db,
      {
        ...splitName(staff.name),
        email: staff.email,
        password_hash: hash,
        role: staff.role,
        email_verified_at: now.toISOString(),
      },
      now,
    );
    return success(findUserById(db, id)!);
  } catch (err) {
    if (findUserByEmail(db, staff.email)) return taken(); // created concurrently
    throw err;
  }
}

/** A staff account's new name and role; nobody changes their own role. */
export function updateStaff(
  db: Db,
  admin: UserRow,
  user: UserRow,
  change: { name?: string | undefined; role?: Role | undefined },
): Result<UserRow> {
  if (change.role !== undefined && user.id === admin.id && change.role !== admin.role)
    return invalid(ADMIN_MESSAGES.ownRole);
  db.transaction(() => {
    if (change.name !== undefined) {
      const { first_name, last_name } = splitName(change.name);
      db.prepare('UPDATE users SET first_name = ?, last_name = ? WHERE id = ?').run(first_name, last_name, user.id);
    }
    if (change.role !== undefined) db.prepare('UPDATE users SET role = ? WHERE id = ?').run(change.role, user.id);
  })();
  return success(findUserById(db, user.id)!);
}

/** Sets the person's password and ends every way they are signed in (except the admin's own current session). */
export function setPasswordByAdmin(db: Db, userId: number, hash: string, now: Date, adminTokenId: number): void {
  db.transaction(() => {
    setPasswordHash(db, userId, hash);
    revokeEverySession(db, userId, now, adminTokenId);
  })();
}

/** Ends every way the person is signed in or could sign in with a link already sent (sessions, app and reset tokens). */
export function revokeEverySession(db: Db, userId: number, now: Date, exceptTokenId?: number): void {
  revokeUserTokens(db, userId, 'access', now, exceptTokenId);
  revokeUserTokens(db, userId, 'app', now);
  revokeUserTokens(db, userId, 'reset', now);
}

/** Blocks the account (no sign-in) and ends its sessions. Blocking twice changes nothing. */
export function blockUser(db: Db, userId: number, now: Date): UserRow {
  db.transaction(() => {
    db.prepare('UPDATE users SET blocked_at = ? WHERE id = ? AND blocked_at IS NULL').run(now.toISOString(), userId);
    revokeEverySession(db, userId, now);
  })();
  return findUserById(db, userId)!;
}

/** The person may sign in again; sessions revoked by the block stay revoked. */
export function unblockUser(db: Db, userId: number): UserRow {
  db.prepare('UPDATE users SET blocked_at = NULL WHERE id = ?').run(userId);
  return findUserById(db, userId)!;
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
export function deleteAccount(db: Db, user: UserRow, now: Date): Result<void> {
  if (user.role === 'admin') return invalid(ADMIN_MESSAGES.adminNotDeletable);
  const at = now.toISOString();
  db.transaction(() => {
    const email = user.email;
    db.prepare('DELETE FROM tokens WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM social_identities WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM signups WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM survey_responses WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM bank_accounts WHERE user_id = ?').run(user.id);
    db.prepare('DELETE FROM newsletter_subscribers WHERE email = ?').run(email);
    db.prepare('DELETE FROM mail WHERE to_addr = ?').run(email);
    db.prepare('DELETE FROM login_attempts WHERE email = ?').run(email);
    db.prepare('DELETE FROM subscriptions WHERE user_id = ?').run(user.id);
    db.prepare('UPDATE donation_subscriptions SET canceled_at = ? WHERE user_id = ? AND canceled_at IS NULL').run(
      at,
      user.id,
    );
    db.prepare(
      "UPDATE checkout_sessions SET status = 'canceled' WHERE user_id = ? AND status IN ('open', 'requires_action')",
    ).run(user.id);
    db.prepare('UPDATE artists SET user_id = NULL WHERE user_id = ?').run(user.id);
    db.prepare(
      `UPDATE users SET first_name = @first_name, last_name = @last_name, email = @email, password_hash = @password,
              phone_number = '', avatar = NULL, dob = NULL, bio = NULL, genre = NULL, gender = 'None', type = 0,
              email_verified_at = NULL, terms_accepted_at = NULL, blocked_at = NULL, deleted_at = @at
        WHERE id = @id`,
    ).run({ ...DELETED_NAME, email: deletedEmail(user.id), password: UNUSABLE_PASSWORD, at, id: user.id });
  })();
  return success(undefined);
}

// ---- content purchases of an app user ----

/** 1 songs, 2 albums. */
export type ContentType = 1 | 2;

/** Content is bought with credits: the amount of a content purchase is in credits. */
export const CONTENT_CURRENCY = 'credits';

export function contentPurchasesOf(db: Db, userId: number, type: ContentType, p: Paging) {
  const item = type === 1 ? 'songs item ON item.id = cp.song_id' : 'albums item ON item.id = cp.album_id';
  const page = selectPage<{ uid: string; created_at: string; title: string; artist: string; credits: number }>(
    db,
    {
      columns: 'cp.uid, cp.created_at, item.title, ar.name AS artist, cp.credits',
      from: `FROM content_purchases cp JOIN ${item} JOIN artists ar ON ar.id = item.artist_id WHERE cp.user_id = ?`,
      orderBy: 'cp.created_at DESC, cp.id DESC',
      args: [userId],
    },
    p,
  );
  return mapPage(page, (r) => ({
    id: r.uid,
    created_at: r.created_at,
    product_name: r.title,
    artist_name: r.artist,
    type,
    amount: r.credits,
    currency: CONTENT_CURRENCY,
  }));
}

// ---- memberships ----

/** Current memberships (those that fell due are settled first), with the member's email. */
export function listMemberships(db: Db, now: Date, p: Paging, search: string | null) {
  settleDueMemberships(db, now);
  const found = searchClause(search, 'u');
  const page = selectPage<{ user_id: number; email: string }>(
    db,
    {
      columns: 's.user_id, u.email',
      from: `FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE ${['u.deleted_at IS NULL', ...found.where].join(' AND ')}`,
      orderBy: 's.id',
      args: found.args,
    },
    p,
  );
  const data = page.data.flatMap((r) => {
    const m = membershipView(db, r.user_id, now);
    return m
      ? [
          {
            user_id: r.user_id,
            email: r.email,
            recurring: m.recurring,
            canceled: m.canceled,
            current_amount: m.current_amount,
            end_date: m.end_date,
          },
        ]
      : [];
  });
  return { data, total: page.total };
}

type VerifyResult = z.infer<typeof VerifyResultSchema>;

/** Checks whether the person's membership is live now, and records the check (by whom, what it found). */
export function verifyMembership(db: Db, userId: number, checkedBy: number, now: Date): VerifyResult {
  settleDueMemberships(db, now);
  const m = membershipView(db, userId, now);
  const result = { user_id: userId, active: m !== null, end_date: m?.end_date ?? null, checked_at: now.toISOString() };
  db.prepare(
    'INSERT INTO subscription_checks (user_id, checked_by, active, end_date, checked_at) VALUES (?, ?, ?, ?, ?)',
  ).run(userId, checkedBy, result.active ? 1 : 0, result.end_date, result.checked_at);
  return result;
}

/** The checks of one person's membership, newest first. */
export function verifyHistory(db: Db, userId: number, p: Paging): Paged<VerifyResult> {
  const page = selectPage<Omit<VerifyResult, 'active'> & { active: number }>(
    db,
    {
      columns: 'user_id, active, end_date, checked_at',
      from: 'FROM subscription_checks WHERE user_id = ?',
      orderBy: 'checked_at DESC, id DESC',
      args: [userId],
    },
    p,
  );
  return mapPage(page, (r) => ({ ...r, active: r.active === 1 }));
}
