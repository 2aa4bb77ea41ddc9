/**
 * Social sign-in through the Firebase JS SDK, loaded when a person reaches for a social button
 * (prepare() on hover or focus) so the click opens the popup at once and is not blocked.
 *
 * Against the Auth emulator the popup cannot load, so the sandbox asks for a test account and
 * signs in with a fake provider credential: the real SDK path either way.
 */
import type { Auth, AuthProvider, OAuthCredential, UserCredential } from 'firebase/auth';
import { firebaseSettings, type FirebaseSettings } from './runtime-config';

export type Provider = 'google' | 'facebook' | 'apple';

/** What a provider tells of the person, for the API host's social calls. */
export interface SocialUser {
  readonly email: string;
  readonly name: string;
  readonly uid: string;
  readonly token: string;
  readonly method: Provider;
}

/** What the emulator's fake provider credential carries. */
export interface TestAccount {
  readonly email: string;
  readonly name: string;
  readonly emailVerified: boolean;
}

/** What each provider is asked to share. */
export const SCOPES: Record<Provider, readonly string[]> = {
  google: ['email', 'profile'],
  facebook: ['email', 'public_profile'],
  apple: ['email', 'name'],
};

type AuthModule = typeof import('firebase/auth');
interface Loaded {
  readonly auth: Auth;
  readonly mod: AuthModule;
  readonly emulator: boolean;
}

let loading: Promise<Loaded> | null = null;

/** Loads and initialises Firebase once per page; a failed load is forgotten so it can be retried. */
export function prepare(settings: FirebaseSettings | null = firebaseSettings()): Promise<Loaded> {
  if (!settings) return Promise.reject(new Error('Social sign-in is not configured on this page.'));
  loading ??= (async () => {
    const [{ initializeApp, getApps }, mod] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = getApps().find((a) => a.name === 'sm-portal') ?? initializeApp(settings, 'sm-portal');
    // Not for the emulator: given a resolver, the SDK loads Google's api.js at once in Safari, which
    // the portal's CSP and Trusted Types refuse.
    const auth = mod.initializeAuth(app, {
      persistence: mod.inMemoryPersistence,
      ...(settings.authEmulatorUrl ? {} : { popupRedirectResolver: mod.browserPopupRedirectResolver }),
    });
    if (settings.authEmulatorUrl) mod.connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
    return { auth, mod, emulator: !!settings.authEmulatorUrl };
  })();
  loading.catch(() => (loading = null));
  return loading;
}

function providerFor(mod: AuthModule, provider: Provider): AuthProvider {
  const p =
    provider === 'google'
      ? new mod.GoogleAuthProvider()
      : provider === 'facebook'
        ? new mod.FacebookAuthProvider()
        : new mod.OAuthProvider('apple.com');
  for (const scope of SCOPES[provider]) p.addScope(scope);
  return p;
}

/** The emulator's fake provider credential for a test account. */
function testCredential(mod: AuthModule, provider: Provider, account: TestAccount): OAuthCredential {
  const claims = JSON.stringify({
    sub: `${provider}-${account.email.toLowerCase()}`,
    email: account.email,
    email_verified: account.emailVerified,
    name: account.name,
  });
  if (provider === 'google') return mod.GoogleAuthProvider.credential(claims);
  if (provider === 'facebook') return mod.FacebookAuthProvider.credential(claims);
  return new mod.OAuthProvider('apple.com').credential({ idToken: claims });
}

async function toSocialUser(
  loaded: Loaded,
  result: UserCredential,
  provider: Provider,
  fallbackName: string,
): Promise<SocialUser> {
  const user = result.user;
  const token = await user.getIdToken();
  const social: SocialUser = {
    email: user.email ?? '',
    name: user.displayName ?? fallbackName,
    uid: user.uid,
    token,
    method: provider,
  };
  // The portal keeps its own session; Firebase's ends here.
  await loaded.mod.signOut(loaded.auth).catch(() => undefined);
  return social;
}

/** Production path: the provider's popup. Call straight from the click (after prepare()). */
export async function signInWithPopup(provider: Provider): Promise<SocialUser> {
  const loaded = await prepare();
  const result = await loaded.mod.signInWithPopup(loaded.auth, providerFor(loaded.mod, provider));
  return toSocialUser(loaded, result, provider, '');
}

/** Emulator path: the sandbox's identity step gave a test account. */
export async function signInWithTestAccount(provider: Provider, account: TestAccount): Promise<SocialUser> {
  const loaded = await prepare();
  if (!loaded.emulator) throw new Error('Test accounts work only against the Auth emulator.');
  const result = await loaded.mod.signInWithCredential(loaded.auth, testCredential(loaded.mod, provider, account));
  return toSocialUser(loaded, result, provider, account.name);
}

/** Splits a provider's display name into first and last name. */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: '', last: '' };
  if (parts.length === 1) return { first: parts[0]!, last: '' };
  return { first: parts.slice(0, -1).join(' '), last: parts[parts.length - 1]! };
}

/** 'off' without Firebase settings, 'emulator' against the Auth emulator, else 'popup'. */
export type SocialMode = 'off' | 'popup' | 'emulator';

/** Social sign-in as the login model uses it. */
export interface SocialSignIn {
  mode(): SocialMode;
  /** Loads Firebase ahead of the click (a failure is retried on the next call). */
  prepare(): void;
  signInWithPopup(provider: Provider): Promise<SocialUser>;
  signInWithTestAccount(provider: Provider, account: TestAccount): Promise<SocialUser>;
}

/** This page's social sign-in, from its runtime settings. */
export const pageSocialSignIn: SocialSignIn = {
  mode() {
    const settings = firebaseSettings();
    return !settings ? 'off' : settings.authEmulatorUrl ? 'emulator' : 'popup';
  },
  prepare() {
    if (firebaseSettings()) void prepare().catch(() => undefined);
  },
  signInWithPopup,
  signInWithTestAccount,
};
