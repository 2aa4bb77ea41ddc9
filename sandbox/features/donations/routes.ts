// Donations: missions, the donation plan, paying a gift (one-time, or monthly when signed in), cancelling a monthly
// gift; and the sandbox's own mission helper and banner images.
import { z } from 'zod';
import * as donationsApi from '../../../shared/api/donations.js';
import {
  answer,
  contractBody,
  ERROR_CODES,
  file,
  HttpError,
  ok,
  unwrap,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import { optionalSession, requireSession } from '../../core/session.js';
import { currencyCode, identifier, zeroOrOne } from '../../core/validation.js';
import { checkoutReturnFields, checkoutReturns, startCheckout } from '../checkout/routes.js';
import { bannerSvg } from './banners.js';
import {
  activeMonthlyGift,
  cancelMonthlyGift,
  DONATION_CURRENCY,
  DONATION_IDENTIFIER,
  DONATION_MESSAGES,
  donationPlans,
  giftAmountCents,
  giftDescription,
  settleDueDonations,
  type DonationPayload,
} from './gifts.js';
import {
  activeMissions,
  createMission,
  findActiveMission,
  findMission,
  HOME_MISSIONS,
  MAX_BANNERS,
  missionFor,
} from './missions.js';

/** a positive whole number; '2' (as the app's _d=2 arrives) is read as 2 */
const idField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
  z
    .number()
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a whole number' })
    .max(Number.MAX_SAFE_INTEGER),
);

const CreateBody = contractBody(donationsApi.createDonationSession, {
  currency: currencyCode,
  identifier,
  donation_id: idField,
  recurring: zeroOrOne,
  frequency: z.preprocess((v) => (v === '1' ? 1 : v === '2' ? 2 : v), z.literal([1, 2])),
  ...checkoutReturnFields,
});
const CancelBody = contractBody(donationsApi.cancelDonation, { donation_id: idField });
const NewMissionBody = z.object({
  organization: z.string().trim().min(1).max(200),
  title: z.string().trim().min(1).max(200),
  description: z
    .string()
    .max(10_000)
    .refine((d) => d.trim().length > 0, { error: 'is required' }),
  /** How many pictures its banner has (default 2). */
  banners: z.number().int().min(0).max(MAX_BANNERS).optional(),
});

// ---- missions and the plan ----

/** The active missions as this person sees them; monthly gifts that fell due run first (the sandbox clock runs them too). */
function missions(contract: typeof donationsApi.ongoing, limit?: number): Route['handler'] {
  return (ctx) => {
    const { user } = requireSession(ctx);
    settleDueDonations(ctx.app.db, ctx.app.now());
    return answer(contract, 'Ongoing missions.', activeMissions(ctx.app.db, ctx.app.sandboxUrl, user.id, limit));
  };
}

/** For anonymous visitors: no one is subscribed (a token, if sent, is ignored). */
function ongoingProject(ctx: RequestContext) {
  return answer(donationsApi.ongoingProject, 'Ongoing missions.', activeMissions(ctx.app.db, ctx.app.sandboxUrl, null));
}

function plan(ctx: RequestContext) {
  const session = optionalSession(ctx);
  return answer(donationsApi.donationPlan, 'Donation plans.', donationPlans(session?.user.country_code ?? null));
}

// ---- paying ----

async function createSession(ctx: RequestContext) {
  const session = optionalSession(ctx);
  const body = await ctx.body(CreateBody);
  const returns = checkoutReturns(ctx, { success_url: body.success_url, cancel_url: body.cancel_url });
  if (body.identifier !== DONATION_IDENTIFIER) throw new HttpError(400, DONATION_MESSAGES.unknownPlan);
  if (body.currency !== DONATION_CURRENCY) throw new HttpError(400, DONATION_MESSAGES.currency);
  if (body.frequency !== (body.recurring === 1 ? 2 : 1)) throw new HttpError(400, DONATION_MESSAGES.frequency);
  const cents = unwrap(giftAmountCents(body.amount));
  const user = session?.user ?? null;
  if (body.recurring === 1 && !user) throw new HttpError(401, DONATION_MESSAGES.signInForMonthly);

  const { db } = ctx.app;
  settleDueDonations(db, ctx.app.now());
  const mission = findActiveMission(db, body.donation_id);
  if (!mission) throw new HttpError(404, DONATION_MESSAGES.missionNotFound);
  if (body.recurring === 1 && user && activeMonthlyGift(db, user.id, mission.id)) {
    throw new HttpError(400, DONATION_MESSAGES.alreadyDonated, ERROR_CODES.alreadyDonated);
  }
  const payload: DonationPayload = { mission_id: mission.id, recurring: body.recurring };
  return startCheckout(ctx, donationsApi.createDonationSession, {
    userId: user?.id ?? null,
    kind: 'donation',
    method: 'credit_card',
    currency: DONATION_CURRENCY,
    amountMinor: cents,
    description: giftDescription(mission.organization, body.recurring, cents),
    payload,
    ...returns,
  });
}

async function cancel(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { donation_id } = await ctx.body(CancelBody);
  const { db } = ctx.app;
  const now = ctx.app.now();
  settleDueDonations(db, now);
  if (!cancelMonthlyGift(db, user.id, donation_id, now)) throw new HttpError(400, DONATION_MESSAGES.nothingToCancel);
  return ok(DONATION_MESSAGES.canceled, missionFor(db, ctx.app.sandboxUrl, findMission(db, donation_id)!, user.id));
}

// ---- the sandbox's own ----

/** Creates an active mission (tests use it for missions whose text holds markup). The text is stored as given. */
async function newMission(ctx: RequestContext) {
  const { banners, ...mission } = await ctx.body(NewMissionBody);
  return ok('Mission created.', { id: createMission(ctx.app.db, mission, ctx.app.now(), 0, banners) });
}

/** GET /sandbox/banners/{mission}-{n}.svg: a gradient with the mission's title, drawn on request. */
function banner(ctx: RequestContext) {
  const m = /^(\d{1,9})-(\d)\.svg$/.exec(ctx.params.file ?? '');
  const mission = m ? findMission(ctx.app.db, Number(m[1])) : undefined;
  const n = m ? Number(m[2]) : 0;
  if (!mission || n < 1 || n > MAX_BANNERS) throw new HttpError(404, 'Not found.');
  return file('image/svg+xml', bannerSvg(mission, n), {
    'Cache-Control': 'public, max-age=3600',
    // opened on its own, an SVG is a document: nothing in it may run or load
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
}

const API = '/webclient/donation';

export const donationRoutes: Route[] = [
  { method: 'GET', path: `${API}/ongoing-home`, handler: missions(donationsApi.ongoingHome, HOME_MISSIONS) },
  { method: 'GET', path: `${API}/ongoing`, handler: missions(donationsApi.ongoing) },
  { method: 'GET', path: `${API}/ongoing-project`, handler: ongoingProject },
  { method: 'GET', path: `${API}/donation-plan`, handler: plan },
  { method: 'POST', path: `${API}/create-session`, handler: createSession },
  { method: 'POST', path: `${API}/cancel`, handler: cancel },
  { method: 'POST', path: '/sandbox/missions', handler: newMission, localOnly: true }, // a sandbox helper: this computer only
  { method: 'GET', path: '/sandbox/banners/:file', handler: banner },
];
