// The emails of signing up and signing in: the verification link, the notice to someone already registered, and
// the password reset link.
import { mailSent } from '../../core/attempts.js';
import { portalLink, sendMail as storeMail, type MailContext } from '../../core/mail.js';
import { hashToken, issueToken } from '../../core/tokens.js';
import type { UserRow } from '../../core/users.js';

type Addressee = Pick<UserRow, 'id' | 'email' | 'first_name'>;

/** One sign-up of an address not verified yet (the signups table): who it named, and when. */
export interface SignUpRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  country_code: string | null;
  gender: UserRow['gender'];
  phone_number: string;
  verify_token_hash: string | null;
  created_at: string;
}

/** How many times this account's address was signed up while not verified (an account from before counts once). */
export function signUpCount(db: MailContext['db'], userId: number): number {
  return db.prepare('SELECT COUNT(*) FROM signups WHERE user_id = ?').pluck().get(userId) as number;
}

/** Sends an email to an account's address, counted for the address (core/attempts.ts: what one inbox can be sent). */
function sendMail(mail: MailContext, message: Parameters<typeof storeMail>[1]): void {
  storeMail(mail, message);
  mailSent(mail.db, message.to, mail.now);
}

/** "2026-01-10 at 12:00 UTC": when a sign-up was made, as emails say it. */
function when(iso: string): string {
  return `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
}

/** The latest sign-up of the account's address, when there is one (an account from before sign-ups were kept has none). */
function latestSignUp(db: MailContext['db'], userId: number): SignUpRow | undefined {
  return db.prepare('SELECT * FROM signups WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(userId) as
    SignUpRow | undefined;
}

/**
 * The verification link, first or sent again: the email always says which sign-up it is for (when, and in whose name:
 * the one given, else the latest, else the account as it was made), what to do if it was not them, and, when the
 * address has been signed up more than once, that the password is chosen again after the link (useVerificationLink).
 */
export function sendVerification(mail: MailContext, user: Addressee, given?: SignUpRow): void {
  const signUp = given ?? latestSignUp(mail.db, user.id);
  const token = issueToken(mail.db, 'verify', user.id, mail.now);
  if (signUp) mail.db.prepare('UPDATE signups SET verify_token_hash = ? WHERE id = ?').run(hashToken(token), signUp.id);
  const account = mail.db.prepare('SELECT first_name, last_name, joined_at FROM users WHERE id = ?').get(user.id) as
    { first_name: string; last_name: string; joined_at: string } | undefined;
  const made = signUp?.created_at ?? account?.joined_at ?? mail.now.toISOString();
  const name = signUp
    ? `${signUp.first_name} ${signUp.last_name}`
    : `${account?.first_name ?? user.first_name} ${account?.last_name ?? ''}`.trim();
  const verify = portalLink(mail, `/verify-email?_t=${token}`);
  const forgot = portalLink(mail, '/forgot-password');
  const which = `This link is for the sign-up made on ${when(made)} in the name of ${name}.\n\n`;
  const more =
    signUpCount(mail.db, user.id) > 1
      ? 'This address has been signed up more than once. To be sure the password is one you chose, you will choose ' +
        'your password again after opening the link.\n\n'
      : '';
  const notYou =
    'If this sign-up was not yours, do not open the link: opening it activates the password the person who signed ' +
    'up chose. You can ignore this email, or, if you want an account with this address, set your own password here ' +
    `(this ends every other sign-in of the address):\n${forgot}\n`;
  sendMail(mail, {
    to: user.email,
    subject: 'Verify your email address',
    text:
      `Hello ${signUp?.first_name ?? user.first_name},\n\nThank you for registering. Please verify your email address by opening this link:\n\n` +
      `${verify}\n\n${which}${more}The link is valid for 24 hours.\n\n${notYou}`,
    links: [verify, forgot],
  });
}

/** To the owner of an address someone tried to register again: how to log in or reset the password. */
export function sendAlreadyRegistered(mail: MailContext, user: Addressee & Pick<UserRow, 'email_verified_at'>): void {
  const login = portalLink(mail, '/login');
  const forgot = portalLink(mail, '/forgot-password');
  const resend = portalLink(mail, '/send-verification');
  const unverified = user.email_verified_at
    ? ''
    : `Your email address is not verified yet. Ask for a new verification email here:\n${resend}\n\n`;
  sendMail(mail, {
    to: user.email,
    subject: 'Someone tried to register with your email',
    text:
      `Hello ${user.first_name},\n\nSomeone, perhaps you, tried to create a new account with this email address. ` +
      `You already have an account, so nothing was changed.\n\n` +
      `Log in: ${login}\n\nForgot your password? Reset it: ${forgot}\n\n` +
      unverified +
      `If it was not you, you can ignore this email.\n`,
    links: user.email_verified_at ? [login, forgot] : [login, forgot, resend],
  });
}

/** The reset link carries `t` = URL-encoded standard base64 of "email#token". */
function resetLink(mail: MailContext, user: Addressee): string {
  const token = issueToken(mail.db, 'reset', user.id, mail.now);
  const t = encodeURIComponent(Buffer.from(`${user.email}#${token}`, 'utf8').toString('base64'));
  return portalLink(mail, `/change-password?t=${t}`);
}

/**
 * After a verification link of an address signed up more than once: the link proved the inbox, not who chose the
 * password, so the person chooses it now (a reset link; setting the password verifies the address).
 */
export function sendChoosePassword(mail: MailContext, user: Addressee): void {
  const choose = resetLink(mail, user);
  sendMail(mail, {
    to: user.email,
    subject: 'Choose your password',
    text:
      `Hello ${user.first_name},\n\nThis email address was signed up more than once before it was verified, so the ` +
      `password may not be one you chose. Choose your password here; your email address is verified when you do:\n\n` +
      `${choose}\n\nThe link is valid for 1 hour and works once. You can ask for a new one from the Forgot password page.\n`,
    links: [choose],
  });
}

export function sendReset(mail: MailContext, user: Addressee): void {
  const reset = resetLink(mail, user);
  sendMail(mail, {
    to: user.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.first_name},\n\nWe received a request to reset the password of your account. Set a new password here:\n\n` +
      `${reset}\n\n` +
      `The link is valid for 1 hour and works once. If you did not ask for this, ignore this email: your password stays the same.\n`,
    links: [reset],
  });
}
