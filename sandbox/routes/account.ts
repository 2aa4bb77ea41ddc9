// The signed-in user's account.
import { countryName } from '../countries.js';
import type { Db } from '../db.js';
import { ok, type RequestContext, type Route } from '../http.js';
import { membershipView, settleDueMemberships } from '../memberships.js';
import { findUserById, requireSession, type UserRow } from '../users.js';

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

function getProfile(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { db } = ctx.app;
  const now = ctx.app.now();
  // Renewals and ends that fell due as time passed (the sandbox clock runs them too).
  settleDueMemberships(db, now);
  return ok('Profile.', profile(db, findUserById(db, user.id) ?? user, now));
}

export const accountRoutes: Route[] = [{ method: 'GET', path: '/webclient/account/profile', handler: getProfile }];
