// The footer's newsletter form. No sign-in; allowed origins may call it cross-origin (CORS in app.ts). Slowed per
// address and per IP like the password-reset request, so it cannot be used to flood the list.
import { z } from 'zod';
import { recordAttempt, retryAfterSeconds } from '../../core/attempts.js';
import { HttpError, ok, type RequestContext, type Route } from '../../core/http.js';
import { NEWSLETTER_MESSAGES, subscribe } from './newsletter.js';
import { email } from '../../core/validation.js';
import { MESSAGES } from '../auth/routes.js';

const Body = z.object({ email });

async function subscribeNewsletter(ctx: RequestContext) {
  const { email: address } = await ctx.body(Body);
  const { db } = ctx.app;
  const now = ctx.app.now();
  const wait = retryAfterSeconds(db, ctx.app.loginLimit, 'newsletter', address, ctx.ip, now);
  if (wait > 0) throw new HttpError(429, MESSAGES.tooMany, null, { 'Retry-After': String(wait) });
  recordAttempt(db, 'newsletter', address, ctx.ip, now);
  return ok(subscribe(db, address, now) ? NEWSLETTER_MESSAGES.subscribed : NEWSLETTER_MESSAGES.already);
}

export const newsletterRoutes: Route[] = [{ method: 'POST', path: '/subscribe-newsletter', handler: subscribeNewsletter }];
