// Who sends a request: the http layer's checks of the bearer token, used by the routes.
import { bearerToken, HttpError, UNAUTHENTICATED, type RequestContext } from './http.js';
import { findLiveToken } from './tokens.js';
import { ACCOUNT_MESSAGES, findUserById, type UserRow } from './users.js';

export interface Session {
  user: UserRow;
  /** id of the access token row, to revoke it */
  tokenId: number;
  /** when the person signed in (the access token was issued), ISO */
  signedInAt: string;
}

/** The signed-in user of this request; throws 401 `Unauthenticated.` otherwise. */
export function requireSession(ctx: RequestContext): Session {
  const token = bearerToken(ctx.req);
  const row = token ? findLiveToken(ctx.app.db, 'access', token, ctx.app.now()) : undefined;
  const user = row ? findUserById(ctx.app.db, row.user_id) : undefined;
  // Blocking and deletion revoke every session; a blocked or deleted owner never counts as signed in either way.
  if (!row || !user || user.blocked_at || user.deleted_at) throw new HttpError(401, UNAUTHENTICATED);
  return { user, tokenId: row.id, signedInAt: row.created_at };
}

/** The signed-in administrator: 401 without a session, 403 `This needs an administrator.` for any other role. */
export function requireAdmin(ctx: RequestContext): Session {
  const session = requireSession(ctx);
  if (session.user.role !== 'admin') throw new HttpError(403, ACCOUNT_MESSAGES.needsAdmin);
  return session;
}

/**
 * The signed-in user when the request carries an Authorization header, else null (an anonymous visitor).
 * A header with a missing, unknown or expired token is still 401: it never silently counts as anonymous.
 */
export function optionalSession(ctx: RequestContext): Session | null {
  return ctx.req.headers.authorization === undefined ? null : requireSession(ctx);
}
