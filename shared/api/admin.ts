/**
 * The admin calls, as a typed client module (there is no admin screen). Every call sends the
 * signed-in admin's bearer token; the API host answers them to the admin role only.
 */
import * as z from 'zod/mini';
import { get, Ignored, post } from './contract';
import { lazy } from './lazy';

export const ADMIN_USER_PAGE_SIZE = 6;
export const APP_USER_REFRESH = 20;

export const AdminUser = lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    created_at: z.string(),
  }),
);
export type AdminUser = z.infer<typeof AdminUser>;

export const AppUser = lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    type: z.number(),
    country: z.nullable(z.string()),
    blocked: z.boolean(),
    email_verified: z.boolean(),
    credit_balance: z.number(),
    joined: z.string(),
  }),
);
export type AppUser = z.infer<typeof AppUser>;

const Paged = <T extends z.ZodMiniType>(row: T) => z.object({ data: z.array(row), total: z.number() });
const ListQuery = lazy(() =>
  z.object({
    page: z.optional(z.number().check(z.int(), z.positive())),
    per_page: z.optional(z.number().check(z.int(), z.positive(), z.maximum(100))),
    search: z.optional(z.string().check(z.maxLength(100))),
  }),
);
type ListQuery = z.infer<typeof ListQuery>;
const listQuery = (perPage: number) => (q: ListQuery) => {
  const out: Record<string, string> = { page: String(q.page ?? 1), per_page: String(q.per_page ?? perPage) };
  if (q.search) out.search = q.search;
  return out;
};
const Id = lazy(() => z.object({ id: z.number().check(z.int(), z.positive()) }));

const Password = lazy(() => z.object({ id: z.number(), password: z.string().check(z.minLength(6), z.maxLength(200)) }));
const Email = lazy(() => z.object({ email: z.string().check(z.email()) }));
const Role = lazy(() => z.enum(['admin', 'artist']));

export const createUser = lazy(() =>
  post(
    '/admin/user/create',
    z.object({
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      email: z.string().check(z.email()),
      password: z.string().check(z.minLength(6)),
      role: Role,
    }),
    AdminUser,
  ),
);
export const updateUser = lazy(() =>
  post(
    '/admin/user/update',
    z.object({
      id: z.number(),
      name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      role: z.optional(Role),
    }),
    AdminUser,
  ),
);
export const listUsers = lazy(() =>
  get('/admin/user/list', Paged(AdminUser), { request: ListQuery, query: listQuery(ADMIN_USER_PAGE_SIZE) }),
);
export const listAppUsers = lazy(() =>
  get('/admin/user-app/list', Paged(AppUser), { request: ListQuery, query: listQuery(APP_USER_REFRESH) }),
);
export const userDetail = lazy(() =>
  get((req: { id: number }) => `/admin/user/detail/${req.id}`, AdminUser, { request: Id }),
);
export const appUserDetail = lazy(() =>
  get((req: { id: number }) => `/admin/user-app/detail/${req.id}`, AppUser, { request: Id }),
);
export const blockAppUser = lazy(() => post('/admin/user-app/block', Id, AppUser));
export const unblockAppUser = lazy(() => post('/admin/user-app/unblock', Id, AppUser));
/** Deletes an app user by id or by email; money records are kept, personal data removed. */
export const deleteAppUser = lazy(() => post('/admin/user-app/delete', z.union([Id, Email]), Ignored));
export const changeUserPassword = lazy(() =>
  post('/admin/user/change-password', Password, Ignored, { errorCode: 'ER-AUTH-03' }),
);
export const changeArtistPassword = lazy(() =>
  post('/admin/user-artist/change-password', Password, Ignored, { errorCode: 'ER-AUTH-03' }),
);

/** Artists change their password through the artist endpoint, everyone else through the normal one. */
export function passwordContractFor(user: Pick<AdminUser, 'role'>) {
  return user.role === 'artist' ? changeArtistPassword : changeUserPassword;
}

export const deleteUserByEmail = lazy(() => post('/admin/user/delete-by-email', Email, Ignored));

export const AppUserTransaction = lazy(() =>
  z.object({
    id: z.union([z.number(), z.string()]),
    created_at: z.string(),
    product_name: z.string(),
    artist_name: z.string(),
    type: z.number(),
    amount: z.number(),
    currency: z.string(),
  }),
);

/** Purchases of an app user by type: 1 song, 2 album. */
export const appUserTransactions = lazy(() =>
  get((req: { id: number }) => `/admin/user-app/transaction/${req.id}`, Paged(AppUserTransaction), {
    request: z.object({
      id: z.number(),
      type: z.union([z.literal(1), z.literal(2)]),
      page: z.optional(z.number()),
      per_page: z.optional(z.number()),
    }),
    query: (req) => ({
      type: String(req.type),
      page: String(req.page ?? 1),
      per_page: String(req.per_page ?? APP_USER_REFRESH),
    }),
  }),
);
export const resendActivationEmail = lazy(() =>
  post('/admin/user-app/resend-activation-email', Id, Ignored, { errorCode: 'ER-AUTH-69' }),
);

export const AdminSubscription = lazy(() =>
  z.object({
    user_id: z.number(),
    email: z.string(),
    recurring: z.number(),
    canceled: z.boolean(),
    current_amount: z.number(),
    end_date: z.string(),
  }),
);
export const listSubscriptions = lazy(() =>
  get('/admin/subscription', Paged(AdminSubscription), { request: ListQuery, query: listQuery(APP_USER_REFRESH) }),
);

export const VerifyResult = lazy(() =>
  z.object({ user_id: z.number(), active: z.boolean(), end_date: z.nullable(z.string()), checked_at: z.string() }),
);
export const verifySubscription = lazy(() =>
  get('/admin/subscription/verify', VerifyResult, {
    request: z.object({ user_id: z.number() }),
    query: (req) => ({ user_id: String(req.user_id) }),
  }),
);
export const verifyHistory = lazy(() =>
  get('/admin/subscription/verify-history', Paged(VerifyResult), {
    request: z.object({ user_id: z.number(), page: z.optional(z.number()) }),
    query: (req) => ({ user_id: String(req.user_id), page: String(req.page ?? 1) }),
  }),
);
