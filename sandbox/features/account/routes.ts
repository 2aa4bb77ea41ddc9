// The signed-in person's account: the profile, the account dashboard calls (update, payout bank account, terms),
// and the country list the forms offer (no sign-in needed).
import { z } from 'zod';
import * as accountApi from '../../../shared/api/account.js';
import * as authApi from '../../../shared/api/auth.js';
import { COUNTRIES } from '../../core/countries.js';
import {
  answer,
  contractBody,
  ERROR_CODES,
  ok,
  unwrap,
  withErrorCode,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import { requireSession } from '../../core/session.js';
import { recordTermsAccepted } from '../../core/users.js';
import { countryCode, personName, phoneNumber } from '../../core/validation.js';
import { saveBankAccount } from './bank-accounts.js';
import { profileOf, updateProfile } from './profile.js';

export const ACCOUNT_MESSAGES = {
  updated: 'Your profile was updated.',
  bankSaved: 'Your bank account was saved.',
  termsAccepted: 'Thank you. The terms of use are accepted.',
} as const;

/** Optional free text: trimmed; empty or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const UpdateBody = contractBody(accountApi.updateProfile, {
  first_name: personName.optional(),
  last_name: personName.optional(),
  dob: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
    .nullable()
    .optional(),
  bio: optionalText(1000),
  genre: optionalText(100),
  country_code: countryCode.optional(),
  phone_number: phoneNumber.optional(),
  gender: z.enum(['None', 'Male', 'Female']).optional(),
});

const AddBankBody = contractBody(accountApi.addBank, {
  bank_name: z.string().trim().min(1).max(100),
  account_name: z.string().trim().min(1).max(100),
  account_number: z.string().regex(/^[0-9 -]{4,34}$/, { error: 'must be 4 to 34 digits (spaces and dashes allowed)' }),
  routing_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z -]{0,20}$/, { error: 'must be at most 20 letters, digits, spaces or dashes' })
    .nullish(),
  country_code: countryCode,
});

const TermsBody = contractBody(accountApi.acceptTermsAccount);

function getProfile(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return answer(authApi.profile, 'Profile.', profileOf(ctx.app.db, user.id, ctx.app.now()));
}

/** The fields sent change (null clears dob, bio, genre); answers the profile as GET profile does. */
async function update(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(UpdateBody);
  const now = ctx.app.now();
  unwrap(updateProfile(ctx.app.db, user.id, body, now));
  return answer(accountApi.updateProfile, ACCOUNT_MESSAGES.updated, profileOf(ctx.app.db, user.id, now));
}

/** The payout account (replaces an earlier one); only the last 4 digits come back. */
async function addBank(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const body = await ctx.body(AddBankBody);
  const saved = unwrap(
    saveBankAccount(ctx.app.db, user.id, { ...body, routing_number: body.routing_number ?? null }, ctx.app.now()),
  );
  return answer(accountApi.addBank, ACCOUNT_MESSAGES.bankSaved, saved);
}

/** Records when the signed-in person accepted the terms. */
async function acceptTerms(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  await ctx.body(TermsBody);
  const now = ctx.app.now();
  recordTermsAccepted(ctx.app.db, user.id, now, false);
  return ok(ACCOUNT_MESSAGES.termsAccepted, { terms_accepted_at: now.toISOString() });
}

export const accountRoutes: Route[] = [
  { method: 'GET', path: '/api/country', handler: () => answer(authApi.countries, 'Country list.', [...COUNTRIES]) },
  { method: 'GET', path: '/webclient/account/profile', handler: getProfile },
  { method: 'POST', path: '/dashboard/account/update', handler: withErrorCode(ERROR_CODES.signIn, update) },
  { method: 'POST', path: '/dashboard/account/add-bank', handler: withErrorCode(ERROR_CODES.signIn, addBank) },
  { method: 'POST', path: '/dashboard/account/accept-toc', handler: withErrorCode(ERROR_CODES.signIn, acceptTerms) },
];
