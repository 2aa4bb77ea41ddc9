// Firebase for social sign-in: the portal's web config (served at run time), and checking ID tokens with
// firebase-admin against the Auth emulator.
import type { FirebaseSettings as PortalFirebaseSettings } from '../../shared/auth/runtime-config.js';
import { failure, success, type Result } from './result.js';

/** A 'demo-' project: the emulator needs no credentials and nothing reaches Google. */
export const FIREBASE_DEFAULTS = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-sm-portal.firebaseapp.com',
  projectId: 'demo-sm-portal',
} as const;

export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** the Auth emulator, e.g. http://127.0.0.1:9099; null: social sign-in is off (its calls answer 503) */
  authEmulatorUrl: string | null;
}

/** `127.0.0.1:9099` (FIREBASE_AUTH_EMULATOR_HOST's form) as a URL; throws on anything else. */
export function emulatorUrlFromHost(host: string): string {
  const trimmed = host
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(trimmed)) {
    throw new Error(`FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got ${JSON.stringify(host)})`);
  }
  return `http://${trimmed}`;
}

/** The emulator's address from the environment: FIREBASE_AUTH_EMULATOR_HOST, unless SANDBOX_SOCIAL=off. */
export function emulatorUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SANDBOX_SOCIAL === 'off' || !env.FIREBASE_AUTH_EMULATOR_HOST) return null;
  return emulatorUrlFromHost(env.FIREBASE_AUTH_EMULATOR_HOST);
}

/** Defaults, then the given fields; `authEmulatorUrl` left out comes from the environment. */
export function resolveFirebaseSettings(given: Partial<FirebaseSettings> = {}): FirebaseSettings {
  const authEmulatorUrl = given.authEmulatorUrl === undefined ? emulatorUrlFromEnv() : given.authEmulatorUrl;
  return {
    ...FIREBASE_DEFAULTS,
    ...given,
    authEmulatorUrl: authEmulatorUrl === null ? null : authEmulatorUrl.replace(/\/+$/, ''),
  };
}

// ---- the runtime config the portal reads ----

/** What the portal reads from its runtime config block: the Firebase settings, when social sign-in is on. */
export type RuntimeConfig = { firebase?: PortalFirebaseSettings };

export function runtimeConfig(settings: FirebaseSettings): RuntimeConfig {
  const { apiKey, authDomain, projectId, authEmulatorUrl } = settings;
  // A demo project works only against the emulator: without it, social sign-in is off and the
  // portal must not offer it as configured.
  if (!authEmulatorUrl && projectId.startsWith('demo-')) return {};
  return { firebase: { apiKey, authDomain, projectId, ...(authEmulatorUrl ? { authEmulatorUrl } : {}) } };
}

/** JSON that is safe inside a <script> element: no `<`, `>`, `&`, U+2028 or U+2029 appear literally. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const RUNTIME_CONFIG_ID = 'sm-runtime-config';

/** The non-executable block the portal's HTML gets at serve time. */
export function runtimeConfigScript(settings: FirebaseSettings): string {
  return `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${scriptSafeJson(runtimeConfig(settings))}</script>`;
}

/** Inserts the block before `</head>` (or, without one, at the very start of the document). */
export function injectRuntimeConfig(html: string, settings: FirebaseSettings): string {
  const block = runtimeConfigScript(settings);
  const at = html.search(/<\/head\s*>/i);
  return at < 0 ? block + html : html.slice(0, at) + block + html.slice(at);
}

// ---- ID tokens ----

export type SocialMethod = 'google' | 'facebook' | 'apple';
export const SOCIAL_METHODS = ['google', 'facebook', 'apple'] as const;
/** The sign-in method of the portal's calls and Firebase's `firebase.sign_in_provider`. */
export const PROVIDER_OF: Record<SocialMethod, string> = {
  google: 'google.com',
  facebook: 'facebook.com',
  apple: 'apple.com',
};

/** What a checked ID token says. */
export interface VerifiedIdToken {
  uid: string;
  /** firebase.sign_in_provider, e.g. google.com */
  provider: string;
  /** lowercased; null when the provider gave none */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Checks a Firebase ID token: the token's claims, or a failure (not verified; the emulator cannot be reached). */
export type IdTokenVerifier = (idToken: string) => Promise<Result<VerifiedIdToken>>;

export const SOCIAL_MESSAGES = {
  notConfigured: 'Social sign-in is not configured.',
  unavailable: 'Social sign-in is not available right now. Please try again later.',
  notVerified: 'The sign-in could not be verified. Please try again.',
} as const;

export const notVerified = () => failure('unverified', SOCIAL_MESSAGES.notVerified);

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';
}

/** firebase-admin error codes that mean "could not ask", not "the token is bad". */
function isUnreachable(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'app/network-error' || code === 'app/network-timeout' || code === 'auth/internal-error';
}

/**
 * A verifier backed by firebase-admin (one app per project, created on first use). firebase-admin reads
 * FIREBASE_AUTH_EMULATOR_HOST on every call; with it set, it accepts the emulator's unsigned tokens and
 * always looks the user up in the emulator. As unsigned tokens can be edited, the sandbox also checks
 * the token's email, email_verified and provider against that user record.
 */
export function firebaseAdminVerifier(settings: FirebaseSettings): IdTokenVerifier {
  let auth: Promise<import('firebase-admin/auth').Auth> | undefined;
  const getAdminAuth = () =>
    (auth ??= (async () => {
      const [{ getApps, initializeApp }, { getAuth }] = await Promise.all([
        import('firebase-admin/app'),
        import('firebase-admin/auth'),
      ]);
      const name = `sm-sandbox-${settings.projectId}`;
      const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: settings.projectId }, name);
      return getAuth(app);
    })());

  return async (idToken) => {
    const adminAuth = await getAdminAuth();
    try {
      const decoded = await adminAuth.verifyIdToken(idToken, true);
      const verified: VerifiedIdToken = {
        uid: decoded.uid,
        provider: decoded.firebase.sign_in_provider,
        email: typeof decoded.email === 'string' ? decoded.email.trim().toLowerCase() : null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
      };
      if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
        const user = await adminAuth.getUser(decoded.uid);
        const recordEmail = user.email?.trim().toLowerCase() ?? null;
        const consistent =
          recordEmail === verified.email &&
          (!verified.emailVerified || user.emailVerified) &&
          user.providerData.some((p) => p.providerId === verified.provider);
        if (!consistent) return notVerified();
      }
      return success(verified);
    } catch (err) {
      return isUnreachable(err) ? failure('unavailable', SOCIAL_MESSAGES.unavailable) : notVerified();
    }
  };
}
