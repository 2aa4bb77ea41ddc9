/**
 * A connection to one API host: its session store and an API client that signs its calls with
 * that session's token and signs the session out on a 401. Sign-in lives here, once: completing
 * a sign-in (tokens, then the profile), reloading the profile, logging out, and exchanging the
 * mobile app's one-time token `_t` for a session.
 *
 * One connection per API host per page (kept on globalThis, so a second copy of the widgets'
 * script shares it): tags with the same `api-base` share one sign-in, a tag with another
 * `api-base` has its own and never sends the first host's token.
 */
import * as auth from '../api/auth';
import { createApiClient, type ApiClient } from '../api/client';
import type { ApiError, ApiResult } from '../api/errors';
import type { LoginResponse, UserProfile } from '../api/schemas';
import { emit } from '../events/events';
import { createSession, storageKeyFor, type Session } from './session';

export interface Connection {
  readonly apiBase: string;
  readonly session: Session;
  readonly api: ApiClient;
  /** Stores the tokens, then loads the profile. A failed profile load leaves no half session. */
  completeSignIn(login: LoginResponse, options?: { fromApps?: boolean }): Promise<ApiResult<UserProfile>>;
  refreshProfile(): Promise<ApiResult<UserProfile>>;
  /** Removes the token on the server (best effort), then clears the session. */
  logout(): Promise<ApiError | null>;
  /**
   * Signs in with the mobile app's one-time token: any session is cleared first (the app's
   * link starts from nothing), then the token is exchanged and the profile loaded.
   */
  signInWithAppToken(token: string): Promise<ApiResult<UserProfile>>;
}

export function createConnection(apiBase: string, session: Session, fetchFn?: typeof fetch): Connection {
  const api = createApiClient({
    base: apiBase,
    authorization: () => session.authorization(),
    onUnauthorized: () => session.signOut('expired'),
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
  const connection: Connection = {
    apiBase,
    session,
    api,
    async completeSignIn(login, options = {}) {
      session.signIn(login, options);
      const result = await connection.refreshProfile();
      if (!result.ok) session.signOut('expired');
      return result;
    },
    async refreshProfile() {
      const result = await api.call(auth.profile, {});
      if (result.ok) session.setUser(result.data);
      return result;
    },
    async logout() {
      const result = session.isSignedIn.value ? await api.call(auth.logout, {}) : null;
      session.clear();
      return result && !result.ok && result.error.status !== 401 ? result.error : null;
    },
    async signInWithAppToken(token) {
      session.clear();
      const login = await api.call(auth.mobileLogin, {}, { bearer: token });
      if (!login.ok) return login;
      return connection.completeSignIn(login.data, { fromApps: true });
    },
  };
  return connection;
}

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

const KEY = Symbol.for('sm.connections');
type Holder = { [KEY]?: Map<string, Connection> };

/** The page's connection to an API host ('' is the page's own origin). */
export function connectionFor(apiBase: string): Connection {
  const connections = ((globalThis as Holder)[KEY] ??= new Map());
  let connection = connections.get(apiBase);
  if (!connection) {
    const session = createSession({ storage: localStorageOrNull(), key: storageKeyFor(apiBase), events: globalThis.window ?? null });
    connection = createConnection(apiBase, session);
    connections.set(apiBase, connection);
    // Embedders hear of every sign-out once per host: `sm-signed-out` on the document.
    if (typeof document !== 'undefined') {
      session.onChange((signedIn, reason) => {
        if (!signedIn) emit(document, 'sm-signed-out', { reason: reason ?? 'logout' });
      });
    }
  }
  return connection;
}
