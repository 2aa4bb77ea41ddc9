// Premium membership: plans, paying (card, WeChat Pay, PayMongo e-wallets), confirming, cancelling, changing the
// monthly amount, and updating the card of a monthly membership.
import { z } from 'zod';
import * as subscriptionApi from '../../../shared/api/subscription.js';
import {
  answer,
  contractBody,
  ERROR_CODES,
  HttpError,
  ok,
  unwrap,
  withErrorCode,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import { formatMoney } from '../../core/money.js';
import { requireSession } from '../../core/session.js';
import { findUserById } from '../../core/users.js';
import { currencyCode, identifier, zeroOrOne } from '../../core/validation.js';
import { fulfilPaidSession } from '../checkout/fulfilment.js';
import { EWALLET_CURRENCY, paymentMethods, type PaymentMethod } from '../checkout/methods.js';
import {
  checkoutReturnFields,
  checkoutReturns,
  confirmation,
  paymentMethodsRoute,
  returnUrlField,
  startCheckout,
} from '../checkout/routes.js';
import {
  CHECKOUT_MESSAGES,
  checkoutUrl,
  createCheckoutSession,
  findOwnSession,
  isEwallet,
} from '../checkout/sessions.js';
import {
  cancelMembership,
  changeMonthlyAmount,
  mayBuyMembership,
  mayUpdateCard,
  MEMBERSHIP_GRANTS,
  membershipView,
  settleDueMemberships,
  type SubscriptionPayload,
} from './memberships.js';
import {
  ONE_TIME_MONTHS,
  planId,
  priceMembership,
  pricePesoMembership,
  subscriptionPlans,
  type PricedMembership,
} from './plans.js';

export const SUBSCRIPTION_MESSAGES = {
  monthlyByCard: 'Monthly membership is paid by card.',
  ewalletOneTimeOnly: 'identifier: e-wallets pay for one-time memberships only',
  typeUnavailable: 'type: not available in your country',
  notConfirmed: 'The e-wallet payment is not confirmed yet.',
  updateDescription: 'Update the card for your monthly membership',
} as const;

/** months of a one-time membership ('3' is read as 3) */
const intervalField = z
  .preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.literal([...ONE_TIME_MONTHS]))
  .nullish();

const createRules = {
  currency: currencyCode,
  identifier,
  recurring: zeroOrOne,
  interval: intervalField,
  ...checkoutReturnFields,
};
const CreateBody = contractBody(subscriptionApi.createSubscriptionSession, createRules);
const WechatBody = contractBody(subscriptionApi.createSubscriptionWechatSession, createRules);
const SourceBody = contractBody(subscriptionApi.createPaymongoSource, {
  type: z.enum(['gcash', 'grab_pay']),
  currency: currencyCode,
  interval: intervalField,
  identifier,
  success_url: returnUrlField,
  failed_url: returnUrlField,
});
const ConfirmBody = contractBody(subscriptionApi.confirmSubscription, { session_id: identifier });
const SourceConfirmBody = contractBody(subscriptionApi.confirmPaymongo, { source_id: identifier });
const CancelBody = contractBody(subscriptionApi.cancelSubscription);
const ChangeBody = contractBody(subscriptionApi.changeAmount, { currency: currencyCode });
const UpdatePaymentBody = contractBody(subscriptionApi.updatePaymentSession, {
  success_url: returnUrlField,
  failed_url: returnUrlField,
  cancel_url: returnUrlField,
});

/** The signed-in person after what fell due has run (a renewal or an end may change their type). */
function member(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { db } = ctx.app;
  const now = ctx.app.now();
  settleDueMemberships(db, now);
  return { user: findUserById(db, user.id) ?? user, db, now };
}

/** What the membership's checkout sessions say they are for, and carry to the grant. */
function purchase(priced: PricedMembership) {
  const description =
    priced.recurring === 1
      ? `Premium membership, monthly at ${formatMoney(priced.amountCents, 'USD')}`
      : `Premium membership, ${priced.interval} month${priced.interval === 1 ? '' : 's'}`;
  const payload: SubscriptionPayload = {
    identifier: priced.plan.identifier,
    recurring: priced.recurring,
    interval: priced.interval,
    amount: priced.amountCents / 100,
  };
  return { kind: 'subscription' as const, description, payload };
}

function getPlans(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return answer(subscriptionApi.subscriptionPlans, 'Subscription plans.', subscriptionPlans(user.country_code));
}

// ---- paying ----

function createSession(
  contract: typeof subscriptionApi.createSubscriptionSession,
  method: PaymentMethod,
): Route['handler'] {
  const Body = method === 'wechat' ? WechatBody : CreateBody;
  return async (ctx) => {
    requireSession(ctx);
    const body = await ctx.body(Body);
    const returns = checkoutReturns(ctx, { success_url: body.success_url, cancel_url: body.cancel_url });
    if (method === 'wechat' && body.recurring === 1) throw new HttpError(400, SUBSCRIPTION_MESSAGES.monthlyByCard);
    const { user, db } = member(ctx);
    const priced = unwrap(priceMembership(user.country_code, body));
    if (body.currency !== priced.plan.currency) throw new HttpError(400, `currency: must be ${priced.plan.currency}`);
    unwrap(mayBuyMembership(db, user.id));
    return startCheckout(ctx, contract, {
      userId: user.id,
      method,
      currency: priced.plan.currency,
      amountMinor: priced.amountCents,
      ...purchase(priced),
      ...returns,
    });
  };
}

/** A one-time membership paid with GCash or GrabPay (PH): charged in PHP at dollars x rate. */
async function createSource(ctx: RequestContext) {
  requireSession(ctx);
  const body = await ctx.body(SourceBody);
  const returns = checkoutReturns(ctx, { success_url: body.success_url, failed_url: body.failed_url });
  const { user, db, now } = member(ctx);
  if (!paymentMethods(user.country_code).includes(body.type))
    throw new HttpError(400, SUBSCRIPTION_MESSAGES.typeUnavailable);
  if (planId(body.identifier) === 'premium-monthly') throw new HttpError(400, SUBSCRIPTION_MESSAGES.ewalletOneTimeOnly);
  if (body.currency !== EWALLET_CURRENCY) throw new HttpError(400, `currency: must be ${EWALLET_CURRENCY}`);
  const { priced, chargeMinor } = unwrap(pricePesoMembership(user.country_code, body));
  unwrap(mayBuyMembership(db, user.id));
  const session = unwrap(
    createCheckoutSession(db, now, {
      userId: user.id,
      method: body.type,
      currency: EWALLET_CURRENCY,
      amountMinor: chargeMinor,
      ...purchase(priced),
      ...returns,
    }),
  );
  return answer(subscriptionApi.createPaymongoSource, 'Payment source created.', {
    success: true,
    checkout_url: checkoutUrl(ctx.app.sandboxUrl, session),
    data: { id: session.id },
  });
}

// ---- confirming ----

/** The result of the person's session; when paid, the membership it granted (granted once, when paid). */
async function confirmPayment(ctx: RequestContext) {
  requireSession(ctx);
  const { session_id } = await ctx.body(ConfirmBody);
  const { user, db, now } = member(ctx);
  const { session, result } = confirmation(ctx, user.id, 'subscription', session_id);
  if (session.status !== 'paid') return answer(subscriptionApi.confirmSubscription, result.message, result);
  fulfilPaidSession(db, session.id, now, MEMBERSHIP_GRANTS); // already done when paid; a no-op then
  return answer(subscriptionApi.confirmSubscription, result.message, {
    ...result,
    subscription: membershipView(db, user.id, now),
  });
}

/** An e-wallet source: 400 until authorised (errorCode error-paymongo-confirm), 400 when it failed. */
async function confirmSource(ctx: RequestContext) {
  requireSession(ctx);
  const { source_id } = await ctx.body(SourceConfirmBody);
  const { user, db, now } = member(ctx);
  const session = unwrap(findOwnSession(db, source_id, user.id, 'subscription', now));
  if (!isEwallet(session)) throw new HttpError(404, CHECKOUT_MESSAGES.notFound);
  switch (session.status) {
    case 'open':
    case 'requires_action':
      throw new HttpError(400, SUBSCRIPTION_MESSAGES.notConfirmed, ERROR_CODES.paymongoConfirm);
    case 'refused':
      throw new HttpError(400, session.result_message ?? CHECKOUT_MESSAGES.ewalletFailed);
    case 'canceled':
      throw new HttpError(400, CHECKOUT_MESSAGES.canceled);
    case 'expired':
      throw new HttpError(400, CHECKOUT_MESSAGES.expired);
    case 'paid':
      fulfilPaidSession(db, session.id, now, MEMBERSHIP_GRANTS);
      return answer(subscriptionApi.confirmPaymongo, CHECKOUT_MESSAGES.paid, {
        result_code: 'Authorised',
        message: CHECKOUT_MESSAGES.paid,
        subscription: membershipView(db, user.id, now),
      });
  }
}

// ---- the member's changes ----

async function cancel(ctx: RequestContext) {
  requireSession(ctx);
  await ctx.body(CancelBody);
  const { user, db, now } = member(ctx);
  unwrap(cancelMembership(db, user.id));
  return ok('Membership canceled.', { subscription: membershipView(db, user.id, now) });
}

async function changeAmount(ctx: RequestContext) {
  requireSession(ctx);
  const body = await ctx.body(ChangeBody);
  const { user, db, now } = member(ctx);
  unwrap(changeMonthlyAmount(db, user, body));
  return ok('Amount changed.', { subscription: membershipView(db, user.id, now) });
}

/** A zero-amount card session that saves a new card for the renewals of a monthly membership. */
async function updatePaymentSession(ctx: RequestContext) {
  requireSession(ctx);
  const body = await ctx.body(UpdatePaymentBody);
  const returns = checkoutReturns(ctx, {
    success_url: body.success_url,
    failed_url: body.failed_url,
    cancel_url: body.cancel_url,
  });
  const { user, db } = member(ctx);
  unwrap(mayUpdateCard(db, user.id));
  return startCheckout(ctx, subscriptionApi.updatePaymentSession, {
    userId: user.id,
    kind: 'update-payment',
    method: 'credit_card',
    currency: 'USD',
    amountMinor: 0,
    description: SUBSCRIPTION_MESSAGES.updateDescription,
    payload: {},
    ...returns,
  });
}

const API = '/webclient/subscription';

export const subscriptionRoutes: Route[] = [
  { method: 'GET', path: `${API}/subscription-plan`, handler: getPlans },
  {
    method: 'POST',
    path: `${API}/payment-methods`,
    handler: paymentMethodsRoute(subscriptionApi.subscriptionPaymentMethods),
  },
  {
    method: 'POST',
    path: `${API}/create-session`,
    handler: createSession(subscriptionApi.createSubscriptionSession, 'credit_card'),
  },
  {
    method: 'POST',
    path: `${API}/wechat/create-session`,
    handler: createSession(subscriptionApi.createSubscriptionWechatSession, 'wechat'),
  },
  { method: 'POST', path: `${API}/paymongo/create-source`, handler: createSource },
  { method: 'POST', path: `${API}/confirm-payment`, handler: confirmPayment },
  { method: 'POST', path: `${API}/paymongo/confirm-payment`, handler: confirmSource },
  { method: 'POST', path: `${API}/cancel-subscription`, handler: cancel },
  { method: 'POST', path: `${API}/change-amount`, handler: withErrorCode(ERROR_CODES.changeAmount, changeAmount) },
  {
    method: 'POST',
    path: `${API}/update-payment-create-session`,
    handler: withErrorCode(ERROR_CODES.updatePayment, updatePaymentSession),
  },
];
