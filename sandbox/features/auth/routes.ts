// Sign-in, registration (by email or with a social account), email verification, password reset and change,
// logout, the mobile app's sign-in, and accepting the terms by email.
import { z } from 'zod';
import * as accountApi from '../../../shared/api/account.js';
import * as authApi from '../../../shared/api/auth.js';
import { forgetAttempt, inboxWait, passwordAccepted } from '../../core/attempts.js';
import { SOCIAL_MESSAGES, SOCIAL_METHODS } from '../../core/firebase.js';
import {
  answer,
  bearerToken,
  contractBody,
  countRequest,
  ERROR_CODES,
  HttpError,
  mailContext,
  ok,
  tooManyAttempts,
  unwrap,
  validate,
  withErrorCode,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import type { Result } from '../../core/result.js';
import { requireSession } from '../../core/session.js';
import { revokeToken, revokeUserTokens } from '../../core/tokens.js';
import { ACCOUNT_MESSAGES, type UserRow } from '../../core/users.js';
import {
  anyPassword,
  countryCode,
  email,
  LIMITS,
  loginEmail,
  newPassword,
  opaqueToken,
  personName,
  phoneNumber,
} from '../../core/validation.js';
import { deviceOf, deviceUsed, endDevices, issueDeviceProof, listDevices } from './devices.js';
import { sendVerification } from './mails.js';
import {
  acceptTermsWithProof,
  changeOwnPassword,
  checkPassword,
  newSession,
  RECENT_SIGN_IN_MS,
  registerByEmail,
  registrationProof,
  requestReset,
  resendVerification,
  resetLinkOwner,
  resetPassword,
  SIGN_IN_MESSAGES,
  useAppToken,
  useVerificationLink,
} from './sign-in.js';
import {
  checkSocialToken,
  connectSocial,
  registerSocial,
  SOCIAL_ACCOUNT_MESSAGES,
  type SocialOutcome,
} from './social.js';

const AUTH_MESSAGES = {
  unverified: 'Please verify your email before logging in.',
  registered: 'Thank you for registering. Please check your email to verify your account.',
  socialNoEmail: 'email: the social account has no email address; sign up with email instead',
  socialEmailMismatch: 'email: must be the email of the social account',
  resent: 'If the account exists and is not verified, a new verification email has been sent.',
  verified: 'Email Verified!',
  badVerifyLink: 'This verification link is invalid or has expired.',
  choosePassword:
    'This email address was signed up more than once, so the password may not be one you chose. We have emailed you ' +
    'a link to choose your password; your email is verified when you do.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been updated. You can now log in.',
  passwordChanged: 'You successfully update the password',
  loggedOut: 'Logged out.',
  appLinkExpired: 'This sign-in link has expired. Please sign in again.',
  termsAccepted: 'Thank you. The terms of use are accepted.',
  loggedIn: 'Logged in.',
  devices: 'The browsers that signed in to your account.',
  deviceEnded: 'That browser was signed out.',
  deviceNotFound: 'id: is not a browser signed in to your account',
  signedOutEverywhere: 'You were signed out everywhere else.',
  currentPasswordNeeded:
    'For your security, enter your current password to change it (or log in again, then change it).',
  wrongCurrentPassword: 'current_password: is not your current password. Check it, or log in again and change it then.',
} as const;

// ---- bodies: the portal's contracts, with the server's own rules for the fields it checks more strictly ----

const LoginBody = contractBody(authApi.login, {
  email: loginEmail,
  password: anyPassword,
  // this browser's proof that it signed in to the account before (features/auth/devices.ts); checked, never trusted
  device_proof: z.string().max(LIMITS.token).optional(),
});
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
  name: z
    .string()
    .max(2 * LIMITS.name + 1)
    .nullish(),
  uid: firebaseUid,
  token: opaqueToken,
  method: z.enum(SOCIAL_METHODS),
});
const ResendBody = contractBody(authApi.resendActivation, { email });
const ResendEmailBody = contractBody(accountApi.resendEmail, { email });
/** The proof is checked by the rule itself: missing or not live is 401, never a field error. */
const TermsByEmailBody = contractBody(accountApi.acceptTermsByEmail, {
  email,
  terms_token: z.string().max(LIMITS.token).optional(),
});
const ForgotBody = contractBody(authApi.forgotPassword, { email });
const ResetBody = contractBody(authApi.resetPassword, { email, token: opaqueToken, password: newPassword });
const NewPasswordBody = contractBody(authApi.changePassword, {
  password: newPassword,
  current_password: anyPassword.optional(),
});

// ---- signing in ----

/** Only once a password or a token proved who asks: a blocked account is refused, and not revealed to anyone else. */
function refuseBlocked(user: Pick<UserRow, 'blocked_at'>): void {
  if (user.blocked_at) throw new HttpError(403, ACCOUNT_MESSAGES.blocked, ERROR_CODES.signIn);
}

/**
 * Checks a password, counted for this email and client (or the browser a device proof names) before the check (429
 * with Retry-After past the limit, or past the account's cap for a client without a proof). A success stops counting
 * this email's failures from this client; a check the server was too busy to make does not count.
 */
async function countedPasswordCheck(
  ctx: RequestContext,
  address: string,
  password: string,
  device: string | null = null,
): Promise<Result<UserRow>> {
  const { db } = ctx.app;
  const attempt = countRequest(ctx, 'login', address, device);
  let result: Result<UserRow>;
  try {
    result = await checkPassword(db, ctx.app.passwords, address, password);
  } catch (err) {
    forgetAttempt(db, attempt);
    throw err;
  }
  if (result.ok) passwordAccepted(db, attempt, address, ctx.ip, device);
  return result;
}

/**
 * Signing in with a password. The answer carries a device proof for this browser and account (the one it sent, when
 * valid, else a new one): sent back with later sign-ins, it keeps this browser's allowance while others guess.
 */
async function login(ctx: RequestContext) {
  const { db } = ctx.app;
  const { email: address, password, device_proof } = await ctx.body(LoginBody);
  const device = deviceOf(db, address, device_proof);
  const user = unwrap(await countedPasswordCheck(ctx, address, password, device));
  refuseBlocked(user);
  if (!user.email_verified_at) throw new HttpError(403, AUTH_MESSAGES.unverified);
  if (device) deviceUsed(db, device, ctx.app.now());
  const proof = device ? device_proof! : issueDeviceProof(db, user, ctx.app.now());
  return answer(authApi.login, AUTH_MESSAGES.loggedIn, { ...newSession(db, user, ctx.app.now()), device_proof: proof });
}

function mobileLogin(ctx: RequestContext) {
  const { db } = ctx.app;
  const now = ctx.app.now();
  const user = useAppToken(db, bearerToken(ctx.req), now);
  if (!user) throw new HttpError(401, AUTH_MESSAGES.appLinkExpired);
  refuseBlocked(user);
  return answer(authApi.mobileLogin, AUTH_MESSAGES.loggedIn, newSession(db, user, now));
}

function logout(ctx: RequestContext) {
  const session = requireSession(ctx);
  revokeToken(ctx.app.db, session.tokenId, ctx.app.now());
  return ok(AUTH_MESSAGES.loggedOut);
}

// ---- the browsers signed in (device proofs) ----

const EndDeviceBody = z.object({ id: z.string().min(1).max(LIMITS.token) }).strict();

/** The account's browsers with a live device proof: `{id, created_at, last_used_at}`, most recently used first. */
function devices(ctx: RequestContext) {
  const session = requireSession(ctx);
  return ok(AUTH_MESSAGES.devices, listDevices(ctx.app.db, session.user.id));
}

/** Ends one browser's device proof (it then signs in as any other client, on the account's cap). */
async function endDevice(ctx: RequestContext) {
  const session = requireSession(ctx);
  const { id } = await ctx.body(EndDeviceBody);
  if (!endDevices(ctx.app.db, session.user.id, id, ctx.app.now()))
    throw new HttpError(400, AUTH_MESSAGES.deviceNotFound);
  return ok(AUTH_MESSAGES.deviceEnded);
}

/** "Sign out everywhere": every device proof and every other session of the account end; this session stays. */
async function signOutEverywhere(ctx: RequestContext) {
  const session = requireSession(ctx);
  await ctx.body(z.object({}).strict());
  const { db } = ctx.app;
  const now = ctx.app.now();
  db.transaction(() => {
    endDevices(db, session.user.id, null, now);
    revokeUserTokens(db, session.user.id, 'access', now, session.tokenId);
  })();
  return ok(AUTH_MESSAGES.signedOutEverywhere);
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
      return answer(
        authApi.connectSocmed,
        outcome.created ? SOCIAL_ACCOUNT_MESSAGES.welcome : AUTH_MESSAGES.loggedIn,
        newSession(ctx.app.db, outcome.user, now),
      );
    case 'email-taken':
      throw new HttpError(409, SOCIAL_ACCOUNT_MESSAGES.emailTaken, ERROR_CODES.signIn);
    case 'ended':
      throw new HttpError(403, SOCIAL_ACCOUNT_MESSAGES.ended, ERROR_CODES.signIn);
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
  const outcome = registerSocial(
    ctx.app.db,
    verified,
    { first_name, last_name, email: verified.email, country_code, gender, phone_number },
    now,
  );
  if (outcome.kind === 'signed-in' && outcome.created && !outcome.user.email_verified_at) {
    sendVerification(mailContext(ctx), outcome.user); // signed in now; the email still needs its own proof for password logins
  }
  return socialAnswer(ctx, outcome, now);
}

// ---- registering and verifying ----

/**
 * Registering by email: counted per address and client (each one costs a hash and sends an email). The answer carries
 * the proof for accepting the terms (a random one for an address that was taken, so both look alike).
 */
async function register(ctx: RequestContext) {
  const input = await ctx.json();
  const { method } = validate(z.object({ method: authApi.SignInMethod }), input);
  if (method !== 'email') return registerWithSocial(ctx, input);
  const data = validate(RegisterBody, input);
  const attempt = countRequest(ctx, 'register', data.email);
  // Hash in every case, so an existing address does not answer faster. Refused as busy: the attempt is given back.
  let password_hash: string;
  try {
    password_hash = await ctx.app.passwords.hash(data.password);
  } catch (err) {
    forgetAttempt(ctx.app.db, attempt);
    throw err;
  }
  const { first_name, last_name, email: address, country_code, gender, phone_number } = data;
  // Checked again now, just before the email goes: registrations hashed at the same time cannot all slip past it.
  const wait = inboxWait(ctx.app.db, ctx.app.loginLimit, address, ctx.app.now());
  if (wait > 0) throw tooManyAttempts(wait);
  const { userId } = registerByEmail(mailContext(ctx), {
    first_name,
    last_name,
    email: address,
    password_hash,
    country_code,
    gender,
    phone_number,
  });
  return answer(authApi.register, AUTH_MESSAGES.registered, registrationProof(ctx.app.db, userId, ctx.app.now()));
}

/** Another verification email: counted per address and client, like the reset request. */
function resendActivation(schema: typeof ResendBody) {
  return async (ctx: RequestContext) => {
    const { email: address } = await ctx.body(schema);
    countRequest(ctx, 'resend', address);
    resendVerification(mailContext(ctx), address, ctx.app.loginLimit);
    return ok(AUTH_MESSAGES.resent);
  };
}

/**
 * The emailed verification link. For an address signed up more than once the answer is 400 saying that a link to
 * choose the password is on its way to the address it names, with the code CHOOSE_PASSWORD_SENT (the portal gives it a
 * screen of its own).
 */
function verifyEmail(ctx: RequestContext) {
  const link = useVerificationLink(mailContext(ctx), ctx.url.searchParams.get('t') ?? '');
  if (!link) throw new HttpError(400, AUTH_MESSAGES.badVerifyLink);
  // Followed by ' : {email}' as a sign-in failure is (spec ER-AUTH-02): the address the link came to, which its holder
  // knows already, so the portal can say where the email went.
  if (link.outcome === 'choose-password')
    throw new HttpError(400, `${AUTH_MESSAGES.choosePassword} : ${link.email}`, authApi.CHOOSE_PASSWORD_SENT);
  return ok(AUTH_MESSAGES.verified);
}

/**
 * Accepting the terms by email, before the first sign-in: only with the proof the person's own sign-in or
 * registration answered (live, unused, for this email); anything else is 401 and records nothing. The first
 * acceptance is kept.
 */
async function acceptTermsByEmail(ctx: RequestContext) {
  const { email: address, terms_token } = await ctx.body(TermsByEmailBody);
  const accepted = terms_token ? acceptTermsWithProof(ctx.app.db, address, terms_token, ctx.app.now()) : null;
  if (!accepted?.ok) throw new HttpError(401, SIGN_IN_MESSAGES.badTermsProof);
  return ok(AUTH_MESSAGES.termsAccepted);
}

// ---- passwords ----

async function forgotPassword(ctx: RequestContext) {
  const { email: address } = await ctx.body(ForgotBody);
  countRequest(ctx, 'forgot', address);
  requestReset(mailContext(ctx), address, ctx.app.loginLimit);
  return ok(AUTH_MESSAGES.forgotSent);
}

/**
 * The reset form (a body with a `token` field, no session needed), or the signed-in person's new password. A token
 * alone proves little (it may have been stolen): when the sign-in behind it is not recent, the current password is
 * needed too (403 with CURRENT_PASSWORD_NEEDED without it), checked and counted like a sign-in.
 */
async function changePassword(ctx: RequestContext) {
  const input = await ctx.json();
  const { db } = ctx.app;
  if (typeof input === 'object' && input !== null && 'token' in input) {
    const { email: address, token, password } = validate(ResetBody, input);
    const owner = resetLinkOwner(db, address, token, ctx.app.now());
    if (!owner) throw new HttpError(400, SIGN_IN_MESSAGES.badResetLink);
    const hash = await ctx.app.passwords.hash(password);
    unwrap(resetPassword(db, owner, token, hash, ctx.app.now()));
    return ok(AUTH_MESSAGES.passwordReset);
  }
  const session = requireSession(ctx);
  const { password, current_password } = validate(NewPasswordBody, input);
  const recent = ctx.app.now().getTime() - new Date(session.signedInAt).getTime() < RECENT_SIGN_IN_MS;
  if (!recent && current_password === undefined)
    throw new HttpError(403, AUTH_MESSAGES.currentPasswordNeeded, authApi.CURRENT_PASSWORD_NEEDED);
  if (current_password !== undefined && !(await countedPasswordCheck(ctx, session.user.email, current_password)).ok) {
    throw new HttpError(400, AUTH_MESSAGES.wrongCurrentPassword);
  }
  const hash = await ctx.app.passwords.hash(password);
  changeOwnPassword(db, session.user.id, session.tokenId, hash, ctx.app.now());
  return ok(AUTH_MESSAGES.passwordChanged);
}

export const authRoutes: Route[] = [
  { method: 'POST', path: '/webclient/auth/login', handler: login },
  { method: 'POST', path: '/webclient/auth/register', handler: register },
  { method: 'POST', path: '/webclient/auth/connect-socmed', handler: connectSocmed },
  { method: 'POST', path: '/webclient/auth/resend-activation', handler: resendActivation(ResendBody) },
  {
    method: 'POST',
    path: '/dashboard/auth/resend-email',
    handler: withErrorCode(ERROR_CODES.resend, resendActivation(ResendEmailBody)),
  },
  { method: 'POST', path: '/dashboard/auth/accept-toc', handler: withErrorCode(ERROR_CODES.terms, acceptTermsByEmail) },
  { method: 'GET', path: '/webclient-verification-email', handler: verifyEmail },
  { method: 'POST', path: '/webclient/auth/forgot-password', handler: forgotPassword },
  { method: 'POST', path: '/dashboard/auth/change-password', handler: changePassword },
  { method: 'POST', path: '/webclient/auth/logout', handler: logout },
  { method: 'GET', path: '/webclient/auth/mobile-login', handler: mobileLogin },
  { method: 'GET', path: '/dashboard/account/devices', handler: withErrorCode(ERROR_CODES.signIn, devices) },
  { method: 'POST', path: '/dashboard/account/devices/end', handler: withErrorCode(ERROR_CODES.signIn, endDevice) },
  {
    method: 'POST',
    path: '/dashboard/account/sign-out-everywhere',
    handler: withErrorCode(ERROR_CODES.signIn, signOutEverywhere),
  },
];
