/**
 * The Donations calls: missions, the donation plan, gifts and cancelling a monthly gift.
 */
import * as z from 'zod/mini';
import { get, post } from './contract';
import { CheckoutRequest, CheckoutSession } from './credits';
import { PricedOption } from './schemas';

/** A mission (ministry) people give to. */
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

export const DonationPlan = z.extend(PricedOption, {
  price: z.number(),
  frequency: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type DonationPlan = z.infer<typeof DonationPlan>;

const CreateDonationSession = z.extend(CheckoutRequest, {
  donation_id: z.number(),
  recurring: z.union([z.literal(0), z.literal(1)]),
  frequency: z.number(),
});
export type CreateDonationSession = z.infer<typeof CreateDonationSession>;

const base = '/webclient/donation';
const missions = z.array(Mission);
const plans = z.array(DonationPlan);
export const ongoingHome = get(`${base}/ongoing-home`, missions);
export const ongoing = get(`${base}/ongoing`, missions);
/** The public list for visitors who are not signed in. */
export const ongoingProject = get(`${base}/ongoing-project`, missions, { auth: false });
export const donationPlan = get(`${base}/donation-plan`, plans, { on401: 'report', errorCode: 'DonationPlanError' });
export const donationPlanAnonymous = get(`${base}/donation-plan`, plans, { auth: false, errorCode: 'DonationPlanError' });
export const createDonationSession = post(`${base}/create-session`, CreateDonationSession, CheckoutSession);
/** One-time gifts from visitors who are not signed in. */
export const createAnonymousDonationSession = post(`${base}/create-session`, CreateDonationSession, CheckoutSession, { auth: false });
export const cancelDonation = post(`${base}/cancel`, z.object({ donation_id: z.number() }), z.unknown());
