/**
 * Contracts of the Donations calls (spec section 7).
 */
import * as z from 'zod/mini';
import { contract } from './client';
import { CheckoutSession } from './credits';

/** Mission (spec section 3). */
export const Mission = z.object({
  id: z.number(),
  organization: z.string(),
  title: z.optional(z.string()),
  banner: z.array(z.string()),
  description: z.string(),
  total_donation: z.number(),
  subscribed: z.boolean(),
  metadata: z.optional(z.nullable(z.object({ next_donation_period: z.optional(z.nullable(z.string())) }))),
});
export type Mission = z.infer<typeof Mission>;

/** Donation plan (spec section 3). */
export const DonationPlan = z.object({
  country: z.string(),
  currency: z.string(),
  identifier: z.string(),
  price: z.number(),
  frequency: z.array(z.object({ id: z.number(), name: z.string() })),
  user_currency: z.string(),
  rate: z.number(),
});
export type DonationPlan = z.infer<typeof DonationPlan>;

export const ongoingHome = contract({
  method: 'GET',
  path: '/webclient/donation/ongoing-home',
  auth: true,
  request: z.object({}),
  response: z.array(Mission),
  errorCode: null,
});

export const ongoing = contract({
  method: 'GET',
  path: '/webclient/donation/ongoing',
  auth: true,
  request: z.object({}),
  response: z.array(Mission),
  errorCode: null,
});

/** Public list for anonymous visitors (no auth). */
export const ongoingProject = contract({
  method: 'GET',
  path: '/webclient/donation/ongoing-project',
  auth: false,
  request: z.object({}),
  response: z.array(Mission),
  errorCode: null,
});

export const donationPlan = contract({
  method: 'GET',
  path: '/webclient/donation/donation-plan',
  auth: true,
  on401: 'report',
  request: z.object({}),
  response: z.array(DonationPlan),
  errorCode: 'DonationPlanError',
});

/** The plan for visitors who are not signed in. */
export const donationPlanAnonymous = contract({
  method: 'GET',
  path: '/webclient/donation/donation-plan',
  auth: false,
  request: z.object({}),
  response: z.array(DonationPlan),
  errorCode: 'DonationPlanError',
});

const CreateDonationSession = z.object({
  currency: z.string(),
  amount: z.number(),
  identifier: z.string(),
  donation_id: z.number(),
  recurring: z.union([z.literal(0), z.literal(1)]),
  frequency: z.number(),
  success_url: z.string(),
  cancel_url: z.string(),
});

export const createDonationSession = contract({
  method: 'POST',
  path: '/webclient/donation/create-session',
  auth: true,
  request: CreateDonationSession,
  response: CheckoutSession,
  errorCode: null,
});

/** One-time gifts from visitors who are not signed in. */
export const createAnonymousDonationSession = contract({
  method: 'POST',
  path: '/webclient/donation/create-session',
  auth: false,
  request: CreateDonationSession,
  response: CheckoutSession,
  errorCode: null,
});

export const cancelDonation = contract({
  method: 'POST',
  path: '/webclient/donation/cancel',
  auth: true,
  request: z.object({ donation_id: z.number() }),
  response: z.unknown(),
  errorCode: null,
});
