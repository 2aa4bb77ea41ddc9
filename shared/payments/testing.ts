/** Drafts of payments as the forms leave them for the checkout, for the unit and element tests. */
import type { CreditDraft, SubscriptionDraft } from './kinds/kind';

/** 100 credits for $10 by card, for oneself. */
export const creditDraft = (overrides: Partial<CreditDraft> = {}): CreditDraft => ({
  method: 'credit_card',
  currency: 'USD',
  amount: 10,
  identifier: 'credits_100',
  credits: 100,
  purchasefor: 1,
  ...overrides,
});

/** A monthly membership at $7 by card. */
export const subscriptionDraft = (overrides: Partial<SubscriptionDraft> = {}): SubscriptionDraft => ({
  method: 'credit_card',
  currency: 'USD',
  amount: 7,
  price: 7,
  identifier: 'premium-monthly',
  recurring: 1,
  ...overrides,
});
