// The sandbox's own pages and tools, standing in for third parties (here: the mobile app).
import { z } from 'zod';
import { clockOffsetDays } from '../../core/clock.js';
import { escapeHtml, page } from '../../core/html.js';
import { HttpError, html, json, type RequestContext, type Route } from '../../core/http.js';
import { issueToken } from '../../core/tokens.js';
import { findUserByEmail } from '../../core/users.js';
import { loginEmail } from '../../core/validation.js';

function index(ctx: RequestContext) {
  const now = ctx.app.now().toISOString();
  const offset = clockOffsetDays(ctx.app.db);
  return html(
    page('Sandbox', `<h1>Sandbox</h1>
<p>The local stand-in for the product's API host.</p>
<ul>
  <li><a href="/sandbox/mail">Mailbox</a>: every email the sandbox sent (verification and reset links). <a href="/sandbox/mail.json">JSON</a>.</li>
  <li><code>POST /sandbox/app-token {"email": "..."}</code>: a one-time token, as the mobile app passes in <code>_t</code> (10 minutes, single use).</li>
  <li>Payments: <code>/sandbox/checkout/{session id}</code> (Stripe-like: cards, WeChat Pay, 3-D Secure) and <code>/sandbox/paymongo/{session id}</code> (GCash, GrabPay). Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0025 0000 3155 asks for authentication.</li>
  <li>Missions: <code>POST /sandbox/missions {"organization", "title", "description"}</code> creates an active mission (text stored exactly as given); its banners are drawn at <code>/sandbox/banners/{mission}-{n}.svg</code>. Declined cards on a gift's checkout page show the decline and keep the session open.</li>
  <li>Clock: the sandbox's time is <time datetime="${escapeHtml(now)}">${escapeHtml(now)}</time> (moved forward ${offset} days). <a href="/sandbox/clock">GET /sandbox/clock</a>; <code>POST /sandbox/clock {"advance_days": 31}</code> moves it forward (1 to 400 days) and runs what falls due: monthly renewals and ends of canceled and one-time memberships, and monthly gifts to missions. Access tokens expire after 2 hours of sandbox time, so sign in again after moving it.</li>
  <li><a href="/">The portal</a></li>
</ul>`),
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

export const devRoutes: Route[] = [
  { method: 'GET', path: '/sandbox', handler: index },
  { method: 'POST', path: '/sandbox/app-token', handler: appToken },
];
