// Sign-in, registration (by email or with a social account), email verification, password reset and change,
// logout, the mobile app's sign-in, and accepting the terms by email.
import { z } from 'zod';
import * as accountApi from '../../../shared/api/account.js';
import * as authApi from '../../../shared/api/auth.js';
import { clearAttempts, recordAttempt } from '../../core/attempts.js';
import { SOCIAL_MESSAGES, SOCIAL_METHODS } from '../../core/firebase.js';
import {
  answer, bearerToken, contractBody, ERROR_CODES, HttpError, mailContext, ok, refuseIfSlowed, unwrap, validate, withErrorCode,
  type RequestContext, type Route,
} from '../../core/http.js';
import { hashPassword } from '../../core/passwords.js';
import { requireSession } from '../../core/session.js';
import { revokeToken } from '../../core/tokens.js';
import { ACCOUNT_MESSAGES, findUserByEmail, recordTermsAccepted, type UserRow } from '../../core/users.js';
import { anyPassword, countryCode, email, LIMITS, loginEmail, newPassword, opaqueToken, personName, phoneNumber } from '../../core/validation.js';
import { sendVerification } from './mails.js';
import {
  changeOwnPassword, checkPassword, newSession, registerByEmail, requestReset, resendVerification, resetLinkOwner, resetPassword,
  SIGN_IN_MESSAGES, useAppToken, useVerificationLink,
} from './sign-in.js';
import { checkSocialToken, connectSocial, registerSocial, SOCIAL_ACCOUNT_MESSAGES, type SocialOutcome } from './social.js';

const AUTH_MESSAGES = {
  unverified: 'Please verify your email before logging in.',
  registered: 'Thank you for registering. Please check your email to verify your account.',
  socialNoEmail: 'email: the social account has no email address; sign up with email instead',
  socialEmailMismatch: 'email: must be the email of the social account',
  resent: 'If the account exists and is not verified, a new verification email has been sent.',
  verified: 'Email Verified!',
  badVerifyLink: 'This verification link is invalid or has expired.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been updated. You can now log in.',
  passwordChanged: 'You successfully update the password',
  loggedOut: 'Logged out.',
  appLinkExpired: 'This sign-in link has expired. Please sign in again.',
  termsAccepted: 'Thank you. The terms of use are accepted.',
  loggedIn: 'Logged in.',
} as const;

// ---- bodies: the portal's contracts, with the server's own rules for the fields it checks more strictly ----

const LoginBody = contractBody(authApi.login, { email: loginEmail, password: anyPassword });
/** The person, as both ways of registering give it. */
const personRules = {
  first_name: personName,
  last_name: personName,
  email,
  country_code: countryCode,
  phone_number: phoneNumber.optional().default(''),
};
const RegisterBody = contractBody(authApi.register, {
  ...personRules,
  password: newPassword,
  token: z.string().max(LIMITS.token).optional(),
  uid: z.string().max(LIMITS.token).optional(),
});
/** A Firebase uid is at most 128 characters. */
const firebaseUid = z.string().min(1).max(128);
/** Social registration: the password is '-' (not checked); the token and uid are required. */
const SocialRegisterBody = contractBody(authApi.register, {
  ...personRules,
  password: z.string().max(LIMITS.password).optional(),
  method: z.enum(SOCIAL_METHODS),
  token: opaqueToken,
  uid: firebaseUid,
});
const ConnectSocialBody = contractBody(authApi.connectSocmed, {
  // What the provider said, as the portal read it: informational only; the token's claims decide.
  email: z.string().max(LIMITS.email).nullish(),
  name: z.string().max(2 * LIMITS.name + 1).nullish(),
  uid: firebaseUid,
  token: opaqueToken,
  method: z.enum(SOCIAL_METHODS),
});
const ResendBody = contractBody(authApi.resendActivation, { email });
const ResendEmailBody = contractBody(accountApi.resendEmail, { email });
const TermsByEmailBody = contractBody(accountApi.acceptTermsByEmail, { email });
const ForgotBody = contractBody(authApi.forgotPassword, { email });
const ResetBody = contractBody(authApi.resetPassword, { email, token: opaqueToken, password: newPassword });
const NewPasswordBody = contractBody(authApi.changePassword, { password: newPassword });

// ---- signing in ----

/** Only once a password or a token proved who asks: a blocked account is refused, and not revealed to anyone else. */
function refuseBlocked(user: Pick<UserRow, 'blocked_at'>): void {
  if (user.blocked_at) throw new HttpError(403, ACCOUNT_MESSAGES.blocked, ERROR_CODES.signIn);
}

async function login(ctx: RequestContext) {
  const { email: address, password } = await ctx.body(LoginBody);
  const { db } = ctx.app;
  refuseIfSlowed(ctx, 'login', address);
  const user = unwrap(await checkPassword(db, address, password, ctx.ip, ctx.app.now));
  refuseBlocked(user);
  if (!user.email_verified_at) throw new HttpError(403, AUTH_MESSAGES.unverified);
  clearAttempts(db, 'login', address);
  return answer(authApi.login, AUTH_MESSAGES.loggedIn, newSession(db, user.id, ctx.app.now()));
}

function mobileLogin(ctx: RequestContext) {
  const { db } = ctx.app;
  const now = ctx.app.now();
  const user = useAppToken(db, bearerToken(ctx.req), now);
  if (!user) throw new HttpError(401, AUTH_MESSAGES.appLinkExpired);
  refuseBlocked(user);
  return answer(authApi.mobileLogin, AUTH_MESSAGES.loggedIn, newSession(db, user.id, now));
}

function logout(ctx: RequestContext) {
  const session = requireSession(ctx);
  revokeToken(ctx.app.db, session.tokenId, ctx.app.now());
  return ok(AUTH_MESSAGES.loggedOut);
}

// ---- social sign-in ----

/** The token checker; the social calls answer 503 while social sign-in is off (no emulator). */
function requireSocial(ctx: RequestContext) {
  const verify = ctx.app.verifyIdToken;
  if (!verify) throw new HttpError(503, SOCIAL_MESSAGES.notConfigured);
  return verify;
}

/** A social outcome as an answer: a session, "no account yet", or 409 when the email belongs to an account the token cannot claim. */
function socialAnswer(ctx: RequestContext, outcome: SocialOutcome, now: Date) {
  switch (outcome.kind) {
    case 'signed-in':
      refuseBlocked(outcome.user);
      return answer(authApi.connectSocmed, outcome.created ? SOCIAL_ACCOUNT_MESSAGES.welcome : AUTH_MESSAGES.loggedIn, newSession(ctx.app.db, outcome.user.id, now));
    case 'email-taken':
      throw new HttpError(409, SOCIAL_ACCOUNT_MESSAGES.emailTaken, ERROR_CODES.signIn);
    case 'no-account':
      return answer(authApi.connectSocmed, SOCIAL_ACCOUNT_MESSAGES.noAccount, null);
  }
}

async function connectSocmed(ctx: RequestContext) {
  const verify = requireSocial(ctx);
  const { token, uid, method } = await ctx.body(ConnectSocialBody);
  const verified = unwrap(await checkSocialToken(verify, { token, uid, method }), ERROR_CODES.signIn);
  const now = ctx.app.now();
  return socialAnswer(ctx, connectSocial(ctx.app.db, verified, now), now);
}

async function registerWithSocial(ctx: RequestContext, input: unknown) {
  const verify = requireSocial(ctx);
  const data = validate(SocialRegisterBody, input);
  const verified = unwrap(await checkSocialToken(verify, data), ERROR_CODES.signIn);
  if (!verified.email) throw new HttpError(400, AUTH_MESSAGES.socialNoEmail);
  if (verified.email !== data.email) throw new HttpError(400, AUTH_MESSAGES.socialEmailMismatch);
  const now = ctx.app.now();
  const { first_name, last_name, country_code, gender, phone_number } = data;
  const outcome = registerSocial(ctx.app.db, verified, { first_name, last_name, email: verified.email, country_code, gender, phone_number }, now);
  if (outcome.kind === 'signed-in' && outcome.created && !outcome.user.email_verified_at) {
    sendVerification(mailContext(ctx), outcome.user); // signed in now; the email still needs its own proof for password logins
  }
  return socialAnswer(ctx, outcome, now);
}

// ---- registering and verifying ----

async function register(ctx: RequestContext) {
  const input = await ctx.json();
  const { method } = validate(z.object({ method: authApi.SignInMethod }), input);
  if (method !== 'email') return registerWithSocial(ctx, input);
  const data = validate(RegisterBody, input);
  // Hash in every case, so an existing address does not answer faster.
  const password_hash = await hashPassword(data.password);
  const { first_name, last_name, email: address, country_code, gender, phone_number } = data;
  registerByEmail(mailContext(ctx), { first_name, last_name, email: address, password_hash, country_code, gender, phone_number });
  return answer(authApi.register, AUTH_MESSAGES.registered, null);
}

function resendActivation(schema: typeof ResendBody) {
  return async (ctx: RequestContext) => {
    const { email: address } = await ctx.body(schema);
    resendVerification(mailContext(ctx), address);
    return ok(AUTH_MESSAGES.resent);
  };
}

function verifyEmail(ctx: RequestContext) {
  if (!useVerificationLink(ctx.app.db, ctx.url.searchParams.get('t') ?? '', ctx.app.now())) throw new HttpError(400, AUTH_MESSAGES.badVerifyLink);
  return ok(AUTH_MESSAGES.verified);
}

/**
 * Accepting the terms by email, before the first sign-in: recorded for that account when it exists (the first
 * acceptance is kept), and always the same answer, so it reveals no accounts.
 */
async function acceptTermsByEmail(ctx: RequestContext) {
  const { email: address } = await ctx.body(TermsByEmailBody);
  const user = findUserByEmail(ctx.app.db, address);
  if (user && !user.deleted_at) recordTermsAccepted(ctx.app.db, user.id, ctx.app.now(), true);
  return ok(AUTH_MESSAGES.termsAccepted);
}

// ---- passwords ----

async function forgotPassword(ctx: RequestContext) {
  const { email: address } = await ctx.body(ForgotBody);
  refuseIfSlowed(ctx, 'forgot', address);
  recordAttempt(ctx.app.db, 'forgot', address, ctx.ip, ctx.app.now());
  requestReset(mailContext(ctx), address);
  return ok(AUTH_MESSAGES.forgotSent);
}

/** The reset form (a body with a `token` field, no session needed), or the signed-in person's new password. */
async function changePassword(ctx: RequestContext) {
  const input = await ctx.json();
  const { db } = ctx.app;
  if (typeof input === 'object' && input !== null && 'token' in input) {
    const { email: address, token, password } = validate(ResetBody, input);
    const owner = resetLinkOwner(db, address, token, ctx.app.now());
    if (!owner) throw new HttpError(400, SIGN_IN_MESSAGES.badResetLink);
    const hash = await hashPassword(password);
    unwrap(resetPassword(db, owner, token, hash, ctx.app.now()));
    return ok(AUTH_MESSAGES.passwordReset);
  }
  const session = requireSession(ctx);
  const { password } = validate(NewPasswordBody, input);
  const hash = await hashPassword(password);
  changeOwnPassword(db, session.user.id, session.tokenId, hash, ctx.app.now());
  return ok(AUTH_MESSAGES.passwordChanged);
}

export const authRoutes: Route[] = [
  { method: 'POST', path: '/webclient/auth/login', handler: login },
  { method: 'POST', path: '/webclient/auth/register', handler: register },
  { method: 'POST', path: '/webclient/auth/connect-socmed', handler: connectSocmed },
  { method: 'POST', path: '/webclient/auth/resend-activation', handler: resendActivation(ResendBody) },
  { method: 'POST', path: '/dashboard/auth/resend-email', handler: withErrorCode(ERROR_CODES.resend, resendActivation(ResendEmailBody)) },
  { method: 'POST', path: '/dashboard/auth/accept-toc', handler: withErrorCode(ERROR_CODES.terms, acceptTermsByEmail) },
  { method: 'GET', path: '/webclient-verification-email', handler: verifyEmail },
  { method: 'POST', path: '/webclient/auth/forgot-password', handler: forgotPassword },
  { method: 'POST', path: '/dashboard/auth/change-password', handler: changePassword },
  { method: 'POST', path: '/webclient/auth/logout', handler: logout },
  { method: 'GET', path: '/webclient/auth/mobile-login', handler: mobileLogin },
];
