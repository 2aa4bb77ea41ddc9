/**
 * The authentication calls, one contract per endpoint, with the catalogue code their failures carry.
 */
import { MOBILE_LOGIN_PATH, PROFILE_PATH } from '../boot/boot';
import * as z from 'zod/mini';
import { get, Ignored, post } from './contract';
import { lazy } from './lazy';
import { CountryListItem, Email, LoginResponse, UserProfile, email } from './schemas';

export const Gender = lazy(() => z.enum(['None', 'Male', 'Female']));
export const SignInMethod = lazy(() => z.enum(['email', 'google', 'facebook', 'apple']));

/** The register payload; social registration adds the provider's token and uid. */
const Registration = lazy(() =>
  z.object({
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
);

const SocialUser = lazy(() =>
  z.object({
    email: z.string().check(z.maxLength(254)),
    name: z.string().check(z.maxLength(200)),
    uid: z.string().check(z.minLength(1), z.maxLength(200)),
    token: z.string().check(z.minLength(1), z.maxLength(8192)),
    method: z.enum(['google', 'facebook', 'apple']),
  }),
);

const Credentials = lazy(() =>
  z.object({
    email,
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    device_proof: z.optional(z.string()),
  }),
);
const anonymous = { auth: false } as const;

export const login = lazy(() =>
  post('/webclient/auth/login', Credentials, LoginResponse, { ...anonymous, errorCode: 'ER-AUTH-02' }),
);
/** Email registration answers the proof for accepting the terms (no session); social registration answers a session. */
export const register = lazy(() =>
  post(
    '/webclient/auth/register',
    Registration,
    z.optional(z.nullable(z.union([LoginResponse, z.object({ terms_token: z.string() })]))),
    { ...anonymous, errorCode: 'ER-AUTH-03' },
  ),
);
/** Social sign-in: a session, or null when the person must register first. */
export const connectSocmed = lazy(() =>
  post('/webclient/auth/connect-socmed', SocialUser, z.nullable(LoginResponse), {
    ...anonymous,
    errorCode: 'ER-AUTH-02',
  }),
);
export const resendActivation = lazy(() =>
  post('/webclient/auth/resend-activation', Email, Ignored, { ...anonymous, errorCode: 'ER-AUTH-69' }),
);
export const verifyEmail = lazy(() =>
  get('/webclient-verification-email', Ignored, {
    ...anonymous,
    request: z.object({ t: z.string().check(z.minLength(1)) }),
    query: (req) => ({ t: req.t }),
  }),
);
/**
 * The code of a verification link for an address signed up more than once (400): no password was activated, and a
 * "Choose your password" email (a reset link, which verifies the address) is on its way to the address of the link.
 */
export const CHOOSE_PASSWORD_SENT = 'choose-password-sent';
/**
 * The address a server message ends with, after ' : ' (as a sign-in failure's does, spec ER-AUTH-02, and the answer
 * with CHOOSE_PASSWORD_SENT); null when it ends with none.
 */
export function addressIn(message: string): string | null {
  const address = message.split(' : ').pop()!.trim();
  return message.includes(' : ') && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : null;
}
export const forgotPassword = lazy(() =>
  post('/webclient/auth/forgot-password', Email, Ignored, { ...anonymous, errorCode: 'ER-AUTH-03' }),
);
/** Sets a new password with the emailed reset token. */
export const resetPassword = lazy(() =>
  post('/dashboard/auth/change-password', z.object({ email, token: z.string(), password: z.string() }), Ignored, {
    ...anonymous,
    errorCode: 'ER-AUTH-03',
  }),
);
/**
 * The code of a password change refused because the sign-in behind the token is not recent: the person's current
 * password is needed (`current_password`).
 */
export const CURRENT_PASSWORD_NEEDED = 'current-password-needed';
/** Changes the password of the signed-in person; the current password when the sign-in is not recent. */
export const changePassword = lazy(() =>
  post(
    '/dashboard/auth/change-password',
    z.object({ password: z.string(), current_password: z.optional(z.string()) }),
    Ignored,
    { errorCode: 'ER-AUTH-03' },
  ),
);
export const profile = lazy(() => get(PROFILE_PATH, UserProfile, { errorCode: 'ER-AUTH-03' }));
export const countries = lazy(() =>
  get('/api/country', z.array(CountryListItem), { ...anonymous, errorCode: 'ER-AUTH-69' }),
);
/** Removes the access token on the server when the person logs out. */
export const logout = lazy(() => post('/webclient/auth/logout', z.object({}), Ignored));
/** Exchanges the mobile app's one-time token (sent as the bearer) for a session. */
export const mobileLogin = lazy(() => get(MOBILE_LOGIN_PATH, LoginResponse, { ...anonymous, errorCode: 'ER-AUTH-02' }));
