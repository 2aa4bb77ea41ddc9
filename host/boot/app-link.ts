/** A link from the mobile app signed in by the head script, before the portal's code comes. */
import {
  APP_REDIRECT_MS,
  askEarly,
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
 * by the app, so the tags ask for their data with it at once (widgets/loader.ts waits for appLinkSignedIn). A link
 * with a type then moves on to the type's page a moment later (APP_REDIRECT_MS), where the portal starts (host/main.tsx waits for
 * appLinkSettled). An update-payment or direct-subscribe link stays, and the portal starts at once: its page signs in
 * with the token again as it pays (widgets/subscribe/app-entry.model.ts), and takes the same answer, left for it.
 * Otherwise (a refused token, another account signed in) the portal's code finishes it with the early answer: a
 * refused token shows the sign-in page with its message (an update-payment link its failed page), another account
 * asks "Continue as <email>?".
 */
export function signInAppLink(link: AppLink, early: Early, blocks: Blocks): Promise<string> {
  const base = BUILD_API_BASE;
  const done = bodyOf(early)
    .then((read) => {
      const body = read as { data?: { access_token?: unknown; token_type?: unknown; expires_in?: unknown } } | null;
      // Read as the API client reads it (shared/api/auth.ts mobileLogin): the sign-in is the answer's data.
      const { access_token: token, token_type: type, expires_in: expiresIn } = body?.data ?? {};
      if (typeof token !== 'string' || !token || typeof expiresIn !== 'number') return false;
      const tokenType = typeof type === 'string' && /^[A-Za-z]{1,32}$/.test(type) ? type : 'Bearer';
      // The answer is used here: the portal's code must not take it again (but the link's own page, which signs in
      // with it as it pays).
      if (link.type) early.uses = 0;
      localStorage.setItem(
        sessionKeyFor(base),
        signedInRecord({ accessToken: token, tokenType, expiresAt: Date.now() + expiresIn * 1000 }, true),
      );
      askEarly(base + PROFILE_PATH, `${tokenType} ${token}`).uses = 1;
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
