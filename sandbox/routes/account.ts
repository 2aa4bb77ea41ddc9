// The signed-in user's account.
import { countryName } from '../countries.js';
import type { Db } from '../db.js';
import { ok, type RequestContext, type Route } from '../http.js';
import { requireSession, type UserRow } from '../users.js';

interface SubscriptionRow {
  recurring: 0 | 1;
  canceled: 0 | 1;
  change_amount: 0 | 1;
  current_amount_cents: number;
  next_amount_cents: number | null;
  end_date: string;
  schedule_start_date: string | null;
}

/** Amounts go out in dollars: cents / 100. */
const dollars = (cents: number) => cents / 100;

/** The subscription as the profile shows it, or null when there is none or it has lapsed. */
export function profileSubscription(db: Db, userId: number, now: Date) {
  const s = db.prepare('SELECT * FROM subscriptions WHERE user_id = ?').get(userId) as SubscriptionRow | undefined;
  if (!s) return null;
  const renewing = s.recurring === 1 && s.canceled === 0;
  if (!renewing && s.end_date <= now.toISOString()) return null;
  return {
    recurring: s.recurring,
    canceled: s.canceled === 1,
    change_amount: s.change_amount === 1,
    current_amount: dollars(s.current_amount_cents),
    next_amount: s.next_amount_cents === null ? null : dollars(s.next_amount_cents),
    end_date: s.end_date,
    schedule_start_date: s.schedule_start_date,
  };
}

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
    subscription: profileSubscription(db, user.id, now),
    role: user.role,
  };
}

function getProfile(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Profile.', profile(ctx.app.db, user, ctx.app.now()));
}

export const accountRoutes: Route[] = [{ method: 'GET', path: '/webclient/account/profile', handler: getProfile }];
