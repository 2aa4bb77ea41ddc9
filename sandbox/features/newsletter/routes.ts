// The footer's newsletter form. No sign-in; allowed origins may call it cross-origin (CORS in app.ts). Slowed per
// address and per IP like the password-reset request, so it cannot be used to flood the list.
import * as surveyApi from '../../../shared/api/survey.js';
import { contractBody, countRequest, ok, type RequestContext, type Route } from '../../core/http.js';
import { email } from '../../core/validation.js';
import { NEWSLETTER_MESSAGES, subscribe } from './newsletter.js';

const Body = contractBody(surveyApi.subscribeNewsletter, { email });

async function subscribeNewsletter(ctx: RequestContext) {
  const { email: address } = await ctx.body(Body);
  countRequest(ctx, 'newsletter', address);
  return ok(
    subscribe(ctx.app.db, address, ctx.app.now()) ? NEWSLETTER_MESSAGES.subscribed : NEWSLETTER_MESSAGES.already,
  );
}

export const newsletterRoutes: Route[] = [
  { method: 'POST', path: '/subscribe-newsletter', handler: subscribeNewsletter },
];
