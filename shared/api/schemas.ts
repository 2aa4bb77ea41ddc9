/**
 * The entities several calls share, as zod/mini schemas. No imports but zod, so the session
 * store and every contract can use them.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy';

/** The membership on a person's profile. */
export const Subscription = lazy(() =>
  z.object({
    recurring: z.union([z.literal(0), z.literal(1)]),
    canceled: z.boolean(),
    change_amount: z.boolean(),
    current_amount: z.number(),
    next_amount: z.nullable(z.number()),
    end_date: z.string(),
    schedule_start_date: z.nullable(z.string()),
  }),
);
export type Subscription = z.infer<typeof Subscription>;

export const Country = lazy(() => z.object({ code: z.string(), name: z.string() }));

/**
 * What every priced option (a credit option, a membership plan, a donation plan) has: the
 * country and currency it is priced for, its identifier, and the person's own currency with
 * the rate from the priced currency to it.
 */
export const PricedOption = lazy(() =>
  z.object({
    country: z.string(),
    currency: z.string(),
    identifier: z.string(),
    user_currency: z.string(),
    rate: z.number().check(z.positive()),
  }),
);

/** The signed-in person's profile. */
export const UserProfile = lazy(() =>
  z.object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    email: z.string(),
    avatar: z.nullable(z.string()),
    joined: z.string(),
    dob: z.nullable(z.string()),
    bio: z.nullable(z.string()),
    genre: z.nullable(z.string()),
    type: z.number(),
    credit_balance: z.number(),
    country: z.nullable(Country),
    subscription: z.nullable(Subscription),
    role: z.optional(z.string()),
  }),
);
export type UserProfile = z.infer<typeof UserProfile>;

/**
 * What every sign-in answers: the access token, its type and its lifetime in seconds; while the person has not
 * accepted the terms of use, also a short-lived single-use proof that lets them accept the terms by email.
 */
export const LoginResponse = lazy(() =>
  z.object({
    access_token: z.string().check(z.minLength(1)),
    token_type: z.string().check(z.minLength(1)),
    expires_in: z.number().check(z.positive()),
    terms_token: z.optional(z.string().check(z.minLength(1))),
    /** this browser's proof that it signed in to the account (sent back with later sign-ins: its own allowance) */
    device_proof: z.optional(z.string()),
  }),
);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CountryListItem = lazy(() => z.object({ code: z.string(), name: z.string(), phone_code: z.string() }));
export type CountryListItem = z.infer<typeof CountryListItem>;

export const email = lazy(() => z.string().check(z.trim(), z.email(), z.maxLength(254)));
export const Email = lazy(() => z.object({ email }));
