// The sandbox clock: move time forward to see renewals and ends of memberships, and monthly gifts, without waiting a month.
import { z } from 'zod';
import { advanceClock, clockOffsetDays } from '../../core/clock.js';
import { settleDueDonations } from '../donations/gifts.js';
import { ok, type RequestContext, type Route } from '../../core/http.js';
import { settleDueMemberships } from '../subscriptions/memberships.js';

export const MAX_ADVANCE_DAYS = 400;

const AdvanceBody = z.object({
  advance_days: z
    .number()
    .int({ error: `must be a whole number of days from 1 to ${MAX_ADVANCE_DAYS}` })
    .min(1, { error: `must be a whole number of days from 1 to ${MAX_ADVANCE_DAYS}` })
    .max(MAX_ADVANCE_DAYS, { error: `must be a whole number of days from 1 to ${MAX_ADVANCE_DAYS}` }),
});

function getClock(ctx: RequestContext) {
  return ok('Sandbox clock.', { now: ctx.app.now().toISOString(), offset_days: clockOffsetDays(ctx.app.db) });
}

/** Moves the clock forward, then runs what fell due in date order (renewals, ends of memberships; monthly gifts). */
async function advance(ctx: RequestContext) {
  const { advance_days } = await ctx.body(AdvanceBody);
  const { db } = ctx.app;
  advanceClock(db, advance_days);
  const now = ctx.app.now();
  const { renewals, ended } = settleDueMemberships(db, now);
  const donation_renewals = settleDueDonations(db, now);
  const days = `${advance_days} day${advance_days === 1 ? '' : 's'}`;
  return ok(`The sandbox clock moved forward ${days}.`, { now: now.toISOString(), renewals, ended, donation_renewals });
}

export const clockRoutes: Route[] = [
  { method: 'GET', path: '/sandbox/clock', handler: getClock },
  { method: 'POST', path: '/sandbox/clock', handler: advance },
];
