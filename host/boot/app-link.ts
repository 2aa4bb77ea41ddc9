/** A link from the mobile app signed in by the head script, before the portal's code comes. */
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
 * Signs in a link from the mobile app before the portal's code comes, where no one else is signed in here (the head
 * script's plan says so: signsInAppLink); the page shows, signed in, the type's page (or the link's own page:
 * update-payment, direct-subscribe) meanwhile. Resolves to the Authorization the shown block's data is asked with ('' when
 * the token was refused).
 *
 * The token's exchange (GET MOBILE_LOGIN_PATH with the token as the bearer) is asked for first thing (`early`), as an
 * early answer the API client takes (shared/api/early.ts): whichever code finishes the sign-in, the token is exchanged
 * once. Where no one else is signed in here (nobody, or an earlier link of the app's own webview), this script signs
 * in as the portal's code would (shared/session/connection.ts signInWithAppToken): the session is written, signed in
 * by the app, so the tags ask for their data with it at once (the loader waits for appLinkSignedIn). A link
 * with a type then moves on to the type's page a moment later (APP_REDIRECT_MS), where the portal starts (host/main.tsx waits for
 * appLinkSettled). An update-payment or direct-subscribe link stays, and the portal starts at once: its page signs in
 * with the token again as it pays (the subscribe tag's app-entry model), and takes the same answer, left for it.
 * Otherwise (a refused token, another account signed in) the portal's code finishes it with the early answer: a
 * refused token shows the sign-in page with its message (an update-payment link its failed page), another account
 * asks "Continue as <email>?".
 */
export function signInAppLink(link: AppLink, early: Early, blocks: Blocks): Promise<string> {
  const base = BUILD_API_BASE;
  const done = bodyOf(early)
    .then((read) => {
      // The sign-in is the answer's data (shared/api/auth.ts mobileLogin), stored as the session stores it (authOf).
      const login = (read as { data?: { access_token?: unknown; expires_in?: unknown } } | null)?.data;
      if (typeof login?.access_token !== 'string' || !login.access_token || typeof login.expires_in !== 'number')
        return false;
      const auth = authOf(login as { access_token: string; expires_in: number }, Date.now());
      // The answer is used here: the portal's code must not take it again (but the link's own page, which signs in
      // with it as it pays).
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
