/**
 * The Donations calls: missions, the donation plan, gifts and cancelling a monthly gift.
 */
import * as z from 'zod/mini';
import { get, post } from './contract';
import { lazy } from './lazy';
import { CheckoutRequest, CheckoutSession } from './credits';
import { PricedOption } from './schemas';

/** A mission (ministry) people give to. */
export const Mission = lazy(() =>
  z.object({
    id: z.number(),
    organization: z.string(),
    title: z.optional(z.string()),
    banner: z.array(z.string()),
    description: z.string(),
    total_donation: z.number(),
    subscribed: z.boolean(),
    metadata: z.optional(z.nullable(z.object({ next_donation_period: z.optional(z.nullable(z.string())) }))),
  }),
);
export type Mission = z.infer<typeof Mission>;

export const DonationPlan = lazy(() =>
  z.extend(PricedOption, {
    price: z.number(),
    frequency: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
);
export type DonationPlan = z.infer<typeof DonationPlan>;

const CreateDonationSession = lazy(() =>
  z.extend(CheckoutRequest, {
    donation_id: z.number(),
    recurring: z.union([z.literal(0), z.literal(1)]),
    frequency: z.number(),
  }),
);
export type CreateDonationSession = z.infer<typeof CreateDonationSession>;

const base = '/webclient/donation';
const missions = lazy(() => z.array(Mission));
const plans = lazy(() => z.array(DonationPlan));
export const ongoingHome = lazy(() => get(`${base}/ongoing-home`, missions));
export const ongoing = lazy(() => get(`${base}/ongoing`, missions));
/** The public list for visitors who are not signed in. */
export const ongoingProject = lazy(() => get(`${base}/ongoing-project`, missions, { auth: false }));
export const donationPlan = lazy(() =>
  get(`${base}/donation-plan`, plans, { on401: 'report', errorCode: 'DonationPlanError' }),
);
export const donationPlanAnonymous = lazy(() =>
  get(`${base}/donation-plan`, plans, { auth: false, errorCode: 'DonationPlanError' }),
);
export const createDonationSession = lazy(() => post(`${base}/create-session`, CreateDonationSession, CheckoutSession));
/** One-time gifts from visitors who are not signed in. */
export const createAnonymousDonationSession = lazy(() =>
  post(`${base}/create-session`, CreateDonationSession, CheckoutSession, { auth: false }),
);
export const cancelDonation = lazy(() => post(`${base}/cancel`, z.object({ donation_id: z.number() }), z.unknown()));
