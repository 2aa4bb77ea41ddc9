/**
 * What the unit tests of <sm-login>'s models share: a login model with fake dependencies, a fake
 * social sign-in, and the model of the view shown.
 */
import { expect, vi } from 'vitest';
import type { SocialMode, SocialSignIn, SocialUser } from '../../shared/auth/social';
import { fakeDeps, ok, PROFILE, type Handler } from '../../shared/deps/testing';
import type { Query } from '../../shared/routing/routes';
import { COUNTRIES } from './login.fixtures';
import { createLoginModel, type LoginModel, type Screen, type View } from './login.model';

export { COUNTRIES };
export const TOKENS = { access_token: 'token-2', token_type: 'Bearer', expires_in: 3600 };
export const GRACE: SocialUser = {
  email: 'grace@example.org',
  name: 'Grace Ann Hopper',
  uid: 'g-1',
  token: 'id-token',
  method: 'google',
};

export function fakeSocial(mode: SocialMode = 'popup', popup: () => Promise<SocialUser> = async () => GRACE) {
  return {
    prepared: 0,
    mode: () => mode,
    prepare() {
      this.prepared += 1;
    },
    signInWithPopup: vi.fn((_provider: string) => popup()),
    signInWithTestAccount: vi.fn(async (provider: SocialUser['method'], account: { email: string; name: string }) => ({
      ...GRACE,
      email: account.email,
      name: account.name,
      method: provider,
    })),
  } satisfies SocialSignIn & { prepared: number };
}

/**
 * A login model with fake dependencies. Like the element, `showView` sets the view "attribute",
 * which starts that view (`shown` lists the views asked for); `model.start` sets it as the
 * portal's host page would.
 */
export function setup(
  options: {
    routes?: Record<string, Handler>;
    signedIn?: boolean;
    query?: Query;
    fromApps?: boolean;
    social?: ReturnType<typeof fakeSocial>;
  } = {},
) {
  const deps = fakeDeps({
    ...options,
    routes: { 'GET /api/country': ok(COUNTRIES), 'GET /webclient/account/profile': ok(PROFILE), ...options.routes },
  });
  const social = options.social ?? fakeSocial();
  const shown: View[] = [];
  const model = createLoginModel({
    ...deps,
    social,
    showView: (view) => {
      shown.push(view);
      model.start(view);
    },
  });
  const calls = (method: string, path: string) => deps.requests.filter((r) => r.method === method && r.path === path);
  return { deps, model, shown, social, calls };
}

type ModelOf<V extends View> = Extract<Screen, { view: V }>['model'];

/** The model of the view shown, which must be `view`. */
export function on<V extends View>(model: LoginModel, view: V): ModelOf<V> {
  const screen = model.screen.value;
  expect(screen.view).toBe(view);
  return screen.model as ModelOf<V>;
}

/** Shows the sign-in view and fills in an email and a password, as a person would; the view's model, to submit. */
export function fillLogin(model: LoginModel, email: string, password: string): ModelOf<'login'> {
  model.start('login');
  const login = on(model, 'login');
  login.setField('email', email);
  login.setField('password', password);
  return login;
}
