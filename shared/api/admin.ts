/**
 * The admin calls of spec section 7, as a typed client module (no screen is specified).
 * Every call sends the signed-in admin's bearer token; the API host answers them to the
 * admin role only.
 */
import * as z from 'zod/mini';
import { call, contract } from './client';
import { Ignored } from './schemas';

export const ADMIN_USER_PAGE_SIZE = 6;
export const APP_USER_REFRESH = 20;

export const AdminUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AppUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.number(),
  country: z.nullable(z.string()),
  blocked: z.boolean(),
  email_verified: z.boolean(),
  credit_balance: z.number(),
  joined: z.string(),
});
export type AppUser = z.infer<typeof AppUser>;

const Paged = <T extends z.ZodMiniType>(row: T) => z.object({ data: z.array(row), total: z.number() });
const ListQuery = z.object({
  page: z.optional(z.number().check(z.int(), z.positive())),
  per_page: z.optional(z.number().check(z.int(), z.positive(), z.maximum(100))),
  search: z.optional(z.string().check(z.maxLength(100))),
});
type ListQuery = z.infer<typeof ListQuery>;
const listQuery = (perPage: number) => (q: ListQuery) => {
  const out: Record<string, string> = { page: String(q.page ?? 1), per_page: String(q.per_page ?? perPage) };
  if (q.search) out.search = q.search;
  return out;
};
const Id = z.object({ id: z.number().check(z.int(), z.positive()) });

export const createUser = contract({
  method: 'POST',
  path: '/admin/user/create',
  auth: true,
  request: z.object({ name: z.string().check(z.minLength(1), z.maxLength(200)), email: z.string().check(z.email()), password: z.string().check(z.minLength(6)), role: z.enum(['admin', 'artist']) }),
  response: AdminUser,
  errorCode: null,
});

export const updateUser = contract({
  method: 'POST',
  path: '/admin/user/update',
  auth: true,
  request: z.object({ id: z.number(), name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))), role: z.optional(z.enum(['admin', 'artist'])) }),
  response: AdminUser,
  errorCode: null,
});

export const listUsers = contract({
  method: 'GET',
  path: '/admin/user/list',
  auth: true,
  request: ListQuery,
  response: Paged(AdminUser),
  errorCode: null,
  query: listQuery(ADMIN_USER_PAGE_SIZE),
});

export const listAppUsers = contract({
  method: 'GET',
  path: '/admin/user-app/list',
  auth: true,
  request: ListQuery,
  response: Paged(AppUser),
  errorCode: null,
  query: listQuery(APP_USER_REFRESH),
});

export const userDetail = contract({
  method: 'GET',
  path: (req: { id: number }) => `/admin/user/detail/${req.id}`,
  auth: true,
  request: Id,
  response: AdminUser,
  errorCode: null,
});

export const appUserDetail = contract({
  method: 'GET',
  path: (req: { id: number }) => `/admin/user-app/detail/${req.id}`,
  auth: true,
  request: Id,
  response: AppUser,
  errorCode: null,
});

export const blockAppUser = contract({ method: 'POST', path: '/admin/user-app/block', auth: true, request: Id, response: AppUser, errorCode: null });
export const unblockAppUser = contract({ method: 'POST', path: '/admin/user-app/unblock', auth: true, request: Id, response: AppUser, errorCode: null });

/** Deletes an app user by id or by email; money records are kept, personal data removed. */
export const deleteAppUser = contract({
  method: 'POST',
  path: '/admin/user-app/delete',
  auth: true,
  request: z.union([Id, z.object({ email: z.string().check(z.email()) })]),
  response: Ignored,
  errorCode: null,
});

export const changeUserPassword = contract({
  method: 'POST',
  path: '/admin/user/change-password',
  auth: true,
  request: z.object({ id: z.number(), password: z.string().check(z.minLength(6), z.maxLength(200)) }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

export const changeArtistPassword = contract({
  method: 'POST',
  path: '/admin/user-artist/change-password',
  auth: true,
  request: z.object({ id: z.number(), password: z.string().check(z.minLength(6), z.maxLength(200)) }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

/** Changes a user's password through the artist endpoint for artists, else the normal one (spec section 6). */
export function changePasswordFor(user: Pick<AdminUser, 'id' | 'role'>, password: string) {
  return call(user.role === 'artist' ? changeArtistPassword : changeUserPassword, { id: user.id, password });
}

export const deleteUserByEmail = contract({
  method: 'POST',
  path: '/admin/user/delete-by-email',
  auth: true,
  request: z.object({ email: z.string().check(z.email()) }),
  response: Ignored,
  errorCode: null,
});

export const AppUserTransaction = z.object({
  id: z.union([z.number(), z.string()]),
  created_at: z.string(),
  product_name: z.string(),
  artist_name: z.string(),
  type: z.number(),
  amount: z.number(),
  currency: z.string(),
});

/** Purchases of an app user by type: 1 song, 2 album. */
export const appUserTransactions = contract({
  method: 'GET',
  path: (req: { id: number }) => `/admin/user-app/transaction/${req.id}`,
  auth: true,
  request: z.object({ id: z.number(), type: z.union([z.literal(1), z.literal(2)]), page: z.optional(z.number()), per_page: z.optional(z.number()) }),
  response: Paged(AppUserTransaction),
  errorCode: null,
  query: (req) => ({ type: String(req.type), page: String(req.page ?? 1), per_page: String(req.per_page ?? APP_USER_REFRESH) }),
});

export const resendActivationEmail = contract({
  method: 'POST',
  path: '/admin/user-app/resend-activation-email',
  auth: true,
  request: Id,
  response: Ignored,
  errorCode: 'ER-AUTH-69',
});

export const AdminSubscription = z.object({
  user_id: z.number(),
  email: z.string(),
  recurring: z.number(),
  canceled: z.boolean(),
  current_amount: z.number(),
  end_date: z.string(),
});

export const listSubscriptions = contract({
  method: 'GET',
  path: '/admin/subscription',
  auth: true,
  request: ListQuery,
  response: Paged(AdminSubscription),
  errorCode: null,
  query: listQuery(APP_USER_REFRESH),
});

export const VerifyResult = z.object({ user_id: z.number(), active: z.boolean(), end_date: z.nullable(z.string()), checked_at: z.string() });

export const verifySubscription = contract({
  method: 'GET',
  path: '/admin/subscription/verify',
  auth: true,
  request: z.object({ user_id: z.number() }),
  response: VerifyResult,
  errorCode: null,
  query: (req) => ({ user_id: String(req.user_id) }),
});

export const verifyHistory = contract({
  method: 'GET',
  path: '/admin/subscription/verify-history',
  auth: true,
  request: z.object({ user_id: z.number(), page: z.optional(z.number()) }),
  response: Paged(VerifyResult),
  errorCode: null,
  query: (req) => ({ user_id: String(req.user_id), page: String(req.page ?? 1) }),
});
