// Premium membership (spec section 7, Subscription): plans, paying (card, WeChat Pay, PayMongo e-wallets),
// confirming, cancelling, changing the monthly amount, and updating the card of a monthly membership.
import { z } from 'zod';
import {
  CHECKOUT_MESSAGES, checkoutUrl, createCheckoutSession, idempotencyKey, isEwallet, paymentResult, requireOwnSession, returnUrl,
} from '../checkout/sessions.js';
import type { Db } from '../../core/db.js';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { HttpError, ok, type Reply, type RequestContext, type Route } from '../../core/http.js';
import {
  cancelMembership, findMembership, isRenewing, membershipState, membershipView, scheduleAmountChange, settleDueMemberships,
  type SubscriptionPayload,
} from './memberships.js';
import { formatMoney, toMinorExact } from '../../core/money.js';
import { EWALLET_CURRENCY, methodName, paymentMethods, type PaymentMethod } from '../checkout/methods.js';
import {
  dollarsFromPesos, ewalletChargeMinor, monthlyAmountCents, ONE_TIME_MONTHS, planId, pricingFor, priceMembership, subscriptionPlans,
  type PricedMembership,
} from './plans.js';
import { findUserById, requireSession, type UserRow } from '../../core/users.js';
import { parseWith } from '../../core/validation.js';
import { EWALLET_FAILED } from '../checkout/routes.js';

export const SUBSCRIPTION_MESSAGES = {
  alreadyMonthly: 'You already have a monthly membership.',
  monthlyByCard: 'Monthly membership is paid by card.',
  ewalletOneTimeOnly: 'identifier: e-wallets pay for one-time memberships only',
  typeUnavailable: 'type: not available in your country',
  pesoAmount: 'amount: must be the dollar amount times the plan rate, in PHP to 2 decimals',
  notConfirmed: 'The e-wallet payment is not confirmed yet.',
  nothingToCancel: 'There is no monthly membership to cancel.',
  onlyMonthlyChange: 'Only monthly members can change the amount.',
  changePending: 'A change of amount is already waiting for your next renewal.',
  sameAmount: 'amount: is already your monthly amount',
  nothingToUpdate: 'There is no monthly membership to update.',
  updateDescription: 'Update the card for your monthly membership',
} as const;

export const ERROR_CODES = {
  paymongoConfirm: 'error-paymongo-confirm',
  changeAmount: 'change-amount-subs',
  updatePayment: 'update-payment',
} as const;

const returnUrlField = z.string().trim().min(1).max(2048);
const currencyField = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' });
/** 1 monthly, 0 one-time (true/false and '1'/'0' are read the same way) */
const recurringField = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.literal([0, 1]),
);
/** months of a one-time membership ('3' is read as 3) */
const intervalField = z
  .preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.literal([...ONE_TIME_MONTHS]))
  .nullish();

const CreateBody = z.object({
  currency: currencyField,
  amount: z.number(),
  identifier: z.string().trim().min(1).max(100),
  recurring: recurringField,
  interval: intervalField,
  success_url: returnUrlField,
  cancel_url: returnUrlField,
});

const SourceBody = z.object({
  type: z.enum(['gcash', 'grab_pay']),
  currency: currencyField,
  amount: z.number(),
  interval: intervalField,
  identifier: z.string().trim().min(1).max(100),
  success_url: returnUrlField,
  failed_url: returnUrlField,
});

const MethodsBody = z.object({ country: z.string().max(100).nullish() });
const ConfirmBody = z.object({ session_id: z.string().trim().min(1).max(100) });
const SourceConfirmBody = z.object({ source_id: z.string().trim().min(1).max(100) });
const ChangeBody = z.object({ currency: currencyField, amount: z.number() });
const UpdatePaymentBody = z.object({ success_url: returnUrlField, failed_url: returnUrlField, cancel_url: returnUrlField });

// ---- helpers ----

/** The signed-in person after what fell due has run (a renewal or an end may change their type). */
function member(ctx: RequestContext): { user: UserRow; db: Db; now: Date } {
  const { user } = requireSession(ctx);
  const { db } = ctx.app;
  const now = ctx.app.now();
  settleDueMemberships(db, now);
  return { user: findUserById(db, user.id) ?? user, db, now };
}

/** Answers 400 errors of a call (validation included) with the call's errorCode. */
async function withErrorCode(errorCode: string, run: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status === 400 && err.errorCode === null) throw new HttpError(400, err.message, errorCode);
    throw err;
  }
}

function refuseIfMonthly(db: Db, userId: number): void {
  const m = findMembership(db, userId);
  if (m && isRenewing(m)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.alreadyMonthly);
}

function description(priced: Pick<PricedMembership, 'recurring' | 'interval' | 'amountCents'>): string {
  if (priced.recurring === 1) return `Premium membership, monthly at ${formatMoney(priced.amountCents, 'USD')}`;
  return `Premium membership, ${priced.interval} month${priced.interval === 1 ? '' : 's'}`;
}

function payload(priced: PricedMembership): SubscriptionPayload {
  return { identifier: priced.plan.identifier, recurring: priced.recurring, interval: priced.interval, amount: priced.amountCents / 100 };
}

// ---- plans and methods ----

function getPlans(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Subscription plans.', subscriptionPlans(user.country_code));
}

/** The person's methods; a `country` in the body is accepted but the profile decides. */
async function getPaymentMethods(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  await ctx.body(MethodsBody);
  return ok('Payment methods.', paymentMethods(user.country_code).map((id) => ({ id, name: methodName(id) })));
}

// ---- paying ----

async function createSession(ctx: RequestContext, method: PaymentMethod) {
  requireSession(ctx);
  const body = await ctx.body(CreateBody);
  const key = idempotencyKey(ctx);
  const successUrl = returnUrl(ctx.app, 'success_url', body.success_url);
  const cancelUrl = returnUrl(ctx.app, 'cancel_url', body.cancel_url);
  if (method === 'wechat' && body.recurring === 1) throw new HttpError(400, SUBSCRIPTION_MESSAGES.monthlyByCard);
  const { user, db, now } = member(ctx);
  const priced = priceMembership(user.country_code, body);
  if (body.currency !== priced.plan.currency) throw new HttpError(400, `currency: must be ${priced.plan.currency}`);
  refuseIfMonthly(db, user.id);

  const session = createCheckoutSession(db, now, {
    userId: user.id,
    kind: 'subscription',
    method,
    currency: priced.plan.currency,
    amountMinor: priced.amountCents,
    description: description(priced),
    payload: payload(priced),
    successUrl,
    cancelUrl,
    idempotencyKey: key,
  });
  return ok('Payment session created.', { id: session.id, checkout_url: checkoutUrl(ctx.app, session) });
}

/** A one-time membership paid with GCash or GrabPay (PH): charged in PHP at dollars x rate. */
async function createSource(ctx: RequestContext) {
  requireSession(ctx);
  const body = await ctx.body(SourceBody);
  const key = idempotencyKey(ctx);
  const successUrl = returnUrl(ctx.app, 'success_url', body.success_url);
  const failedUrl = returnUrl(ctx.app, 'failed_url', body.failed_url);
  const { user, db, now } = member(ctx);
  if (!paymentMethods(user.country_code).includes(body.type)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.typeUnavailable);
  if (planId(body.identifier) === 'premium-monthly') throw new HttpError(400, SUBSCRIPTION_MESSAGES.ewalletOneTimeOnly);
  if (body.currency !== EWALLET_CURRENCY) throw new HttpError(400, `currency: must be ${EWALLET_CURRENCY}`);

  const { rate } = pricingFor(user.country_code);
  const choice = { identifier: body.identifier, recurring: 0 as const, interval: body.interval };
  // Plan, months and bounds first (on the dollar value of the quote), then the exact peso amount.
  priceMembership(user.country_code, { ...choice, amount: Math.round((body.amount * 100) / rate) / 100 });
  const pesoMinor = toMinorExact(body.amount, EWALLET_CURRENCY);
  if (pesoMinor === null) throw new HttpError(400, 'amount: must have at most 2 decimals');
  const cents = dollarsFromPesos(pesoMinor, rate);
  if (cents === null) throw new HttpError(400, SUBSCRIPTION_MESSAGES.pesoAmount);
  const priced = priceMembership(user.country_code, { ...choice, amount: cents / 100 });
  refuseIfMonthly(db, user.id);

  const session = createCheckoutSession(db, now, {
    userId: user.id,
    kind: 'subscription',
    method: body.type,
    currency: EWALLET_CURRENCY,
    amountMinor: ewalletChargeMinor(priced.amountCents, rate),
    description: description(priced),
    payload: payload(priced),
    successUrl,
    cancelUrl: failedUrl,
    failedUrl,
    idempotencyKey: key,
  });
  return ok('Payment source created.', { success: true, checkout_url: checkoutUrl(ctx.app, session), data: { id: session.id } });
}

// ---- confirming ----

/** The result of the person's session; when paid, the membership it granted (granted once, when paid). */
async function confirmPayment(ctx: RequestContext) {
  requireSession(ctx);
  const { session_id } = await ctx.body(ConfirmBody);
  const { user, db, now } = member(ctx);
  const session = requireOwnSession(db, session_id, user.id, 'subscription', now);
  const result = paymentResult(session);
  const answer = { result_code: result.result_code, action: null, message: result.message };
  if (session.status !== 'paid') return ok(result.message, answer);
  fulfilPaidSession(db, session.id, now); // already done when paid; a no-op then
  return ok(result.message, { ...answer, subscription: membershipView(db, user.id, now) });
}

/** An e-wallet source: 400 until authorised (errorCode error-paymongo-confirm), 400 when it failed. */
async function confirmSource(ctx: RequestContext) {
  requireSession(ctx);
  const { source_id } = await ctx.body(SourceConfirmBody);
  const { user, db, now } = member(ctx);
  const session = requireOwnSession(db, source_id, user.id, 'subscription', now);
  if (!isEwallet(session)) throw new HttpError(404, CHECKOUT_MESSAGES.notFound);
  switch (session.status) {
    case 'open':
    case 'requires_action':
      throw new HttpError(400, SUBSCRIPTION_MESSAGES.notConfirmed, ERROR_CODES.paymongoConfirm);
    case 'refused':
      throw new HttpError(400, session.result_message ?? EWALLET_FAILED);
    case 'canceled':
      throw new HttpError(400, CHECKOUT_MESSAGES.canceled);
    case 'expired':
      throw new HttpError(400, CHECKOUT_MESSAGES.expired);
    case 'paid':
      fulfilPaidSession(db, session.id, now);
      return ok(CHECKOUT_MESSAGES.paid, {
        result_code: 'Authorised', message: CHECKOUT_MESSAGES.paid, subscription: membershipView(db, user.id, now),
      });
  }
}

// ---- the member's changes ----

async function cancel(ctx: RequestContext) {
  requireSession(ctx);
  await ctx.json();
  const { user, db, now } = member(ctx);
  if (!cancelMembership(db, user.id)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.nothingToCancel);
  return ok('Membership canceled.', { subscription: membershipView(db, user.id, now) });
}

function changeAmount(ctx: RequestContext) {
  return withErrorCode(ERROR_CODES.changeAmount, async () => {
    requireSession(ctx);
    const parsed = parseWith(ChangeBody, await ctx.json());
    if (!parsed.ok) throw new HttpError(400, parsed.message);
    const { user, db, now } = member(ctx);
    const m = findMembership(db, user.id);
    if (user.type !== 1 || !m || !isRenewing(m)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.onlyMonthlyChange);
    if (membershipState(m) === 'pending-change') throw new HttpError(400, SUBSCRIPTION_MESSAGES.changePending);
    if (parsed.data.currency !== 'USD') throw new HttpError(400, 'currency: must be USD');
    const cents = monthlyAmountCents(parsed.data.amount);
    if (cents === m.current_amount_cents) throw new HttpError(400, SUBSCRIPTION_MESSAGES.sameAmount);
    if (!scheduleAmountChange(db, user.id, cents)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.changePending);
    return ok('Amount changed.', { subscription: membershipView(db, user.id, now) });
  });
}

/** A zero-amount card session that saves a new card for the renewals of a monthly membership. */
function updatePaymentSession(ctx: RequestContext) {
  return withErrorCode(ERROR_CODES.updatePayment, async () => {
    requireSession(ctx);
    const body = await ctx.body(UpdatePaymentBody);
    const key = idempotencyKey(ctx);
    const successUrl = returnUrl(ctx.app, 'success_url', body.success_url);
    const failedUrl = returnUrl(ctx.app, 'failed_url', body.failed_url);
    const cancelUrl = returnUrl(ctx.app, 'cancel_url', body.cancel_url);
    const { user, db, now } = member(ctx);
    const m = findMembership(db, user.id);
    if (!m || !isRenewing(m)) throw new HttpError(400, SUBSCRIPTION_MESSAGES.nothingToUpdate);
    const session = createCheckoutSession(db, now, {
      userId: user.id,
      kind: 'update-payment',
      method: 'credit_card',
      currency: 'USD',
      amountMinor: 0,
      description: SUBSCRIPTION_MESSAGES.updateDescription,
      payload: {},
      successUrl,
      cancelUrl,
      failedUrl,
      idempotencyKey: key,
    });
    return ok('Payment session created.', { id: session.id, checkout_url: checkoutUrl(ctx.app, session) });
  });
}

const API = '/webclient/subscription';

export const subscriptionRoutes: Route[] = [
  { method: 'GET', path: `${API}/subscription-plan`, handler: getPlans },
  { method: 'POST', path: `${API}/payment-methods`, handler: getPaymentMethods },
  { method: 'POST', path: `${API}/create-session`, handler: (ctx) => createSession(ctx, 'credit_card') },
  { method: 'POST', path: `${API}/wechat/create-session`, handler: (ctx) => createSession(ctx, 'wechat') },
  { method: 'POST', path: `${API}/paymongo/create-source`, handler: createSource },
  { method: 'POST', path: `${API}/confirm-payment`, handler: confirmPayment },
  { method: 'POST', path: `${API}/paymongo/confirm-payment`, handler: confirmSource },
  { method: 'POST', path: `${API}/cancel-subscription`, handler: cancel },
  { method: 'POST', path: `${API}/change-amount`, handler: changeAmount },
  { method: 'POST', path: `${API}/update-payment-create-session`, handler: updatePaymentSession },
];
