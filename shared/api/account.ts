/**
 * Contracts of the account dashboard calls (spec section 7), with the catalogue codes of
 * section 8: profile update, add bank and accept terms (account path) fail as ER-AUTH-02;
 * accept terms by email fails as ER-AUTH-03; resend email as ER-AUTH-69.
 */
import * as z from 'zod/mini';
import { contract } from './client';
import { Ignored, UserProfile } from './schemas';

const email = z.string().check(z.trim(), z.email(), z.maxLength(254));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const updateProfile = contract({
  method: 'POST',
  path: '/dashboard/account/update',
  auth: true,
  request: z.object({
    first_name: z.optional(text(100).check(z.minLength(1))),
    last_name: z.optional(text(100).check(z.minLength(1))),
    dob: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
    bio: z.optional(z.nullable(text(1000))),
    genre: z.optional(z.nullable(text(100))),
    country_code: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
    phone_number: z.optional(z.string().check(z.regex(/^\d{0,20}$/))),
  }),
  response: UserProfile,
  errorCode: 'ER-AUTH-02',
});

export const addBank = contract({
  method: 'POST',
  path: '/dashboard/account/add-bank',
  auth: true,
  request: z.object({
    bank_name: text(100).check(z.minLength(1)),
    account_name: text(100).check(z.minLength(1)),
    account_number: z.string().check(z.regex(/^[0-9 -]{4,34}$/)),
    routing_number: z.optional(z.string().check(z.regex(/^[0-9A-Z -]{0,20}$/))),
    country_code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
  response: z.object({ bank_name: z.string(), account_name: z.string(), account_last4: z.string(), country_code: z.string() }),
  errorCode: 'ER-AUTH-02',
});

/** Accept the terms as the signed-in person. */
export const acceptTermsAccount = contract({
  method: 'POST',
  path: '/dashboard/account/accept-toc',
  auth: true,
  request: z.object({}),
  response: Ignored,
  errorCode: 'ER-AUTH-02',
});

/** Accept the terms by email (before the first sign-in). */
export const acceptTermsByEmail = contract({
  method: 'POST',
  path: '/dashboard/auth/accept-toc',
  auth: false,
  request: z.object({ email }),
  response: Ignored,
  errorCode: 'ER-AUTH-03',
});

export const resendEmail = contract({
  method: 'POST',
  path: '/dashboard/auth/resend-email',
  auth: false,
  request: z.object({ email }),
  response: Ignored,
  errorCode: 'ER-AUTH-69',
});
