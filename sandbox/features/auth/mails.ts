// The emails of signing up and signing in: the verification link, the notice to someone already registered, and
// the password reset link.
import { portalLink, sendMail, type MailContext } from '../../core/mail.js';
import { issueToken } from '../../core/tokens.js';
import type { UserRow } from '../../core/users.js';

type Addressee = Pick<UserRow, 'id' | 'email' | 'first_name'>;

export function sendVerification(mail: MailContext, user: Addressee): void {
  const token = issueToken(mail.db, 'verify', user.id, mail.now);
  const verify = portalLink(mail, `/verify-email?_t=${token}`);
  sendMail(mail, {
    to: user.email,
    subject: 'Verify your email address',
    text:
      `Hello ${user.first_name},\n\nThank you for registering. Please verify your email address by opening this link:\n\n` +
      `${verify}\n\nThe link is valid for 24 hours. If you did not create an account, you can ignore this email.\n`,
    links: [verify],
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
export function sendReset(mail: MailContext, user: Addressee): void {
  const token = issueToken(mail.db, 'reset', user.id, mail.now);
  const t = encodeURIComponent(Buffer.from(`${user.email}#${token}`, 'utf8').toString('base64'));
  const reset = portalLink(mail, `/change-password?t=${t}`);
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
