// The signed-in user's account: the profile, and the account dashboard calls (update, payout bank, terms).
import { z } from 'zod';
import { saveBankAccount } from './bank-accounts.js';
import { countryName } from '../../core/countries.js';
import type { Db } from '../../core/db.js';
import { HttpError, ok, withErrorCode, type RequestContext, type Route } from '../../core/http.js';
import { membershipView, settleDueMemberships } from '../subscriptions/memberships.js';
import { findUserById, requireSession, type UserRow } from '../../core/users.js';
import { countryCode, personName, phoneNumber } from '../../core/validation.js';

/** Spec section 8: profile update, bank update and accept-terms (account path) fail as ER-AUTH-02. */
export const ER_AUTH_02 = 'ER-AUTH-02';

export const ACCOUNT_DASHBOARD_MESSAGES = {
  updated: 'Your profile was updated.',
  bankSaved: 'Your bank account was saved.',
  termsAccepted: 'Thank you. The terms of use are accepted.',
  badDob: 'dob: must be a real date between 1900-01-01 and today',
  fewDigits: 'account_number: must have at least 4 digits',
} as const;

/** The subscription as the profile shows it, or null when there is none or it has lapsed. */
export const profileSubscription = membershipView;

export function profile(db: Db, user: UserRow, now: Date) {
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

/** The person's profile as GET /webclient/account/profile answers it (memberships that fell due settled first). */
function currentProfile(db: Db, userId: number, fallback: UserRow, now: Date) {
  // Renewals and ends that fell due as time passed (the sandbox clock runs them too).
  settleDueMemberships(db, now);
  return profile(db, findUserById(db, userId) ?? fallback, now);
}

function getProfile(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Profile.', currentProfile(ctx.app.db, user.id, user, ctx.app.now()));
}

// ---- the account dashboard ----

/** Optional free text: trimmed; empty or null clears it. */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v === '' ? null : v));

const UpdateBody = z.object({
  first_name: personName.optional(),
  last_name: personName.optional(),
  dob: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' }).nullable().optional(),
  bio: optionalText(1000),
  genre: optionalText(100),
  country_code: countryCode.optional(),
  phone_number: phoneNumber.optional(),
  gender: z.enum(['None', 'Male', 'Female']).optional(),
});

/** A real calendar date from 1900-01-01 to today (the server's date). */
export function isPlausibleDob(dob: string, now: Date): boolean {
  const date = new Date(`${dob}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === dob && dob >= '1900-01-01' && dob <= now.toISOString().slice(0, 10);
}

const UPDATABLE = ['first_name', 'last_name', 'dob', 'bio', 'genre', 'country_code', 'phone_number', 'gender'] as const;

/** POST /dashboard/account/update: the fields sent change (null clears dob, bio, genre); answers the profile. */
async function updateProfile(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(UpdateBody);
  const { db } = ctx.app;
  const now = ctx.app.now();
  if (typeof body.dob === 'string' && !isPlausibleDob(body.dob, now)) throw new HttpError(400, ACCOUNT_DASHBOARD_MESSAGES.badDob);
  const changes = UPDATABLE.filter((field) => body[field] !== undefined);
  if (changes.length) {
    const values = Object.fromEntries(changes.map((field) => [field, body[field] ?? null]));
    db.prepare(`UPDATE users SET ${changes.map((f) => `${f} = @${f}`).join(', ')} WHERE id = @id`).run({ ...values, id: user.id });
  }
  return ok(ACCOUNT_DASHBOARD_MESSAGES.updated, currentProfile(db, user.id, user, now));
}

const AddBankBody = z.object({
  bank_name: z.string().trim().min(1).max(100),
  account_name: z.string().trim().min(1).max(100),
  account_number: z.string().regex(/^[0-9 -]{4,34}$/, { error: 'must be 4 to 34 digits (spaces and dashes allowed)' }),
  routing_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z -]{0,20}$/, { error: 'must be at most 20 letters, digits, spaces or dashes' })
    .nullish(),
  country_code: countryCode,
});

/** POST /dashboard/account/add-bank: the payout account (replaces an earlier one); only the last 4 digits come back. */
async function addBank(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(AddBankBody);
  if (body.account_number.replace(/\D/g, '').length < 4) throw new HttpError(400, ACCOUNT_DASHBOARD_MESSAGES.fewDigits);
  const saved = saveBankAccount(ctx.app.db, user.id, { ...body, routing_number: body.routing_number ?? null }, ctx.app.now());
  return ok(ACCOUNT_DASHBOARD_MESSAGES.bankSaved, saved);
}

/** POST /dashboard/account/accept-toc {}: records when the signed-in person accepted the terms. */
async function acceptTerms(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  await ctx.body(z.object({}));
  const at = ctx.app.now().toISOString();
  ctx.app.db.prepare('UPDATE users SET terms_accepted_at = ? WHERE id = ?').run(at, user.id);
  return ok(ACCOUNT_DASHBOARD_MESSAGES.termsAccepted, { terms_accepted_at: at });
}

export const accountRoutes: Route[] = [
  { method: 'GET', path: '/webclient/account/profile', handler: getProfile },
  { method: 'POST', path: '/dashboard/account/update', handler: withErrorCode(ER_AUTH_02, updateProfile) },
  { method: 'POST', path: '/dashboard/account/add-bank', handler: withErrorCode(ER_AUTH_02, addBank) },
  { method: 'POST', path: '/dashboard/account/accept-toc', handler: withErrorCode(ER_AUTH_02, acceptTerms) },
];
