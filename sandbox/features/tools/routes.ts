// The sandbox's own pages and tools: its index, the mailbox (a mail provider in production), the one-time token the
// mobile app would pass, the clock that moves time forward to see renewals and ends of memberships and monthly gifts
// without waiting a month, and the portal's runtime config (also embedded in every HTML page of dist/).
import { z } from 'zod';
import { advanceClock, clockOffsetDays } from '../../core/clock.js';
import { runtimeConfig } from '../../core/firebase.js';
import { escapeHtml, linkify, page } from '../../core/html.js';
import { HttpError, html, json, ok, type RequestContext, type Route } from '../../core/http.js';
import { listMail } from '../../core/mail.js';
import { issueToken } from '../../core/tokens.js';
import { findUserByEmail } from '../../core/users.js';
import { loginEmail } from '../../core/validation.js';
import { TEST_CARD_HINT } from '../checkout/views.js';
import { settleDueDonations } from '../donations/gifts.js';
import { settleDueMemberships } from '../subscriptions/memberships.js';

function index(ctx: RequestContext) {
  const now = ctx.app.now().toISOString();
  const offset = clockOffsetDays(ctx.app.db);
  return html(
    page(
      'Sandbox',
      `<h1>Sandbox</h1>
<p>The local stand-in for the product's API host.</p>
<ul>
  <li><a href="/sandbox/mail">Mailbox</a>: every email the sandbox sent (verification and reset links). <a href="/sandbox/mail.json">JSON</a>.</li>
  <li><code>POST /sandbox/app-token {"email": "..."}</code>: a one-time token, as the mobile app passes in <code>_t</code> (10 minutes, single use).</li>
  <li>Payments: <code>/sandbox/checkout/{session id}</code> (Stripe-like: cards, WeChat Pay, 3-D Secure) and <code>/sandbox/paymongo/{session id}</code> (GCash, GrabPay). ${escapeHtml(TEST_CARD_HINT)}</li>
  <li>Missions: <code>POST /sandbox/missions {"organization", "title", "description"}</code> creates an active mission (text stored exactly as given); its banners are drawn at <code>/sandbox/banners/{mission}-{n}.svg</code>. Declined cards on a gift's checkout page show the decline and keep the session open.</li>
  <li>Clock: the sandbox's time is <time datetime="${escapeHtml(now)}">${escapeHtml(now)}</time> (moved forward ${offset} days). <a href="/sandbox/clock">GET /sandbox/clock</a>; <code>POST /sandbox/clock {"advance_days": 31}</code> moves it forward (1 to 400 days) and runs what falls due: monthly renewals and ends of canceled and one-time memberships, and monthly gifts to missions. Access tokens expire after 2 hours of sandbox time, so sign in again after moving it.</li>
  <li><a href="/">The portal</a></li>
</ul>`,
    ),
  );
}

/** Mints the one-time token the mobile app would pass to the portal as `_t`. */
async function appToken(ctx: RequestContext) {
  const { email } = await ctx.body(z.object({ email: loginEmail }));
  const user = findUserByEmail(ctx.app.db, email);
  if (!user) throw new HttpError(404, 'No account with this email.');
  const token = issueToken(ctx.app.db, 'app', user.id, ctx.app.now());
  return json({ status: 200, message: 'App token created.', data: { token }, token });
}

// ---- the mailbox ----

function recipient(ctx: RequestContext): string | undefined {
  return ctx.url.searchParams.get('to')?.trim() || undefined;
}

function mailPage(ctx: RequestContext) {
  const to = recipient(ctx);
  const mails = listMail(ctx.app.db, to);
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <div class="meta">To <a href="/sandbox/mail?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.sent_at)}">${escapeHtml(m.sent_at)}</time></div>
  <pre>${linkify(m.text, m.links)}</pre>
</article>`,
    )
    .join('\n');
  const heading = to ? `Mail to ${escapeHtml(to)} <small>(<a href="/sandbox/mail">all</a>)</small>` : 'Sandbox mailbox';
  return html(
    page(
      'Sandbox mailbox',
      `<h1>${heading}</h1>
<p>Every email the sandbox has sent, newest first. As JSON: <a href="/sandbox/mail.json${to ? `?to=${encodeURIComponent(to)}` : ''}">mail.json</a>. <a href="/sandbox">Sandbox home</a></p>
${items || '<p>No mail yet.</p>'}`,
    ),
  );
}

// ---- the clock ----

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

/**
 * The helpers answer only this computer unless the sandbox exposes them (see Route.localOnly): with them anyone could
 * mint a sign-in for any account, read every reset link, or move time. The runtime config is part of the portal.
 */
export const toolRoutes: Route[] = [
  { method: 'GET', path: '/sandbox', handler: index, localOnly: true },
  { method: 'POST', path: '/sandbox/app-token', handler: appToken, localOnly: true },
  { method: 'GET', path: '/sandbox/mail', handler: mailPage, localOnly: true },
  {
    method: 'GET',
    path: '/sandbox/mail.json',
    handler: (ctx) => json(listMail(ctx.app.db, recipient(ctx))),
    localOnly: true,
  },
  { method: 'GET', path: '/sandbox/clock', handler: getClock, localOnly: true },
  { method: 'POST', path: '/sandbox/clock', handler: advance, localOnly: true },
  { method: 'GET', path: '/sandbox/runtime-config.json', handler: (ctx) => json(runtimeConfig(ctx.app.firebase)) },
];
