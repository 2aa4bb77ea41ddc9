// Sign-in, registration, email verification, password reset and change, logout, mobile-app sign-in.
import { z } from 'zod';
import { clearAttempts, recordAttempt, retryAfterSeconds, type AttemptKind } from '../../core/attempts.js';
import type { Db } from '../../core/db.js';
import { SOCIAL_METHODS } from '../../core/firebase.js';
import { bearerToken, HttpError, ok, validate, withErrorCode, type RequestContext, type Route } from '../../core/http.js';
import { portalLink, sendMail } from '../../core/mail.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords.js';
import { checkSocialToken, connectSocial, emailTaken, registerSocial, requireSocial, SOCIAL_ACCOUNT_MESSAGES, type SocialOutcome } from './social.js';
import { consumeToken, findLiveToken, issueToken, revokeToken, revokeUserTokens, TOKEN_TTL_SECONDS } from '../../core/tokens.js';
import {
  assertMaySignIn, createUser, findUserByEmail, findUserById, markEmailVerified, requireSession, setPasswordHash, type UserRow,
} from '../../core/users.js';
import {
  anyPassword, countryCode, email, loginEmail, LIMITS, newPassword, opaqueToken, personName, phoneNumber,
} from '../../core/validation.js';

export const MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  unverified: 'Please verify your email before logging in.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  registered: 'Thank you for registering. Please check your email to verify your account.',
  socialNoEmail: 'email: the social account has no email address; sign up with email instead',
  socialEmailMismatch: 'email: must be the email of the social account',
  resent: 'If the account exists and is not verified, a new verification email has been sent.',
  verified: 'Email Verified!',
  badVerifyLink: 'This verification link is invalid or has expired.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been updated. You can now log in.',
  badResetLink: 'This reset link is invalid or has expired.',
  passwordChanged: 'You successfully update the password',
  loggedOut: 'Logged out.',
  appLinkExpired: 'This sign-in link has expired. Please sign in again.',
  termsAccepted: 'Thank you. The terms of use are accepted.',
} as const;

/** Spec section 8: accept-terms by email fails as ER-AUTH-03; resend verification as ER-AUTH-69. */
export const ER_AUTH_03 = 'ER-AUTH-03';
export const ER_AUTH_69 = 'ER-AUTH-69';

/** The login response payload. */
function newSession(db: Db, userId: number, now: Date) {
  return { access_token: issueToken(db, 'access', userId, now), token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS.access };
}

function slowDown(ctx: RequestContext, kind: AttemptKind, address: string): void {
  const wait = retryAfterSeconds(ctx.app.db, ctx.app.loginLimit, kind, address, ctx.ip, ctx.app.now());
  if (wait > 0) throw new HttpError(429, MESSAGES.tooMany, null, { 'Retry-After': String(wait) });
}

export function sendVerification(ctx: RequestContext, user: Pick<UserRow, 'id' | 'email' | 'first_name'>): void {
  const now = ctx.app.now();
  const token = issueToken(ctx.app.db, 'verify', user.id, now);
  const link = portalLink(ctx.app.portalUrl, `/verify-email?_t=${token}`);
  sendMail(ctx.app.db, now, {
    to: user.email,
    subject: 'Verify your email address',
    text:
      `Hello ${user.first_name},\n\nThank you for registering. Please verify your email address by opening this link:\n\n` +
      `${link}\n\nThe link is valid for 24 hours. If you did not create an account, you can ignore this email.\n`,
  });
}

function sendAlreadyRegistered(ctx: RequestContext, user: UserRow): void {
  const portal = ctx.app.portalUrl;
  const unverified = user.email_verified_at
    ? ''
    : `Your email address is not verified yet. Ask for a new verification email here:\n${portalLink(portal, '/send-verification')}\n\n`;
  sendMail(ctx.app.db, ctx.app.now(), {
    to: user.email,
    subject: 'Someone tried to register with your email',
    text:
      `Hello ${user.first_name},\n\nSomeone, perhaps you, tried to create a new account with this email address. ` +
      `You already have an account, so nothing was changed.\n\n` +
      `Log in: ${portalLink(portal, '/login')}\n\nForgot your password? Reset it: ${portalLink(portal, '/forgot-password')}\n\n` +
      unverified +
      `If it was not you, you can ignore this email.\n`,
  });
}

function sendReset(ctx: RequestContext, user: UserRow): void {
  const now = ctx.app.now();
  const token = issueToken(ctx.app.db, 'reset', user.id, now);
  const t = encodeURIComponent(Buffer.from(`${user.email}#${token}`, 'utf8').toString('base64'));
  sendMail(ctx.app.db, now, {
    to: user.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.first_name},\n\nWe received a request to reset the password of your account. Set a new password here:\n\n` +
      `${portalLink(ctx.app.portalUrl, `/change-password?t=${t}`)}\n\n` +
      `The link is valid for 1 hour and works once. If you did not ask for this, ignore this email: your password stays the same.\n`,
  });
}

// ---- schemas ----

const LoginBody = z.object({ email: loginEmail, password: anyPassword });
const EmailBody = z.object({ email });
const SIGNUP_METHODS = ['email', 'google', 'facebook', 'apple'] as const;
const MethodBody = z.object({ method: z.enum(SIGNUP_METHODS) });
const RegisterBody = z.object({
  first_name: personName,
  last_name: personName,
  email,
  password: newPassword,
  country_code: countryCode,
  gender: z.enum(['None', 'Male', 'Female']),
  phone_number: phoneNumber.optional().default(''),
  method: z.enum(SIGNUP_METHODS),
  token: z.string().max(LIMITS.token).optional(),
  uid: z.string().max(LIMITS.token).optional(),
});
/** A Firebase uid is at most 128 characters. */
const firebaseUid = z.string().min(1).max(128);
/** Social registration: the password is '-' (not checked); the token and uid are required. */
const SocialRegisterBody = RegisterBody.extend({
  password: z.string().max(LIMITS.password).optional(),
  method: z.enum(SOCIAL_METHODS),
  token: opaqueToken,
  uid: firebaseUid,
});
const ConnectSocialBody = z.object({
  // What the provider said, as the portal read it: informational only; the token's claims decide.
  email: z.string().max(LIMITS.email).nullish(),
  name: z.string().max(2 * LIMITS.name + 1).nullish(),
  uid: firebaseUid,
  token: opaqueToken,
  method: z.enum(SOCIAL_METHODS),
});
const ResetBody = z.object({ email, token: opaqueToken, password: newPassword });
const NewPasswordBody = z.object({ password: newPassword });

// ---- handlers ----

async function login(ctx: RequestContext) {
  const { email: address, password } = await ctx.body(LoginBody);
  const { db } = ctx.app;
  slowDown(ctx, 'login', address);
  const user = findUserByEmail(db, address);
  const good = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
  const now = ctx.app.now();
  if (!user || !good || user.deleted_at) {
    recordAttempt(db, 'login', address, ctx.ip, now);
    throw new HttpError(400, MESSAGES.badCredentials);
  }
  assertMaySignIn(user); // only once the password proved who asks: a blocked account is not revealed to others
  if (!user.email_verified_at) throw new HttpError(403, MESSAGES.unverified);
  clearAttempts(db, 'login', address);
  return ok('Logged in.', newSession(db, user.id, now));
}

/** A social outcome as an answer: a session, or 409 when the email belongs to an account the token cannot claim. */
function socialAnswer(db: Db, outcome: SocialOutcome, now: Date) {
  switch (outcome.kind) {
    case 'signed-in':
      assertMaySignIn(outcome.user);
      return ok(outcome.created ? SOCIAL_ACCOUNT_MESSAGES.welcome : 'Logged in.', newSession(db, outcome.user.id, now));
    case 'email-taken':
      throw emailTaken();
    case 'no-account':
      return ok(SOCIAL_ACCOUNT_MESSAGES.noAccount, null);
  }
}

async function connectSocmed(ctx: RequestContext) {
  requireSocial(ctx);
  const { token, uid, method } = await ctx.body(ConnectSocialBody);
  const verified = await checkSocialToken(ctx, { token, uid, method });
  const now = ctx.app.now();
  return socialAnswer(ctx.app.db, connectSocial(ctx.app.db, verified, now), now);
}

async function registerWithSocial(ctx: RequestContext, input: unknown) {
  requireSocial(ctx);
  const data = validate(SocialRegisterBody, input);
  const verified = await checkSocialToken(ctx, data);
  if (!verified.email) throw new HttpError(400, MESSAGES.socialNoEmail);
  if (verified.email !== data.email) throw new HttpError(400, MESSAGES.socialEmailMismatch);
  const { db } = ctx.app;
  const now = ctx.app.now();
  const outcome = registerSocial(db, verified, {
    first_name: data.first_name,
    last_name: data.last_name,
    email: verified.email,
    country_code: data.country_code,
    gender: data.gender,
    phone_number: data.phone_number,
  }, now);
  if (outcome.kind === 'signed-in' && outcome.created && !outcome.user.email_verified_at) {
    sendVerification(ctx, outcome.user); // signed in now; the email still needs its own proof for password logins
  }
  return socialAnswer(db, outcome, now);
}

async function register(ctx: RequestContext) {
  const input = await ctx.json();
  const { method } = validate(MethodBody, input);
  if (method !== 'email') return registerWithSocial(ctx, input);
  const data = validate(RegisterBody, input);
  const { db } = ctx.app;
  // Hash in every case, so an existing address does not answer faster.
  const passwordHash = await hashPassword(data.password);
  const existing = findUserByEmail(db, data.email);
  if (existing) {
    sendAlreadyRegistered(ctx, existing);
    return ok(MESSAGES.registered);
  }
  const now = ctx.app.now();
  let userId: number;
  try {
    userId = createUser(db, {
      first_name: data.first_name,
      last_name: data.last_name,
      email: data.email,
      password_hash: passwordHash,
      country_code: data.country_code,
      gender: data.gender,
      phone_number: data.phone_number,
    }, now);
  } catch (err) {
    // Registered concurrently by another request: answer as for an existing account.
    const raced = findUserByEmail(db, data.email);
    if (!raced) throw err;
    sendAlreadyRegistered(ctx, raced);
    return ok(MESSAGES.registered);
  }
  sendVerification(ctx, { id: userId, email: data.email, first_name: data.first_name });
  return ok(MESSAGES.registered);
}

async function resendActivation(ctx: RequestContext) {
  const { email: address } = await ctx.body(EmailBody);
  const user = findUserByEmail(ctx.app.db, address);
  if (user && !user.email_verified_at && !user.deleted_at) sendVerification(ctx, user);
  return ok(MESSAGES.resent);
}

/**
 * Accepting the terms by email, before the first sign-in: recorded for that account when it exists (the first
 * acceptance is kept), and always the same answer, so it reveals no accounts.
 */
async function acceptTermsByEmail(ctx: RequestContext) {
  const { email: address } = await ctx.body(EmailBody);
  const user = findUserByEmail(ctx.app.db, address);
  if (user && !user.deleted_at) {
    ctx.app.db.prepare('UPDATE users SET terms_accepted_at = ? WHERE id = ? AND terms_accepted_at IS NULL').run(ctx.app.now().toISOString(), user.id);
  }
  return ok(MESSAGES.termsAccepted);
}

function verifyEmail(ctx: RequestContext) {
  const now = ctx.app.now();
  const token = ctx.url.searchParams.get('t') ?? '';
  const userId = consumeToken(ctx.app.db, 'verify', token, now);
  if (userId === undefined) throw new HttpError(400, MESSAGES.badVerifyLink);
  markEmailVerified(ctx.app.db, userId, now);
  return ok(MESSAGES.verified);
}

async function forgotPassword(ctx: RequestContext) {
  const { email: address } = await ctx.body(EmailBody);
  const { db } = ctx.app;
  slowDown(ctx, 'forgot', address);
  recordAttempt(db, 'forgot', address, ctx.ip, ctx.app.now());
  const user = findUserByEmail(db, address);
  if (user && !user.deleted_at) sendReset(ctx, user);
  return ok(MESSAGES.forgotSent);
}

async function changePassword(ctx: RequestContext) {
  const input = await ctx.json();
  const { db } = ctx.app;
  const isReset = typeof input === 'object' && input !== null && 'token' in input;

  if (!isReset) {
    const session = requireSession(ctx);
    const { password } = validate(NewPasswordBody, input);
    const hash = await hashPassword(password);
    const now = ctx.app.now();
    db.transaction(() => {
      setPasswordHash(db, session.user.id, hash);
      revokeUserTokens(db, session.user.id, 'access', now, session.tokenId); // sign out other devices
      revokeUserTokens(db, session.user.id, 'reset', now);
    })();
    return ok(MESSAGES.passwordChanged);
  }

  const { email: address, token, password } = validate(ResetBody, input);
  const live = findLiveToken(db, 'reset', token, ctx.app.now());
  const owner = live ? findUserById(db, live.user_id) : undefined;
  if (!live || !owner || owner.email !== address) throw new HttpError(400, MESSAGES.badResetLink);
  const hash = await hashPassword(password);
  const now = ctx.app.now();
  const done = db.transaction(() => {
    if (consumeToken(db, 'reset', token, now) !== owner.id) return false;
    setPasswordHash(db, owner.id, hash);
    revokeUserTokens(db, owner.id, 'reset', now);
    revokeUserTokens(db, owner.id, 'access', now);
    markEmailVerified(db, owner.id, now); // the link proved the person reads this mailbox
    return true;
  })();
  if (!done) throw new HttpError(400, MESSAGES.badResetLink);
  return ok(MESSAGES.passwordReset);
}

function logout(ctx: RequestContext) {
  const session = requireSession(ctx);
  revokeToken(ctx.app.db, session.tokenId, ctx.app.now());
  return ok(MESSAGES.loggedOut);
}

function mobileLogin(ctx: RequestContext) {
  const { db } = ctx.app;
  const now = ctx.app.now();
  const token = bearerToken(ctx.req);
  const userId = token ? consumeToken(db, 'app', token, now) : undefined;
  const user = userId === undefined ? undefined : findUserById(db, userId);
  if (!user || user.deleted_at) throw new HttpError(401, MESSAGES.appLinkExpired);
  assertMaySignIn(user);
  return ok('Logged in.', newSession(db, user.id, now));
}

export const authRoutes: Route[] = [
  { method: 'POST', path: '/webclient/auth/login', handler: login },
  { method: 'POST', path: '/webclient/auth/register', handler: register },
  { method: 'POST', path: '/webclient/auth/connect-socmed', handler: connectSocmed },
  { method: 'POST', path: '/webclient/auth/resend-activation', handler: resendActivation },
  { method: 'POST', path: '/dashboard/auth/resend-email', handler: withErrorCode(ER_AUTH_69, resendActivation) },
  { method: 'POST', path: '/dashboard/auth/accept-toc', handler: withErrorCode(ER_AUTH_03, acceptTermsByEmail) },
  { method: 'GET', path: '/webclient-verification-email', handler: verifyEmail },
  { method: 'POST', path: '/webclient/auth/forgot-password', handler: forgotPassword },
  { method: 'POST', path: '/dashboard/auth/change-password', handler: changePassword },
  { method: 'POST', path: '/webclient/auth/logout', handler: logout },
  { method: 'GET', path: '/webclient/auth/mobile-login', handler: mobileLogin },
];
