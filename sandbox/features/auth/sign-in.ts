// Signing in, registering by email, verifying an email address, and setting a password.
import { recordAttempt } from '../../core/attempts.js';
import type { Db } from '../../core/db.js';
import type { MailContext } from '../../core/mail.js';
import { DUMMY_HASH, verifyPassword } from '../../core/passwords.js';
import { invalid, success, type Result } from '../../core/result.js';
import { consumeToken, findLiveToken, issueToken, revokeUserTokens, TOKEN_TTL_SECONDS } from '../../core/tokens.js';
import { createUser, findUserByEmail, findUserById, markEmailVerified, setPasswordHash, type NewUser, type UserRow } from '../../core/users.js';
import { sendAlreadyRegistered, sendReset, sendVerification } from './mails.js';

export const SIGN_IN_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  badResetLink: 'This reset link is invalid or has expired.',
} as const;

/** What a sign-in answers: a new access token. */
export function newSession(db: Db, userId: number, now: Date) {
  return { access_token: issueToken(db, 'access', userId, now), token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS.access };
}

/**
 * The account of this email and password. Unknown, deleted and wrong all fail alike, and count towards slowing the
 * address and the client down.
 */
export async function checkPassword(db: Db, address: string, password: string, ip: string, now: () => Date): Promise<Result<UserRow>> {
  const user = findUserByEmail(db, address);
  const good = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
  if (!user || !good || user.deleted_at) {
    recordAttempt(db, 'login', address, ip, now());
    return invalid(SIGN_IN_MESSAGES.badCredentials);
  }
  return success(user);
}

/**
 * A new account, mailed its verification link; for an address that is taken, a notice to its owner instead. Both
 * look the same from outside, so registering reveals no accounts.
 */
export function registerByEmail(mail: MailContext, person: NewUser): void {
  const existing = findUserByEmail(mail.db, person.email);
  if (existing) return sendAlreadyRegistered(mail, existing);
  let userId: number;
  try {
    userId = createUser(mail.db, person, mail.now);
  } catch (err) {
    // Registered concurrently by another request: as for an existing account.
    const raced = findUserByEmail(mail.db, person.email);
    if (!raced) throw err;
    return sendAlreadyRegistered(mail, raced);
  }
  sendVerification(mail, { id: userId, email: person.email.toLowerCase(), first_name: person.first_name });
}

/** Another verification link, when the account exists and is not verified yet. */
export function resendVerification(mail: MailContext, address: string): void {
  const user = findUserByEmail(mail.db, address);
  if (user && !user.email_verified_at && !user.deleted_at) sendVerification(mail, user);
}

/** A reset link, when the account exists. */
export function requestReset(mail: MailContext, address: string): void {
  const user = findUserByEmail(mail.db, address);
  if (user && !user.deleted_at) sendReset(mail, user);
}

/** Uses a verification link once; false when it is unknown, used or expired. */
export function useVerificationLink(db: Db, token: string, now: Date): boolean {
  const userId = consumeToken(db, 'verify', token, now);
  if (userId === undefined) return false;
  markEmailVerified(db, userId, now);
  return true;
}

/** The new password of the signed-in person: their other sessions end, this one stays. */
export function changeOwnPassword(db: Db, userId: number, sessionTokenId: number, hash: string, now: Date): void {
  db.transaction(() => {
    setPasswordHash(db, userId, hash);
    revokeUserTokens(db, userId, 'access', now, sessionTokenId);
    revokeUserTokens(db, userId, 'reset', now);
  })();
}

/** The account a reset link is for, when the link is live and was sent to this email. */
export function resetLinkOwner(db: Db, address: string, token: string, now: Date): UserRow | undefined {
  const live = findLiveToken(db, 'reset', token, now);
  const owner = live ? findUserById(db, live.user_id) : undefined;
  return owner?.email === address ? owner : undefined;
}

/**
 * Sets the password with a reset link (used once): every session ends, and the email counts as verified (the link
 * proved the person reads this mailbox).
 */
export function resetPassword(db: Db, owner: UserRow, token: string, hash: string, now: Date): Result<void> {
  const done = db.transaction(() => {
    if (consumeToken(db, 'reset', token, now) !== owner.id) return false;
    setPasswordHash(db, owner.id, hash);
    revokeUserTokens(db, owner.id, 'reset', now);
    revokeUserTokens(db, owner.id, 'access', now);
    markEmailVerified(db, owner.id, now);
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
