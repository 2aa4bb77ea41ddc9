/**
 * A connection to one API host: its session store and an API client that signs its calls with
 * that session's token and signs the session out on a 401. Sign-in lives here, once: completing
 * a sign-in, reloading the profile, logging out, and exchanging the mobile app's one-time token.
 *
 * One connection per API host per page (kept on globalThis, so a second copy of the widgets'
 * script shares it): tags with the same `api-base` share one sign-in; another host never gets
 * the first host's token.
 */
import * as auth from '../api/auth';
import { createApiClient, type ApiClient } from '../api/client';
import type { ApiError, ApiResult } from '../api/errors';
import type { LoginResponse, UserProfile } from '../api/schemas';
import { emit } from '../events/events';
import { pageStore, sessionKeyFor } from '../boot/boot';
import { createSession, type Session } from './session';

/**
 * What the mobile app's one-time token led to: signed in, or a question for the person because
 * someone else is signed in here ('Continue as <email>?'): `accept` replaces the session with the
 * link's, `decline` signs the link's session out at once and leaves the current one as it was.
 */
export type AppSignIn =
  | { readonly kind: 'signed-in'; readonly profile: UserProfile }
  | {
      readonly kind: 'confirm';
      /** who the link signs in */
      readonly email: string;
      /** who is signed in now (null while their profile is not loaded) */
      readonly current: string | null;
      accept(): Promise<UserProfile>;
      decline(): Promise<void>;
    };

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
   * Signs in with the mobile app's one-time token. With nobody signed in here (the app's webview) it
   * starts from nothing. Otherwise the token's profile is read without touching the session: the same
   * person is signed in again, another is a question (`confirm`): a link alone never switches who is
   * signed in, or someone could have you pay into their account.
   */
  signInWithAppToken(token: string): Promise<ApiResult<AppSignIn>>;
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
      const signedIn = session.isSignedIn.value;
      const current = session.user.value;
      if (!signedIn) session.clear();
      const login = await api.call(auth.mobileLogin, {}, { bearer: token });
      if (!login.ok) return login;
      if (!signedIn) {
        const profile = await connection.completeSignIn(login.data, { fromApps: true });
        return profile.ok ? { ...profile, data: { kind: 'signed-in', profile: profile.data } } : profile;
      }
      const bearer = login.data.access_token;
      const signOutLink = async () => void (await api.call(auth.logout, {}, { bearer }));
      const profile = await api.call(auth.profile, {}, { bearer });
      if (!profile.ok) {
        await signOutLink();
        return profile;
      }
      const replace = (): UserProfile => {
        session.clear();
        session.signIn(login.data, { fromApps: true });
        session.setUser(profile.data);
        return profile.data;
      };
      // The app's own webview (the session came from an earlier link of the app) has nobody else signed in: the
      // app's link replaces it, as the product says. Elsewhere a link for another account asks first.
      if (session.fromApps.value || (current && String(current.id) === String(profile.data.id))) {
        return { ok: true, message: profile.message, data: { kind: 'signed-in', profile: replace() } };
      }
      return {
        ok: true,
        message: profile.message,
        data: {
          kind: 'confirm',
          email: profile.data.email,
          current: current?.email ?? null,
          accept: async () => replace(),
          decline: signOutLink,
        },
      };
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

/** The page's connection to an API host ('' is the page's own origin). */
export function connectionFor(apiBase: string): Connection {
  const connections = pageStore('sm.connections', () => new Map<string, Connection>());
  let connection = connections.get(apiBase);
  if (!connection) {
    const session = createSession({
      storage: localStorageOrNull(),
      key: sessionKeyFor(apiBase),
      events: globalThis.window ?? null,
    });
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
