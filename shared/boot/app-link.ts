/** A link from the mobile app (`_t`, its one-time token), and route.js's sign-in of it, which the others wait for. */
import { page } from './page';

/** The call that exchanges the app's one-time token for a session (shared/api/auth.ts mobileLogin). */
export const MOBILE_LOGIN_PATH = '/webclient/auth/mobile-login';
/** The signed-in person's profile (shared/api/auth.ts profile), which the portal asks for as it starts. */
export const PROFILE_PATH = '/webclient/account/profile';
/** After the app's sign-in, how long before the person is moved on to the link's page. */
export const APP_REDIRECT_MS = 500;

/** A link from the mobile app: its token, where it opens, and the `type` that says where it goes. */
export interface AppLink {
  readonly token: string;
  /** '/login' or '/register' (with a `type`), '/update-payment', '/direct-subscribe'. */
  readonly path: string;
  readonly type: string | null;
}

/** The app link an address holds ('#/login?_t=…&type=topup'), or null. */
export function appLinkOf(hash: string): AppLink | null {
  const [path = '', ...rest] = hash.replace(/^#/, '').split('?');
  const query = new URLSearchParams(rest.join('?'));
  const token = query.get('_t');
  const type = query.get('type');
  if (!token) return null;
  if ((path === '/login' || path === '/register') && type) return { token, path, type };
  return path === '/update-payment' || path === '/direct-subscribe' ? { token, path, type: null } : null;
}

/**
 * Says route.js is signing an app link in (host/boot/app-link.ts): `signedIn` once the token's exchange has answered,
 * `settled` once the page has moved on to the type's page (or will not).
 */
export function beginAppLinkSignIn(flow: NonNullable<ReturnType<typeof page>['appLink']>): void {
  page().appLink = flow;
}

/** Resolves once the app link's sign-in has answered (at once when there is none). */
export function appLinkSignedIn(): Promise<unknown> {
  return page().appLink?.signedIn ?? Promise.resolve();
}

/** Resolves once the app link's sign-in has moved the page on (at once when there is none). */
export function appLinkSettled(): Promise<unknown> {
  return page().appLink?.settled ?? Promise.resolve();
}
