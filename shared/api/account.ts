/**
 * The account dashboard calls: profile update, add bank and accept terms (as the signed-in
 * person) fail as ER-AUTH-02; accept terms by email fails as ER-AUTH-03; resend email as ER-AUTH-69.
 */
import * as z from 'zod/mini';
import { Ignored, post } from './contract';
import { lazy } from './lazy';
import { Email, UserProfile, email } from './schemas';

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const countryCode = lazy(() => z.string().check(z.regex(/^[A-Z]{2}$/)));

const ProfileUpdate = lazy(() =>
  z.object({
    first_name: z.optional(text(100).check(z.minLength(1))),
    last_name: z.optional(text(100).check(z.minLength(1))),
    dob: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
    bio: z.optional(z.nullable(text(1000))),
    genre: z.optional(z.nullable(text(100))),
    country_code: z.optional(countryCode),
    phone_number: z.optional(z.string().check(z.regex(/^\d{0,20}$/))),
  }),
);

const BankAccount = lazy(() =>
  z.object({
    bank_name: text(100).check(z.minLength(1)),
    account_name: text(100).check(z.minLength(1)),
    account_number: z.string().check(z.regex(/^[0-9 -]{4,34}$/)),
    routing_number: z.optional(z.string().check(z.regex(/^[0-9A-Z -]{0,20}$/))),
    country_code: countryCode,
  }),
);
const SavedBank = lazy(() =>
  z.object({ bank_name: z.string(), account_name: z.string(), account_last4: z.string(), country_code: z.string() }),
);

export const updateProfile = lazy(() =>
  post('/dashboard/account/update', ProfileUpdate, UserProfile, { errorCode: 'ER-AUTH-02' }),
);
export const addBank = lazy(() =>
  post('/dashboard/account/add-bank', BankAccount, SavedBank, { errorCode: 'ER-AUTH-02' }),
);
/** Accept the terms as the signed-in person. */
export const acceptTermsAccount = lazy(() =>
  post('/dashboard/account/accept-toc', z.object({}), Ignored, { errorCode: 'ER-AUTH-02' }),
);
/**
 * Accept the terms by email (before the first sign-in), with the proof (`terms_token`) that the sign-in or
 * registration answered; without a live proof for this email the server answers 401.
 */
export const acceptTermsByEmail = lazy(() =>
  post(
    '/dashboard/auth/accept-toc',
    z.object({ email, terms_token: z.string().check(z.minLength(1), z.maxLength(200)) }),
    Ignored,
    {
      auth: false,
      errorCode: 'ER-AUTH-03',
    },
  ),
);
export const resendEmail = lazy(() =>
  post('/dashboard/auth/resend-email', Email, Ignored, { auth: false, errorCode: 'ER-AUTH-69' }),
);
