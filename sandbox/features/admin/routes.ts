// The admin calls: staff accounts (admins, artists), app users (listeners), their purchases, passwords, blocking
// and deletion, and memberships. Every call is for the admin role only: no session 401, any other role 403
// `This needs an administrator.` (errorCode null), checked before any field is.
import { z } from 'zod';
import * as adminApi from '../../../shared/api/admin.js';
import {
  answer,
  contractBody,
  ERROR_CODES,
  HttpError,
  mailContext,
  ok,
  paging,
  unwrap,
  withErrorCode,
  type CallContract,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import { mapPage, type Paged } from '../../core/paging.js';
import { requireAdmin, requireSession } from '../../core/session.js';
import type { Role, UserRow } from '../../core/users.js';
import { email, loginEmail, nameField, newPassword } from '../../core/validation.js';
import { sendVerification } from '../auth/mails.js';
import {
  ADMIN_MESSAGES,
  APP_ROLES,
  appUserView,
  blockUser,
  contentPurchasesOf,
  createStaff,
  deleteAccount,
  findLiveUser,
  findLiveUserByEmail,
  listMemberships,
  listUsers,
  setPasswordByAdmin,
  STAFF_ROLES,
  staffView,
  unblockUser,
  updateStaff,
  verifyHistory,
  verifyMembership,
  type ContentType,
} from './accounts.js';

/** The admin user list shows 6 a page; the other lists 20. */
export const ADMIN_USER_PAGE_SIZE = 6;
export const APP_USER_PAGE_SIZE = 20;
export const SEARCH_MAX = 100;
const ALL_ROLES: readonly Role[] = ['listener', 'artist', 'admin'];

const ADMIN_ANSWERS = {
  created: 'The user was created.',
  updated: 'The user was updated.',
  blocked: 'The account was blocked.',
  unblocked: 'The account was unblocked.',
  deleted: 'The account was deleted.',
  idOrEmail: 'Send either id or email.',
  notArtist: 'This user is not an artist.',
  isArtist: 'This user is an artist: use /admin/user-artist/change-password.',
  passwordChanged: 'The password was changed. The user was signed out everywhere.',
  verificationSent: 'A new verification email has been sent.',
  alreadyVerified: 'This email address is already verified.',
  badType: 'type: must be 1 (songs) or 2 (albums)',
  badUserId: 'user_id: must be a whole number',
} as const;

const id = z.number().int().positive();
/** A staff member's full name (split into first and last name): a name, at most 200 characters. */
const staffName = nameField(200);
const CreateBody = contractBody(adminApi.createUser, { name: staffName, email, password: newPassword });
const UpdateBody = contractBody(adminApi.updateUser, { id, name: staffName.optional() });
/** The portal sends one of id or email; the server says so when it gets both or neither. */
const DeleteBody = z.object({ id: id.optional(), email: loginEmail.optional() });
const DeleteByEmailBody = contractBody(adminApi.deleteUserByEmail, { email: loginEmail });
const PasswordBody = contractBody(adminApi.changeUserPassword, { id, password: newPassword });
const ArtistPasswordBody = contractBody(adminApi.changeArtistPassword, { id, password: newPassword });
const BlockBody = contractBody(adminApi.blockAppUser);
const UnblockBody = contractBody(adminApi.unblockAppUser);
const ResendBody = contractBody(adminApi.resendActivationEmail);

// ---- reading the request ----

/**
 * An admin call: the session first (401), then a POST's body is read as on every route (413 too large, 415 not JSON,
 * 400 malformed JSON), then the role (403), and only then are the fields checked and anything done.
 */
function adminOnly(
  handler: (ctx: RequestContext, admin: UserRow, tokenId: number) => ReturnType<Route['handler']>,
): Route['handler'] {
  return async (ctx) => {
    requireSession(ctx);
    if (ctx.req.method === 'POST') await ctx.json();
    const { user, tokenId } = requireAdmin(ctx);
    return handler(ctx, user, tokenId);
  };
}

/** A whole number from the path or the query; anything else names nobody. */
const wholeNumber = (raw: string) => (/^\d{1,9}$/.test(raw.trim()) ? Number(raw) : null);

/** The live account of the path's id with one of these roles, else 404. */
function pathUser(ctx: RequestContext, roles: readonly Role[]): UserRow {
  const userId = wholeNumber(ctx.params.id ?? '');
  if (userId === null) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return unwrap(findLiveUser(ctx.app.db, userId, roles));
}

/** The live account of the query's `user_id`, else 400 (not a number) or 404. */
function queryUser(ctx: RequestContext): UserRow {
  const userId = wholeNumber(ctx.url.searchParams.get('user_id') ?? '');
  if (userId === null) throw new HttpError(400, ADMIN_ANSWERS.badUserId);
  return unwrap(findLiveUser(ctx.app.db, userId, ALL_ROLES));
}

function searchOf(ctx: RequestContext): string | null {
  const search = ctx.url.searchParams.get('search')?.trim() ?? '';
  if (search.length > SEARCH_MAX) throw new HttpError(400, `search: must be at most ${SEARCH_MAX} characters`);
  return search || null;
}

// ---- staff: admins and artists ----

const createStaffUser = adminOnly(async (ctx) => {
  const body = await ctx.body(CreateBody);
  const hash = await ctx.app.passwords.hash(body.password);
  const user = unwrap(createStaff(ctx.app.db, body, hash, ctx.app.now()));
  return answer(adminApi.createUser, ADMIN_ANSWERS.created, staffView(user));
});

const updateStaffUser = adminOnly(async (ctx, admin) => {
  const body = await ctx.body(UpdateBody);
  const user = unwrap(findLiveUser(ctx.app.db, body.id, STAFF_ROLES));
  return answer(
    adminApi.updateUser,
    ADMIN_ANSWERS.updated,
    staffView(unwrap(updateStaff(ctx.app.db, admin, user, body))),
  );
});

/** A page of live accounts of these roles, each as `view` shows it; `search` matches the name or the email. */
function userList<T>(
  contract: CallContract<unknown, Paged<T>>,
  message: string,
  roles: readonly Role[],
  perPage: number,
  view: (u: UserRow) => T,
) {
  return adminOnly((ctx) =>
    answer(contract, message, mapPage(listUsers(ctx.app.db, roles, paging(ctx, perPage), searchOf(ctx)), view)),
  );
}

const listStaff = userList(adminApi.listUsers, 'Users.', STAFF_ROLES, ADMIN_USER_PAGE_SIZE, staffView);

const staffDetail = adminOnly((ctx) => answer(adminApi.userDetail, 'User.', staffView(pathUser(ctx, STAFF_ROLES))));

// ---- app users: listeners ----

const listAppUsers = userList(adminApi.listAppUsers, 'App users.', APP_ROLES, APP_USER_PAGE_SIZE, appUserView);

const appUserDetail = adminOnly((ctx) =>
  answer(adminApi.appUserDetail, 'App user.', appUserView(pathUser(ctx, APP_ROLES))),
);

const block = adminOnly(async (ctx) => {
  const user = unwrap(findLiveUser(ctx.app.db, (await ctx.body(BlockBody)).id, APP_ROLES));
  return answer(
    adminApi.blockAppUser,
    ADMIN_ANSWERS.blocked,
    appUserView(blockUser(ctx.app.db, user.id, ctx.app.now())),
  );
});

const unblock = adminOnly(async (ctx) => {
  const user = unwrap(findLiveUser(ctx.app.db, (await ctx.body(UnblockBody)).id, APP_ROLES));
  return answer(adminApi.unblockAppUser, ADMIN_ANSWERS.unblocked, appUserView(unblockUser(ctx.app.db, user.id)));
});

const deleteAppUser = adminOnly(async (ctx) => {
  const body = await ctx.body(DeleteBody);
  if ((body.id === undefined) === (body.email === undefined)) throw new HttpError(400, ADMIN_ANSWERS.idOrEmail);
  const { db } = ctx.app;
  const user = unwrap(
    body.id !== undefined ? findLiveUser(db, body.id, APP_ROLES) : findLiveUserByEmail(db, body.email!, APP_ROLES),
  );
  unwrap(deleteAccount(db, user, ctx.app.now()));
  return ok(ADMIN_ANSWERS.deleted);
});

const deleteByEmail = adminOnly(async (ctx) => {
  const { email: address } = await ctx.body(DeleteByEmailBody);
  const user = unwrap(findLiveUserByEmail(ctx.app.db, address, ALL_ROLES));
  unwrap(deleteAccount(ctx.app.db, user, ctx.app.now()));
  return ok(ADMIN_ANSWERS.deleted);
});

const transactions = adminOnly((ctx) => {
  const user = pathUser(ctx, APP_ROLES);
  const type = ctx.url.searchParams.get('type');
  if (type !== '1' && type !== '2') throw new HttpError(400, ADMIN_ANSWERS.badType);
  const page = contentPurchasesOf(ctx.app.db, user.id, Number(type) as ContentType, paging(ctx, APP_USER_PAGE_SIZE));
  return answer(adminApi.appUserTransactions, 'Transactions.', page);
});

const resendActivation = withErrorCode(
  ERROR_CODES.resend,
  adminOnly(async (ctx) => {
    const user = unwrap(findLiveUser(ctx.app.db, (await ctx.body(ResendBody)).id, APP_ROLES));
    if (user.email_verified_at) return ok(ADMIN_ANSWERS.alreadyVerified);
    sendVerification(mailContext(ctx), user);
    return ok(ADMIN_ANSWERS.verificationSent);
  }),
);

// ---- passwords ----

/**
 * Sets the password of an artist (through the artist call) or anyone else (through the other), and ends the
 * person's sessions; the admin's own current session stays when it is theirs.
 */
function changePassword(schema: typeof PasswordBody, forArtists: boolean) {
  return withErrorCode(
    ERROR_CODES.terms,
    adminOnly(async (ctx, _admin, tokenId) => {
      const body = await ctx.body(schema);
      const user = unwrap(findLiveUser(ctx.app.db, body.id, ALL_ROLES));
      if (forArtists !== (user.role === 'artist'))
        throw new HttpError(400, forArtists ? ADMIN_ANSWERS.notArtist : ADMIN_ANSWERS.isArtist);
      const hash = await ctx.app.passwords.hash(body.password);
      setPasswordByAdmin(ctx.app.db, user.id, hash, ctx.app.now(), tokenId);
      return ok(ADMIN_ANSWERS.passwordChanged);
    }),
  );
}

// ---- memberships ----

const subscriptions = adminOnly((ctx) => {
  const page = listMemberships(ctx.app.db, ctx.app.now(), paging(ctx, APP_USER_PAGE_SIZE), searchOf(ctx));
  return answer(adminApi.listSubscriptions, 'Memberships.', page);
});

const verify = adminOnly((ctx, admin) => {
  const user = queryUser(ctx);
  return answer(
    adminApi.verifySubscription,
    'Membership checked.',
    verifyMembership(ctx.app.db, user.id, admin.id, ctx.app.now()),
  );
});

const verifyChecks = adminOnly((ctx) => {
  const user = queryUser(ctx);
  return answer(
    adminApi.verifyHistory,
    'Membership checks.',
    verifyHistory(ctx.app.db, user.id, paging(ctx, APP_USER_PAGE_SIZE)),
  );
});

export const adminRoutes: Route[] = [
  { method: 'POST', path: '/admin/user/create', handler: createStaffUser },
  { method: 'POST', path: '/admin/user/update', handler: updateStaffUser },
  { method: 'GET', path: '/admin/user/list', handler: listStaff },
  { method: 'GET', path: '/admin/user/detail/:id', handler: staffDetail },
  { method: 'POST', path: '/admin/user/change-password', handler: changePassword(PasswordBody, false) },
  { method: 'POST', path: '/admin/user/delete-by-email', handler: deleteByEmail },
  { method: 'POST', path: '/admin/user-artist/change-password', handler: changePassword(ArtistPasswordBody, true) },
  { method: 'GET', path: '/admin/user-app/list', handler: listAppUsers },
  { method: 'GET', path: '/admin/user-app/detail/:id', handler: appUserDetail },
  { method: 'POST', path: '/admin/user-app/block', handler: block },
  { method: 'POST', path: '/admin/user-app/unblock', handler: unblock },
  { method: 'POST', path: '/admin/user-app/delete', handler: deleteAppUser },
  { method: 'GET', path: '/admin/user-app/transaction/:id', handler: transactions },
  { method: 'POST', path: '/admin/user-app/resend-activation-email', handler: resendActivation },
  { method: 'GET', path: '/admin/subscription', handler: subscriptions },
  { method: 'GET', path: '/admin/subscription/verify', handler: verify },
  { method: 'GET', path: '/admin/subscription/verify-history', handler: verifyChecks },
];
