// The person's profile: what GET /webclient/account/profile answers, and changing it from the account dashboard.
import { countryName } from '../../core/countries.js';
import type { Db } from '../../core/db.js';
import { invalid, success, type Result } from '../../core/result.js';
import { findUserById, type UserRow } from '../../core/users.js';
import { membershipView, settleDueMemberships } from '../subscriptions/memberships.js';

export const BAD_DOB = 'dob: must be a real date between 1900-01-01 and today';

/**
 * The profile of the person, after what fell due as time passed (renewals and ends of memberships, which the sandbox
 * clock runs too); the subscription is null when there is none or it has lapsed.
 */
export function profileOf(db: Db, userId: number, now: Date) {
  settleDueMemberships(db, now);
  const user = findUserById(db, userId)!;
  const country = user.country_code ? countryName(user.country_code) : undefined;
  return {
    id: user.id,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    avatar: user.avatar,
    joined: user.joined_at,
    dob: user.dob,
    bio: user.bio,
    genre: user.genre,
    type: user.type,
    credit_balance: user.credit_balance,
    country: user.country_code && country ? { code: user.country_code, name: country } : null,
    subscription: membershipView(db, user.id, now),
    role: user.role,
  };
}

/** A real calendar date from 1900-01-01 to today (the server's date). */
export function isPlausibleDob(dob: string, now: Date): boolean {
  const date = new Date(`${dob}T00:00:00.000Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === dob &&
    dob >= '1900-01-01' &&
    dob <= now.toISOString().slice(0, 10)
  );
}

const UPDATABLE = ['first_name', 'last_name', 'dob', 'bio', 'genre', 'country_code', 'phone_number', 'gender'] as const;

export type ProfileChanges = Partial<Pick<UserRow, (typeof UPDATABLE)[number]>>;

/** Changes the fields given (null clears dob, bio and genre); nothing else of the account. */
export function updateProfile(db: Db, userId: number, changes: ProfileChanges, now: Date): Result<void> {
  if (typeof changes.dob === 'string' && !isPlausibleDob(changes.dob, now)) return invalid(BAD_DOB);
  const fields = UPDATABLE.filter((field) => changes[field] !== undefined);
  if (fields.length) {
    const values = Object.fromEntries(fields.map((field) => [field, changes[field] ?? null]));
    db.prepare(`UPDATE users SET ${fields.map((f) => `${f} = @${f}`).join(', ')} WHERE id = @id`).run({
      ...values,
      id: userId,
    });
  }
  return success(undefined);
}
