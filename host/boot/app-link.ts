import {
  APP_REDIRECT_MS,
  askEarly,
  authOf,
  beginAppLinkSignIn,
  bodyOf,
  BUILD_API_BASE,
  PROFILE_PATH,
  sessionKeyFor,
  signedInRecord,
  storedAuthorization,
  type AppLink,
  type Early,
} from '../../shared/boot/boot';
import { appLinkTarget, hrefFor } from '../../shared/routing/routes';
import type { Blocks } from './blocks';

/**
 * Signs in a link from the mobile app from the token's exchange (`early`), as the portal's code would
 * (shared/session/connection.ts signInWithAppToken), where the plan says so (signsInAppLink); a link with a type then
 * moves on to the type's page. A refused token is left to the portal's code, with the early answer. Resolves to the
 * Authorization the shown block's data is asked with ('' when refused). The whole flow: docs/boot.md (c).
 */
export function signInAppLink(link: AppLink, early: Early, blocks: Blocks): Promise<string> {
  const base = BUILD_API_BASE;
  const done = bodyOf(early)
    .then((read) => {
      // The answer's data (shared/api/auth.ts mobileLogin), stored as the session stores it.
      const login = (read as { data?: { access_token?: unknown; expires_in?: unknown } } | null)?.data;
      if (typeof login?.access_token !== 'string' || !login.access_token || typeof login.expires_in !== 'number')
        return false;
      const auth = authOf(login as { access_token: string; expires_in: number }, Date.now());
      // Used up here, but for a link without a type: its own page signs in with it again as it pays.
      if (link.type) early.uses = 0;
      localStorage.setItem(sessionKeyFor(base), signedInRecord(auth, true));
      askEarly(base + PROFILE_PATH, `${auth.tokenType} ${auth.accessToken}`).uses = 1;
      return true;
    })
    .catch(() => false);
  const settled = done.then(
    (done) =>
      new Promise<void>((moved) => {
        if (!done) {
          // The portal's code shows the sign-in page with the message, from the early answer.
          blocks.showNone();
          return moved();
        }
        // A link without a type stays on its page, and the portal starts at once.
        if (!link.type) return moved();
        setTimeout(() => {
          const target = appLinkTarget(link.type!);
          history.replaceState(history.state, '', hrefFor(target.name, target.query));
          moved();
        }, APP_REDIRECT_MS);
      }),
  );
  beginAppLinkSignIn({ signedIn: done, settled });
  // The shown block's data waits for this sign-in (askFirstData).
  return done.then((ok) => (ok ? storedAuthorization(base) : ''));
}
