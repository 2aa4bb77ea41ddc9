/**
 * Contracts of the authentication and account calls (spec section 7), one per endpoint,
 * with the catalogue code their failures carry (spec section 8).
 */
import * as z from 'zod/mini';
import { contract } from './client';
import { CountryListItem, Ignored, LoginResponse, UserProfile } from './schemas';

const email = z.string().check(z.trim(), z.email(), z.maxLength(254));

export const login = contract({
  method: 'POST',
  path: '/webclient/auth/login',
  auth: false,
  request: z.object({ email, password: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: LoginResponse,
  errorCode: 'ER-AUTH-02',
});

export const Gender = z.enum(['None', 'Male', 'Female']);
export const SignInMethod = z.enum(['email', 'google', 'facebook', 'apple']);

/** Register payload (spec section 3). */
export const register = contract({
  method: 'POST',
  path: '/webclient/auth/register',
  auth: false,
  request: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email,
    password: z.string(),
    country_code: z.string(),
    gender: Gender,
    phone_number: z.string(),
    method: SignInMethod,
    token: z.optional(z.string()),
    uid: z.optional(z.string()),
  }),
  // Email registration answers no data; social registration answers a session.
  response: z.optional(z.nullable(LoginResponse)),
  errorCode: 'ER-AUTH-03',
});

/** Social user sign-in (spec section 7): a session, or null when the person must register first. */
export const connectSocmed = contract({
  method: 'POST',
  path: '/webclient/auth/connect-socmed',
  auth: false,
  request: z.object({
    email: z.string().check(z.maxLength(254)),
    name: z.string().check(z.maxLength(200)),
    uid: z.string().check(z.minLength(1), z.maxLength(200)),
    token: z.string().check(z.minLength(1), z.maxLength(8192)),
    method: z.enum(['google', 'facebook', 'apple']),
  }),
  response: z.nullable(LoginResponse),
  errorCode: 'ER-AUTH-02',
});

export const resendActivation = contract({
  method: 'POST',
  path: '/webclient/auth/resend-activation',
  auth: false,
  request: z.object({ email }),
  response: Ignored,
  errorCode: 'ER-AUTH-69',
});

export const verifyEmail = contract({
  method: 'GET',
  path: '/webclient-verification-email',
  auth: false,
  request: z.object({ t: z.string().check(z.minLength(1)) }),
  response: Ignored,
  errorCode: null,
  query: (req) => ({ t: req.t }),
});

export const forgotPassword = contract({
  method: 'POST',
  path: '/webclient/auth/forgot-password',
  auth: false,
  request: z.object({ email }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

/** Set a new password with the emailed reset token. */
export const resetPassword = contract({
  method: 'POST',
  path: '/dashboard/auth/change-password',
  auth: false,
  request: z.object({ email, token: z.string(), password: z.string() }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

/** Change the password of the signed-in person. */
export const changePassword = contract({
  method: 'POST',
  path: '/dashboard/auth/change-password',
  auth: true,
  request: z.object({ password: z.string() }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

export const profile = contract({
  method: 'GET',
  path: '/webclient/account/profile',
  auth: true,
  request: z.object({}),
  response: UserProfile,
  errorCode: 'ER-AUTH-03',
});

export const countries = contract({
  method: 'GET',
  path: '/api/country',
  auth: false,
  request: z.object({}),
  response: z.array(CountryListItem),
  errorCode: 'ER-AUTH-69',
});

/** Removal of the access token on logout (path not given by the spec). */
export const logout = contract({
  method: 'POST',
  path: '/webclient/auth/logout',
  auth: true,
  request: z.object({}),
  response: Ignored,
  errorCode: null,
});

/** Exchanges the mobile app's one-time token (sent as the bearer) for a session. */
export const mobileLogin = contract({
  method: 'GET',
  path: '/webclient/auth/mobile-login',
  auth: false,
  request: z.object({}),
  response: LoginResponse,
  errorCode: 'ER-AUTH-02',
});
