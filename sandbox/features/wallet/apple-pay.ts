// The device wallet (Apple Pay on the web), with sandbox stand-ins for Apple's servers: the merchant session that
// Apple's gateway would answer, and charging a payment token. Each payment is recorded as a checkout session of
// method 'apple_pay' (paid or refused at once) and granted through the same code as card payments.
import { createHash, randomBytes } from 'node:crypto';
import type { PaymentResult } from '../../../shared/api/credits.js';
import type { Db } from '../../core/db.js';
import { failure, invalid, success, type Result } from '../../core/result.js';
import { payAndFulfil } from '../checkout/fulfilment.js';
import { WALLET_METHOD } from '../checkout/methods.js';
import { CHECKOUT_MESSAGES, createCheckoutSession, markRefused, recordCard } from '../checkout/sessions.js';
import type { PricedOption } from '../credits/prices.js';
import { CREDIT_GRANTS, creditDescription, purchaseOutcome, type CreditPayload } from '../credits/purchases.js';

export const WALLET_MESSAGES = {
  badValidationUrl: 'validationUrl: must be an https URL of an Apple Pay server (*.apple.com)',
  tokenUsed: 'This payment was already processed.',
} as const;

/** The merchant the sandbox pretends to be (Apple's merchant identifier is a hash of it). */
export const MERCHANT_ID = 'merchant.org.sandbox.sm-portal';
export const MERCHANT_DISPLAY_NAME = 'Sacred Music Portal (sandbox)';
/** A merchant session is good for this long. */
export const MERCHANT_SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * The validation URL Apple Pay JS hands the page (`onvalidatemerchant`): only https on an Apple host, no
 * credentials, no port. The server would POST to it; anything else would let a caller aim the server elsewhere.
 */
export function checkValidationUrl(raw: string): Result<URL> {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const host = url?.hostname.toLowerCase() ?? '';
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.port || !host.endsWith('.apple.com')) {
    return invalid(WALLET_MESSAGES.badValidationUrl);
  }
  return success(url);
}

/** A fake of the merchant session Apple's gateway answers (the fields Apple Pay JS expects). */
export function merchantSession(now: Date, domainName: string) {
  const epochTimestamp = now.getTime();
  return {
    epochTimestamp,
    expiresAt: epochTimestamp + MERCHANT_SESSION_TTL_MS,
    merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}_${randomBytes(16).toString('hex').toUpperCase()}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: createHash('sha256').update(MERCHANT_ID).digest('hex').toUpperCase(),
    domainName,
    displayName: MERCHANT_DISPLAY_NAME,
    signature: randomBytes(256).toString('base64'),
  };
}

export type WalletResultCode = 'Authorised' | 'Refused';

/** The payment result the top-up confirm calls answer too. */
export type WalletPaymentResult = PaymentResult & { result_code: WalletResultCode; action: null; message: string };

interface WalletPaymentRow {
  transaction_id: string;
  user_id: number;
  session_id: string;
  result_code: WalletResultCode;
  message: string;
}

/**
 * What the sandbox's stand-in for the card network decides from the token's paymentData (an object, or its JSON text):
 * `{"sandbox_result": "decline"}` is declined, `"insufficient_funds"` lacks funds; anything else pays.
 */
export function walletDecision(paymentData: unknown): { paid: true } | { paid: false; message: string } {
  let data = paymentData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      data = null;
    }
  }
  const result =
    typeof data === 'object' && data !== null && 'sandbox_result' in data ? data.sandbox_result : undefined;
  if (result === 'decline') return { paid: false, message: CHECKOUT_MESSAGES.declined };
  if (result === 'insufficient_funds') return { paid: false, message: CHECKOUT_MESSAGES.insufficientFunds };
  return { paid: true };
}

/** The last 4 digits of the card from the token's paymentMethod.displayName ("Visa 0121"), when it has them. */
export function cardLast4(paymentMethod: unknown): string | null {
  const name =
    typeof paymentMethod === 'object' && paymentMethod !== null && 'displayName' in paymentMethod
      ? paymentMethod.displayName
      : null;
  const m = typeof name === 'string' ? /(\d{4})\s*$/.exec(name) : null;
  return m ? m[1]! : null;
}

function resultOf(db: Db, row: WalletPaymentRow): WalletPaymentResult {
  const answer: WalletPaymentResult = { result_code: row.result_code, action: null, message: row.message };
  return row.result_code === 'Authorised' ? { ...answer, ...purchaseOutcome(db, row.session_id) } : answer;
}

export interface WalletPayment {
  userId: number;
  transactionId: string;
  paymentData: unknown;
  paymentMethod: unknown;
  /** the server's own option (identifier, price), already matched against what the client quoted */
  option: PricedOption;
  purchasefor: 1 | 2;
  /** where the session record points back to (the portal) */
  portalUrl: string;
}

/** The first result of a transaction already seen (null: a new one). Another person's transaction is a conflict. */
export function replayedPayment(db: Db, userId: number, transactionId: string): Result<WalletPaymentResult | null> {
  const row = db.prepare('SELECT * FROM wallet_payments WHERE transaction_id = ?').get(transactionId) as
    WalletPaymentRow | undefined;
  if (!row) return success(null);
  return row.user_id === userId ? success(resultOf(db, row)) : failure('conflict', WALLET_MESSAGES.tokenUsed);
}

/**
 * Charges a wallet payment token once: records a checkout session (method apple_pay), marks it paid or refused, grants
 * the credits or the gift code through the card payments' fulfilment (grantCreditPurchase, once), and remembers the
 * transaction identifier with its result, all in one transaction. A transaction identifier seen before answers its first result and grants nothing.
 */
export function chargeWalletPayment(db: Db, now: Date, p: WalletPayment): Result<WalletPaymentResult> {
  return db
    .transaction((): Result<WalletPaymentResult> => {
      const replay = replayedPayment(db, p.userId, p.transactionId);
      if (!replay.ok || replay.value) return replay as Result<WalletPaymentResult>;
      const { option } = p;
      const payload: CreditPayload = {
        identifier: option.identifier,
        credits: option.price_credit,
        purchasefor: p.purchasefor,
      };
      const created = createCheckoutSession(db, now, {
        userId: p.userId,
        kind: 'credit',
        method: WALLET_METHOD,
        currency: option.currency,
        amountMinor: option.price_cents,
        description: `${creditDescription(option.price_credit, p.purchasefor)}, Apple Pay`,
        payload,
        successUrl: p.portalUrl,
        cancelUrl: p.portalUrl,
      });
      if (!created.ok) return created;
      const session = created.value;
      const last4 = cardLast4(p.paymentMethod);
      if (last4) recordCard(db, session.id, last4);
      const decision = walletDecision(p.paymentData);
      if (decision.paid)
        payAndFulfil(db, session.id, now, CREDIT_GRANTS); // what the card webhook does: grantCreditPurchase, once
      else markRefused(db, session.id, decision.message, now);
      const row: WalletPaymentRow = {
        transaction_id: p.transactionId,
        user_id: p.userId,
        session_id: session.id,
        ...(decision.paid
          ? { result_code: 'Authorised', message: CHECKOUT_MESSAGES.paid }
          : { result_code: 'Refused', message: decision.message }),
      };
      db.prepare(
        'INSERT INTO wallet_payments (transaction_id, user_id, session_id, result_code, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(row.transaction_id, row.user_id, row.session_id, row.result_code, row.message, now.toISOString());
      return success(resultOf(db, row));
    })
    .immediate();
}
