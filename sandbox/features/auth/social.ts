// Social sign-in: checking the portal's Firebase ID token, and which account a Firebase identity signs in as.
import type { Db } from '../../core/db.js';
import {
  notVerified,
  PROVIDER_OF,
  type IdTokenVerifier,
  type SocialMethod,
  type VerifiedIdToken,
} from '../../core/firebase.js';
import { NO_PASSWORD } from '../../core/passwords.js';
import type { Result } from '../../core/result.js';
import {
  createUser,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPasswordHash,
  type NewUser,
  type UserRow,
} from '../../core/users.js';
import { endUnprovenCredentials, recordSignUp } from './sign-in.js';

export const SOCIAL_ACCOUNT_MESSAGES = {
  noAccount: 'No account yet. Please complete your registration.',
  emailTaken:
    'An account with this email already exists. Log in with your password, then connect this sign-in from your account.',
  welcome: 'Welcome! Your account is ready.',
  ended:
    'This sign-in was ended when the owner of the email address proved it. Log in with your email and password, or ' +
    'reset the password.',
} as const;

export interface IdentityRow {
  id: number;
  provider: string;
  provider_uid: string;
  user_id: number;
  email: string | null;
  linked_at: string;
  /** 1: the provider vouched for the email when it was linked */
  email_verified: 0 | 1;
  /** set: ended when the inbox owner proved the address (endUnprovenCredentials) */
  revoked_at: string | null;
}

function findIdentity(db: Db, provider: string, providerUid: string): IdentityRow | undefined {
  return db
    .prepare('SELECT * FROM social_identities WHERE provider = ? AND provider_uid = ?')
    .get(provider, providerUid) as IdentityRow | undefined;
}

function linkIdentity(db: Db, userId: number, token: VerifiedIdToken, now: Date): void {
  db.prepare(
    'INSERT INTO social_identities (provider, provider_uid, user_id, email, linked_at, email_verified) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(token.provider, token.uid, userId, token.email, now.toISOString(), token.emailVerified ? 1 : 0);
}

/**
 * Checks the ID token, and that it belongs to this uid and this provider. Everything else about the person (email,
 * whether it is verified) is taken from the token, never from what the portal sent.
 */
export async function checkSocialToken(
  verify: IdTokenVerifier,
  claimed: { token: string; uid: string; method: SocialMethod },
): Promise<Result<VerifiedIdToken>> {
  const checked = await verify(claimed.token);
  if (checked.ok && (checked.value.uid !== claimed.uid || checked.value.provider !== PROVIDER_OF[claimed.method]))
    return notVerified();
  return checked;
}

export type SocialOutcome =
  | { kind: 'signed-in'; user: UserRow; created: boolean }
  | { kind: 'email-taken' }
  | { kind: 'no-account' }
  | { kind: 'ended' };

/**
 * Links the identity to an existing account that has the token's (verified) email. An account whose email was
 * never verified may have been registered by someone else with this address: its password and sessions go.
 */
function linkToExisting(db: Db, user: UserRow, token: VerifiedIdToken, now: Date): void {
  if (!user.email_verified_at) {
    setPasswordHash(db, user.id, NO_PASSWORD); // no password matches it
    endUnprovenCredentials(db, user.id, now);
  }
  linkIdentity(db, user.id, token, now);
  markEmailVerified(db, user.id, now);
}

/** Who this identity signs in as: a linked account, or an account with its verified email (linked now). */
function signInExisting(db: Db, token: VerifiedIdToken, now: Date): SocialOutcome {
  const identity = findIdentity(db, token.provider, token.uid);
  const linked = identity ? findUserById(db, identity.user_id) : undefined;
  if (linked) {
    if (identity!.revoked_at) return { kind: 'ended' };
    if (token.emailVerified && token.email === linked.email) {
      markEmailVerified(db, linked.id, now);
      db.prepare('UPDATE social_identities SET email_verified = 1 WHERE id = ?').run(identity!.id);
    }
    return { kind: 'signed-in', user: findUserById(db, linked.id)!, created: false };
  }
  const byEmail = token.email ? findUserByEmail(db, token.email) : undefined;
  if (!byEmail) return { kind: 'no-account' };
  if (!token.emailVerified) return { kind: 'email-taken' };
  linkToExisting(db, byEmail, token, now);
  return { kind: 'signed-in', user: findUserById(db, byEmail.id)!, created: false };
}

/** POST /webclient/auth/connect-socmed: sign in, link by verified email, or "no account yet". One transaction. */
export function connectSocial(db: Db, token: VerifiedIdToken, now: Date): SocialOutcome {
  return db.transaction(() => signInExisting(db, token, now))();
}

/** Social registration: as connectSocial, but a new person gets an account (email verified when the token says so). */
export function registerSocial(
  db: Db,
  token: VerifiedIdToken,
  person: Omit<NewUser, 'password_hash'>,
  now: Date,
): SocialOutcome {
  return db.transaction((): SocialOutcome => {
    const existing = signInExisting(db, token, now);
    if (existing.kind !== 'no-account') return existing;
    const userId = createUser(db, { ...person, password_hash: NO_PASSWORD }, now);
    if (token.emailVerified) markEmailVerified(db, userId, now);
    else recordSignUp(db, userId, person, now); // a sign-up of an address nobody has proven yet, like one by email
    linkIdentity(db, userId, token, now);
    return { kind: 'signed-in', user: findUserById(db, userId)!, created: true };
  })();
}
