/**
 * Session actions that need the API: completing a sign-in, reloading the profile, logging out.
 */
import { call } from '../api/client';
import type { ApiError, ApiResult } from '../api/errors';
import * as auth from '../api/auth';
import type { LoginResponse, UserProfile } from '../api/schemas';
import { session } from './session';

/** Stores the tokens, then loads the profile. A failed profile load leaves no half session. */
export async function completeSignIn(
  login: LoginResponse,
  options: { fromApps?: boolean } = {},
): Promise<ApiResult<UserProfile>> {
  session.signIn(login, options);
  const result = await refreshProfile();
  if (!result.ok) session.signOut('expired');
  return result;
}

export async function refreshProfile(): Promise<ApiResult<UserProfile>> {
  const result = await call(auth.profile, {});
  if (result.ok) session.setUser(result.data);
  return result;
}

/** Removes the token on the server (best effort), then clears the session. */
export async function logout(): Promise<ApiError | null> {
  const result = session.isSignedIn.value ? await call(auth.logout, {}) : null;
  session.clear();
  return result && !result.ok && result.error.status !== 401 ? result.error : null;
}
