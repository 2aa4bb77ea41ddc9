// The admin calls (spec section 7, Admin): staff accounts (admins, artists), app users (listeners), their purchases,
// passwords, blocking and deletion, and memberships. Every call is for the admin role only: no session 401, any
// other role 403 `This needs an administrator.` (errorCode null), checked before any field is.
import { z } from 'zod';
import {
  APP_ROLES, appUserView, blockUser, contentPurchasesOf, deleteAccount, findLiveUser, listMemberships, listUsers,
  revokeEverySession, splitName, STAFF_ROLES, staffView, unblockUser, verifyHistory, verifyMembership, type ContentType,
} from './accounts.js';
import { DEFAULT_PER_PAGE, paging } from '../history/lists.js';
import { HttpError, ok, withErrorCode, type RequestContext, type Route } from '../../core/http.js';
import { hashPassword } from '../../core/passwords.js';
import { findUserByEmail, findUserById, requireAdmin, requireSession, setPasswordHash, type Role, type UserRow } from '../../core/users.js';
import { email, loginEmail, newPassword } from '../../core/validation.js';
import { ER_AUTH_03, ER_AUTH_69, sendVerification } from '../auth/routes.js';

/** Spec section 9: the admin user list shows 6 a page; the app-user list refreshes 20. */
export const ADMIN_USER_PAGE_SIZE = 6;
export const APP_USER_PAGE_SIZE = DEFAULT_PER_PAGE;
export const SEARCH_MAX = 100;

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found.',
  emailTaken: 'An account with this email already exists.',
  created: 'The user was created.',
  updated: 'The user was updated.',
  ownRole: 'You cannot change your own role.',
  blocked: 'The account was blocked.',
  unblocked: 'The account was unblocked.',
  deleted: 'The account was deleted.',
  idOrEmail: 'Send either id or email.',
  adminNotDeletable: 'Administrators cannot be deleted.',
  notArtist: 'This user is not an artist.',
  isArtist: 'This user is an artist: use /admin/user-artist/change-password.',
  passwordChanged: 'The password was changed. The user was signed out everywhere.',
  verificationSent: 'A new verification email has been sent.',
  alreadyVerified: 'This email address is already verified.',
  badType: 'type: must be 1 (songs) or 2 (albums)',
  badUserId: 'user_id: must be a whole number',
} as const;

const Id = z.object({ id: z.number().int().positive() });
const staffName = z.string().trim().min(1).max(200);
const staffRole = z.enum(['admin', 'artist']);
const CreateBody = z.object({ name: staffName, email, password: newPassword, role: staffRole });
const UpdateBody = z.object({ id: z.number().int().positive(), name: staffName.optional(), role: staffRole.optional() });
const DeleteBody = z.object({ id: z.number().int().positive().optional(), email: loginEmail.optional() });
const EmailBody = z.object({ email: loginEmail });
const PasswordBody = z.object({ id: z.number().int().positive(), password: newPassword });

// ---- helpers ----

/** An id from the path: digits only (anything else is simply not found). */
function pathId(ctx: RequestContext): number {
  const raw = ctx.params.id ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return Number(raw);
}

function searchOf(ctx: RequestContext): string | null {
  const search = ctx.url.searchParams.get('search')?.trim() ?? '';
  if (search.length > SEARCH_MAX) throw new HttpError(400, `search: must be at most ${SEARCH_MAX} characters`);
  return search || null;
}

function liveUser(ctx: RequestContext, id: number, roles: readonly Role[]): UserRow {
  const user = findLiveUser(ctx.app.db, id, roles);
  if (!user) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return user;
}

const reload = (ctx: RequestContext, id: number) => findUserById(ctx.app.db, id)!;

/**
 * An admin call: the session first (401), then a POST's body is read as on every route (413 too large, 415 not JSON,
 * 400 malformed JSON), then the role (403), and only then are the fields checked and anything done.
 */
function adminOnly(handler: (ctx: RequestContext, admin: UserRow, tokenId: number) => ReturnType<Route['handler']>): Route['handler'] {
  return async (ctx) => {
    requireSession(ctx);
    if (ctx.req.method === 'POST') await ctx.json();
    const { user, tokenId } = requireAdmin(ctx);
    return handler(ctx, user, tokenId);
  };
}

// ---- staff: admins and artists ----

const createStaff = adminOnly(async (ctx) => {
  const body = await ctx.body(CreateBody);
  const { db } = ctx.app;
  const hash = await hashPassword(body.password);
  if (findUserByEmail(db, body.email)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken);
  const now = ctx.app.now().toISOString();
  let id: number;
  try {
    id = Number(
      db
        .prepare(
          `INSERT INTO users (first_name, last_name, email, password_hash, country_code, role, email_verified_at, joined_at)
           VALUES (@first_name, @last_name, @email, @hash, NULL, @role, @now, @now)`,
        )
        .run({ ...splitName(body.name), email: body.email, hash, role: body.role, now }).lastInsertRowid,
    );
  } catch (err) {
    if (findUserByEmail(db, body.email)) throw new HttpError(409, ADMIN_MESSAGES.emailTaken); // created concurrently
    throw err;
  }
  return ok(ADMIN_MESSAGES.created, staffView(reload(ctx, id)));
});

const updateStaff = adminOnly(async (ctx, admin) => {
  const body = await ctx.body(UpdateBody);
  const user = liveUser(ctx, body.id, STAFF_ROLES);
  if (body.role !== undefined && user.id === admin.id && body.role !== admin.role) throw new HttpError(400, ADMIN_MESSAGES.ownRole);
  const { db } = ctx.app;
  db.transaction(() => {
    if (body.name !== undefined) {
      const { first_name, last_name } = splitName(body.name);
      db.prepare('UPDATE users SET first_name = ?, last_name = ? WHERE id = ?').run(first_name, last_name, user.id);
    }
    if (body.role !== undefined) db.prepare('UPDATE users SET role = ? WHERE id = ?').run(body.role, user.id);
  })();
  return ok(ADMIN_MESSAGES.updated, staffView(reload(ctx, user.id)));
});

const listStaff = adminOnly((ctx) => {
  const page = listUsers(ctx.app.db, STAFF_ROLES, paging(ctx.url.searchParams, ADMIN_USER_PAGE_SIZE), searchOf(ctx));
  return ok('Users.', { data: page.data.map(staffView), total: page.total });
});

const staffDetail = adminOnly((ctx) => ok('User.', staffView(liveUser(ctx, pathId(ctx), STAFF_ROLES))));

// ---- app users: listeners ----

const listAppUsers = adminOnly((ctx) => {
  const page = listUsers(ctx.app.db, APP_ROLES, paging(ctx.url.searchParams, APP_USER_PAGE_SIZE), searchOf(ctx));
  return ok('App users.', { data: page.data.map(appUserView), total: page.total });
});

const appUserDetail = adminOnly((ctx) => ok('App user.', appUserView(liveUser(ctx, pathId(ctx), APP_ROLES))));

const block = adminOnly(async (ctx) => {
  const user = liveUser(ctx, (await ctx.body(Id)).id, APP_ROLES);
  blockUser(ctx.app.db, user.id, ctx.app.now());
  return ok(ADMIN_MESSAGES.blocked, appUserView(reload(ctx, user.id)));
});

const unblock = adminOnly(async (ctx) => {
  const user = liveUser(ctx, (await ctx.body(Id)).id, APP_ROLES);
  unblockUser(ctx.app.db, user.id);
  return ok(ADMIN_MESSAGES.unblocked, appUserView(reload(ctx, user.id)));
});

/** A live account by email, or 404. */
function liveUserByEmail(ctx: RequestContext, address: string, roles: readonly Role[]): UserRow {
  const user = findUserByEmail(ctx.app.db, address);
  if (!user || user.deleted_at || !roles.includes(user.role)) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return user;
}

const deleteAppUser = adminOnly(async (ctx) => {
  const body = await ctx.body(DeleteBody);
  if ((body.id === undefined) === (body.email === undefined)) throw new HttpError(400, ADMIN_MESSAGES.idOrEmail);
  const user = body.id !== undefined ? liveUser(ctx, body.id, APP_ROLES) : liveUserByEmail(ctx, body.email!, APP_ROLES);
  deleteAccount(ctx.app.db, user, ctx.app.now());
  return ok(ADMIN_MESSAGES.deleted);
});

const deleteByEmail = adminOnly(async (ctx) => {
  const { email: address } = await ctx.body(EmailBody);
  const user = findUserByEmail(ctx.app.db, address);
  if (!user || user.deleted_at) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  if (user.role === 'admin') throw new HttpError(400, ADMIN_MESSAGES.adminNotDeletable);
  deleteAccount(ctx.app.db, user, ctx.app.now());
  return ok(ADMIN_MESSAGES.deleted);
});

const transactions = adminOnly((ctx) => {
  const user = liveUser(ctx, pathId(ctx), APP_ROLES);
  const raw = ctx.url.searchParams.get('type');
  if (raw !== '1' && raw !== '2') throw new HttpError(400, ADMIN_MESSAGES.badType);
  const p = paging(ctx.url.searchParams, APP_USER_PAGE_SIZE);
  return ok('Transactions.', contentPurchasesOf(ctx.app.db, user.id, Number(raw) as ContentType, p));
});

const resendActivation = adminOnly(async (ctx) => {
  const user = liveUser(ctx, (await ctx.body(Id)).id, APP_ROLES);
  if (user.email_verified_at) return ok(ADMIN_MESSAGES.alreadyVerified);
  sendVerification(ctx, user);
  return ok(ADMIN_MESSAGES.verificationSent);
});

// ---- passwords ----

/** Sets the password and ends the person's sessions (the admin's own current session stays when it is theirs). */
function changePassword(roleCheck: (user: UserRow) => void) {
  return adminOnly(async (ctx, _admin, tokenId) => {
    const body = await ctx.body(PasswordBody);
    const user = findUserById(ctx.app.db, body.id);
    if (!user || user.deleted_at) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    roleCheck(user);
    const hash = await hashPassword(body.password);
    const { db } = ctx.app;
    const now = ctx.app.now();
    db.transaction(() => {
      setPasswordHash(db, user.id, hash);
      revokeEverySession(db, user.id, now, tokenId);
    })();
    return ok(ADMIN_MESSAGES.passwordChanged);
  });
}

const changeUserPassword = changePassword((user) => {
  if (user.role === 'artist') throw new HttpError(400, ADMIN_MESSAGES.isArtist);
});
const changeArtistPassword = changePassword((user) => {
  if (user.role !== 'artist') throw new HttpError(400, ADMIN_MESSAGES.notArtist);
});

// ---- memberships ----

const subscriptions = adminOnly((ctx) => {
  const p = paging(ctx.url.searchParams, APP_USER_PAGE_SIZE);
  return ok('Memberships.', listMemberships(ctx.app.db, ctx.app.now(), p, searchOf(ctx)));
});

/** The `user_id` of the query: a live account, else 400 (not a number) or 404. */
function queryUser(ctx: RequestContext): UserRow {
  const raw = ctx.url.searchParams.get('user_id') ?? '';
  if (!/^\d{1,9}$/.test(raw.trim())) throw new HttpError(400, ADMIN_MESSAGES.badUserId);
  const user = findUserById(ctx.app.db, Number(raw));
  if (!user || user.deleted_at) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return user;
}

const verify = adminOnly((ctx, admin) => {
  const user = queryUser(ctx);
  return ok('Membership checked.', verifyMembership(ctx.app.db, user.id, admin.id, ctx.app.now()));
});

const verifyChecks = adminOnly((ctx) => {
  const user = queryUser(ctx);
  return ok('Membership checks.', verifyHistory(ctx.app.db, user.id, paging(ctx.url.searchParams, APP_USER_PAGE_SIZE)));
});

export const adminRoutes: Route[] = [
  { method: 'POST', path: '/admin/user/create', handler: createStaff },
  { method: 'POST', path: '/admin/user/update', handler: updateStaff },
  { method: 'GET', path: '/admin/user/list', handler: listStaff },
  { method: 'GET', path: '/admin/user/detail/:id', handler: staffDetail },
  { method: 'POST', path: '/admin/user/change-password', handler: withErrorCode(ER_AUTH_03, changeUserPassword) },
  { method: 'POST', path: '/admin/user/delete-by-email', handler: deleteByEmail },
  { method: 'POST', path: '/admin/user-artist/change-password', handler: withErrorCode(ER_AUTH_03, changeArtistPassword) },
  { method: 'GET', path: '/admin/user-app/list', handler: listAppUsers },
  { method: 'GET', path: '/admin/user-app/detail/:id', handler: appUserDetail },
  { method: 'POST', path: '/admin/user-app/block', handler: block },
  { method: 'POST', path: '/admin/user-app/unblock', handler: unblock },
  { method: 'POST', path: '/admin/user-app/delete', handler: deleteAppUser },
  { method: 'GET', path: '/admin/user-app/transaction/:id', handler: transactions },
  { method: 'POST', path: '/admin/user-app/resend-activation-email', handler: withErrorCode(ER_AUTH_69, resendActivation) },
  { method: 'GET', path: '/admin/subscription', handler: subscriptions },
  { method: 'GET', path: '/admin/subscription/verify', handler: verify },
  { method: 'GET', path: '/admin/subscription/verify-history', handler: verifyChecks },
];
