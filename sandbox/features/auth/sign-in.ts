// Signing in, registering by email, verifying an email address, and setting a password.
import { randomBytes } from 'node:crypto';
import { accountGuessesCleared, mailWanted, type AttemptLimit } from '../../core/attempts.js';
import type { Db } from '../../core/db.js';
import type { MailContext } from '../../core/mail.js';
import { HashingBusy, NO_PASSWORD, type Passwords } from '../../core/passwords.js';
import { invalid, success, type Result } from '../../core/result.js';
import {
  consumeToken,
  findLiveToken,
  hashToken,
  issueToken,
  revokeUserTokens,
  TOKEN_TTL_SECONDS,
} from '../../core/tokens.js';
import {
  createUser,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  recordTermsAccepted,
  setPasswordHash,
  type NewUser,
  type UserRow,
} from '../../core/users.js';
import { endDevices } from './devices.js';
import {
  sendAlreadyRegistered,
  sendChoosePassword,
  sendReset,
  sendVerification,
  signUpCount,
  type SignUpRow,
} from './mails.js';

export const SIGN_IN_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  badResetLink: 'This reset link is invalid or has expired.',
  badTermsProof: 'This sign-in is too old to accept the terms. Please log in again, then accept them.',
} as const;

/** A sign-in within this long counts as recent: enough to change the password without typing the current one. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * What a sign-in answers: a new access token and, while the person has not accepted the terms of use, a short-lived
 * single-use proof (`terms_token`) that lets them accept the terms by email before anything else.
 */
export function newSession(db: Db, user: Pick<UserRow, 'id' | 'terms_accepted_at'>, now: Date) {
  const session = {
    access_token: issueToken(db, 'access', user.id, now),
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_SECONDS.access,
  };
  return user.terms_accepted_at ? session : { ...session, terms_token: issueToken(db, 'terms', user.id, now) };
}

/**
 * The account of this email and password. Unknown, deleted and wrong all fail alike and take the same time. A right
 * password whose hash is older than today's strength gets a new hash (unless the server is too busy now: then at a
 * later sign-in).
 */
export async function checkPassword(
  db: Db,
  passwords: Passwords,
  address: string,
  password: string,
): Promise<Result<UserRow>> {
  const found = findUserByEmail(db, address);
  const user = found && !found.deleted_at ? found : undefined;
  const { ok, outdated } = await passwords.check(user?.password_hash, password);
  if (!user || !ok) return invalid(SIGN_IN_MESSAGES.badCredentials);
  if (outdated) {
    try {
      setPasswordHash(db, user.id, await passwords.hash(password));
    } catch (err) {
      if (!(err instanceof HashingBusy)) throw err;
    }
  }
  return success(user);
}

/**
 * The register answer's proof for accepting the terms: a real one for a new account; for an address that was taken,
 * a random one that proves nothing, so both answers look alike.
 */
export function registrationProof(db: Db, userId: number | null, now: Date): { terms_token: string } {
  return {
    terms_token: userId === null ? randomBytes(32).toString('base64url') : issueToken(db, 'terms', userId, now),
  };
}

/**
 * Accepting the terms with the proof a sign-in or registration answered: it must be live, unused and for this email.
 * Used once; the first acceptance is kept.
 */
export function acceptTermsWithProof(db: Db, address: string, proof: string, now: Date): Result<void> {
  const done = db.transaction(() => {
    const live = findLiveToken(db, 'terms', proof, now);
    const owner = live ? findUserById(db, live.user_id) : undefined;
    if (!owner || owner.deleted_at || owner.email !== address) return false;
    if (consumeToken(db, 'terms', proof, now) !== owner.id) return false;
    recordTermsAccepted(db, owner.id, now, true);
    return true;
  })();
  return done ? success(undefined) : invalid(SIGN_IN_MESSAGES.badTermsProof);
}

/**
 * The inbox owner has proven the address (a reset link, a verification link, a social sign-in whose provider vouches
 * for the email): every credential made before by whoever typed the address ends. Sessions, terms proofs, reset links,
 * the mobile app's tokens and device proofs, and every social sign-in linked without the provider vouching for the
 * email (connect-socmed then answers 403). The password is the caller's to keep, replace or drop.
 */
export function endUnprovenCredentials(db: Db, userId: number, now: Date): void {
  for (const kind of ['access', 'terms', 'reset', 'app'] as const) revokeUserTokens(db, userId, kind, now);
  endDevices(db, userId, null, now);
  db.prepare(
    'UPDATE social_identities SET revoked_at = ? WHERE user_id = ? AND email_verified = 0 AND revoked_at IS NULL',
  ).run(now.toISOString(), userId);
}

/** What a sign-up names besides the address and the password: kept per sign-up until the address is verified. */
export type SignUpPerson = Pick<NewUser, 'first_name' | 'last_name' | 'country_code' | 'gender' | 'phone_number'>;

/** Records one sign-up of an account's address (not verified yet); answers it. */
export function recordSignUp(db: Db, userId: number, person: SignUpPerson, now: Date): SignUpRow {
  const { lastInsertRowid } = db
    .prepare(
      'INSERT INTO signups (user_id, first_name, last_name, country_code, gender, phone_number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      userId,
      person.first_name,
      person.last_name,
      person.country_code ?? null,
      person.gender ?? 'None',
      person.phone_number ?? '',
      now.toISOString(),
    );
  return db.prepare('SELECT * FROM signups WHERE id = ?').get(lastInsertRowid) as SignUpRow;
}

/**
 * A new account, mailed its verification link; for an address that is verified, a notice to its owner instead. An
 * address registered but not verified yet may have been registered by someone else: this sign-up is recorded too and
 * gets a verification link of its own (whoever holds the inbox ends up holding the account, useVerificationLink),
 * and its password is not kept. All look the same from outside, so registering reveals no accounts. Answers the new
 * account's id (null when the address was taken).
 */
export function registerByEmail(mail: MailContext, person: NewUser): { userId: number | null } {
  const { db, now } = mail;
  const another = (existing: UserRow): { userId: null } => {
    if (existing.email_verified_at || existing.deleted_at) sendAlreadyRegistered(mail, existing);
    else sendVerification(mail, existing, recordSignUp(db, existing.id, person, now));
    return { userId: null };
  };
  const existing = findUserByEmail(db, person.email);
  if (existing) return another(existing);
  let created: { userId: number; signUp: SignUpRow };
  try {
    created = db.transaction(() => {
      const userId = createUser(db, person, now);
      return { userId, signUp: recordSignUp(db, userId, person, now) };
    })();
  } catch (err) {
    // Registered concurrently by another request: as for an existing account.
    const raced = findUserByEmail(db, person.email);
    if (!raced) throw err;
    return another(raced);
  }
  sendVerification(
    mail,
    { id: created.userId, email: person.email.toLowerCase(), first_name: person.first_name },
    created.signUp,
  );
  return { userId: created.userId };
}

/**
 * Another verification link, when the account exists and is not verified yet (and the inbox has not had one in the
 * last few minutes while full: core/attempts.ts mailWanted).
 */
export function resendVerification(mail: MailContext, address: string, limit: AttemptLimit): void {
  const user = findUserByEmail(mail.db, address);
  if (user && !user.email_verified_at && !user.deleted_at && mailWanted(mail.db, limit, user, 'verify', mail.now))
    sendVerification(mail, user);
}

/**
 * A reset link, when the account exists (and the inbox has not had one in the last few minutes while full): for an
 * address signed up more than once and waiting for its password to be chosen (useVerificationLink), the "Choose your
 * password" email again, which says why.
 */
export function requestReset(mail: MailContext, address: string, limit: AttemptLimit): void {
  const user = findUserByEmail(mail.db, address);
  if (!user || user.deleted_at || !mailWanted(mail.db, limit, user, 'reset', mail.now)) return;
  const choosing = !user.email_verified_at && user.password_hash === NO_PASSWORD && signUpCount(mail.db, user.id) > 1;
  (choosing ? sendChoosePassword : sendReset)(mail, user);
}

/**
 * Uses a verification link once: null when it is unknown, used or expired. An address signed up once is verified
 * ('verified'). One signed up more than once while not verified: the link proves the inbox, not who chose the password,
 * so no password is activated: the account takes the name of the sign-up whose link this is, its password and any
 * social sign-in linked while unverified are dropped, its sessions end, and the person is mailed a link to choose a
 * password, which verifies the address ('choose-password'); with the address the link was sent to.
 */
export function useVerificationLink(
  mail: MailContext,
  token: string,
): { outcome: 'verified' | 'choose-password'; email: string } | null {
  const { db, now } = mail;
  return db.transaction(() => {
    const signUp = db.prepare('SELECT * FROM signups WHERE verify_token_hash = ?').get(hashToken(token)) as
      SignUpRow | undefined;
    const userId = consumeToken(db, 'verify', token, now);
    const user = userId === undefined ? undefined : findUserById(db, userId);
    if (!user || user.deleted_at) return null;
    const { email } = user;
    if (user.email_verified_at) return { outcome: 'verified' as const, email };
    // The inbox is proven now: only the password of the one sign-up the email named (if any) stays.
    endUnprovenCredentials(db, user.id, now);
    if (signUpCount(db, user.id) <= 1) {
      markEmailVerified(db, user.id, now);
      return { outcome: 'verified' as const, email };
    }
    if (signUp?.user_id === user.id) {
      db.prepare(
        'UPDATE users SET first_name = ?, last_name = ?, country_code = ?, gender = ?, phone_number = ? WHERE id = ?',
      ).run(signUp.first_name, signUp.last_name, signUp.country_code, signUp.gender, signUp.phone_number, user.id);
    }
    setPasswordHash(db, user.id, NO_PASSWORD);
    db.prepare('DELETE FROM social_identities WHERE user_id = ?').run(user.id);
    sendChoosePassword(mail, findUserById(db, user.id)!);
    return { outcome: 'choose-password' as const, email };
  })();
}

/** The new password of the signed-in person: their other sessions and every device proof end, this session stays. */
export function changeOwnPassword(db: Db, userId: number, sessionTokenId: number, hash: string, now: Date): void {
  db.transaction(() => {
    setPasswordHash(db, userId, hash);
    revokeUserTokens(db, userId, 'access', now, sessionTokenId);
    revokeUserTokens(db, userId, 'reset', now);
    endDevices(db, userId, null, now);
  })();
}

/** The account a reset link is for, when the link is live and was sent to this email. */
export function resetLinkOwner(db: Db, address: string, token: string, now: Date): UserRow | undefined {
  const live = findLiveToken(db, 'reset', token, now);
  const owner = live ? findUserById(db, live.user_id) : undefined;
  return owner?.email === address ? owner : undefined;
}

/**
 * Sets the password with a reset link (used once): the email counts as verified (the link proved the person reads this
 * mailbox), and every credential made before ends (endUnprovenCredentials: sessions, terms proofs, device proofs,
 * social sign-ins the provider did not vouch for).
 */
export function resetPassword(db: Db, owner: UserRow, token: string, hash: string, now: Date): Result<void> {
  const done = db.transaction(() => {
    if (consumeToken(db, 'reset', token, now) !== owner.id) return false;
    setPasswordHash(db, owner.id, hash);
    endUnprovenCredentials(db, owner.id, now);
    markEmailVerified(db, owner.id, now);
    accountGuessesCleared(db, owner.email); // guesses at the old password no longer count against the account
    return true;
  })();
  return done ? success(undefined) : invalid(SIGN_IN_MESSAGES.badResetLink);
}

/** Uses the mobile app's one-time token; the account it signs in, unless the token is spent or the account gone. */
export function useAppToken(db: Db, token: string | null, now: Date): UserRow | undefined {
  const userId = token ? consumeToken(db, 'app', token, now) : undefined;
  const user = userId === undefined ? undefined : findUserById(db, userId);
  return user && !user.deleted_at ? user : undefined;
}
