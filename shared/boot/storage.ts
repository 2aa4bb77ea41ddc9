/** The local storage keys and records of the session, the payment records and the portal's language. */

/** Where the session of the page's own API host is kept (shared/session/session.ts). */
export const SESSION_KEY = 'sm.session.v1';

/** The storage key of an API host's session: the page's own host ('') keeps the plain key. */
export function sessionKeyFor(apiBase: string): string {
  return apiBase ? `${SESSION_KEY}@${apiBase}` : SESSION_KEY;
}

/** Where a payment record of an API host is kept (shared/payments/records.ts); the page's own host ('') has no '@'. */
export function paymentRecordKey(name: string, apiBase: string): string {
  return `sm.payment.${name}${apiBase ? `@${apiBase}` : ''}`;
}

/** Whether storage holds that payment record, whatever it says (false if blocked). */
export function hasPaymentRecord(name: string, apiBase: string): boolean {
  try {
    return localStorage.getItem(paymentRecordKey(name, apiBase)) !== null;
  } catch {
    return false;
  }
}

/** Where the portal keeps the language chosen in its footer's menu (host/language.ts). */
export const LANGUAGE_KEY = 'sm.portal.language';

/** A session's sign-in as storage keeps it (the record's `auth`). */
export interface StoredAuth {
  readonly accessToken: string;
  readonly tokenType: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/**
 * The Authorization ('Bearer …') of whoever is signed in on an API host, as the session reads it; '' for no one (no
 * record, expired, unreadable, storage blocked). For the code before React: the session stays the judge, as
 * shared/api/early.ts takes only an answer asked with the session's own Authorization.
 */
export function storedAuthorization(apiBase: string, now: number = Date.now()): string {
  const auth = storedRecord(apiBase)?.auth;
  return auth && auth.expiresAt > now ? `${auth.tokenType} ${auth.accessToken}` : '';
}

/** The session record as storage keeps it (shared/session/session.ts reads and checks it whole). */
export interface StoredRecord {
  readonly v: 1;
  readonly auth: StoredAuth | null;
  readonly user: unknown;
  readonly fromApps: boolean;
  readonly nextPage: unknown;
}

/**
 * The stored sign-in a login answer gives (the session's, and route.js's for an app link): its token, a token type of
 * letters only (else Bearer, so the header cannot be bent), and when it expires.
 */
export function authOf(
  login: { readonly access_token: string; readonly token_type?: unknown; readonly expires_in: number },
  now: number,
): StoredAuth {
  const type = login.token_type;
  return {
    accessToken: login.access_token,
    tokenType: typeof type === 'string' && /^[A-Za-z]{1,32}$/.test(type) ? type : 'Bearer',
    expiresAt: now + login.expires_in * 1000,
  };
}

/** The stored record of someone signed in and nothing more (`fromApps`: signed in by the mobile app's link). */
export function signedInRecord(auth: StoredAuth, fromApps = false): string {
  return JSON.stringify({ v: 1, auth, user: null, fromApps, nextPage: null } satisfies StoredRecord);
}

/** The stored session record of an API host as written, or null (none, unreadable, or storage blocked). */
export function storedRecord(apiBase: string): Partial<StoredRecord> | null {
  try {
    const record: unknown = JSON.parse(localStorage.getItem(sessionKeyFor(apiBase))!);
    return record && typeof record === 'object' ? record : null;
  } catch {
    return null;
  }
}
