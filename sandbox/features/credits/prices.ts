// The server's price list for credits, per country. Clients send prices back when they pay; only these numbers count.
import type { CreditOption } from '../../../shared/api/credits.js';
import { precisionRule, toMinorExact } from '../../../shared/format/money.js';
import { invalid, success, type Result } from '../../core/result.js';
import {
  countryTerms,
  EWALLET_CURRENCY,
  EWALLET_METHODS,
  ewalletChargeMinor,
  type SessionMethod,
} from '../checkout/methods.js';

export const CREDIT_MESSAGES = {
  unknownOption: 'identifier: unknown credit option',
  priceChanged: 'The price has changed. Please choose again.',
} as const;

/** Credits and their price in cents: 1 credit = $0.10. */
const CREDIT_PACKS: readonly { credits: number; cents: number }[] = [
  { credits: 50, cents: 500 },
  { credits: 100, cents: 1000 },
  { credits: 250, cents: 2500 },
  { credits: 500, cents: 5000 },
  { credits: 1000, cents: 10000 },
];

/** An option with its price in cents, for the server's own use. */
export interface PricedOption extends CreditOption {
  price_cents: number;
}

export function creditOptions(countryCode: string | null): PricedOption[] {
  const p = countryTerms(countryCode);
  return CREDIT_PACKS.map(({ credits, cents }) => ({
    country: p.country,
    currency: p.currency,
    identifier: `credits_${credits}${p.creditSuffix}`,
    price_credit: credits,
    price_dollar: cents / 100,
    user_currency: p.user_currency,
    rate: p.rate,
    price_cents: cents,
  }));
}

/** The wire form of the list (without the server-only cents). */
export function creditList(countryCode: string | null): CreditOption[] {
  return creditOptions(countryCode).map(({ price_cents: _cents, ...option }) => option);
}

export function findCreditOption(countryCode: string | null, identifier: string): PricedOption | undefined {
  return creditOptions(countryCode).find((o) => o.identifier === identifier);
}

/** What the client says it pays for: an option of its list, at the price it was shown. */
export interface CreditQuote {
  identifier: string;
  currency: string;
  amount: number;
  /** the credits of the option, when the call sends them */
  credit?: number;
}

export interface PricedCredits {
  option: PricedOption;
  /** what is charged: the list's price, or for the Philippine e-wallets that price x rate in PHP */
  charge: { currency: string; minor: number };
}

/**
 * The server's price of the option the client quoted, for this method. The client may quote the list's price, or
 * for an e-wallet the PHP price; any other amount, currency or number of credits means the price has changed.
 */
export function priceCredits(
  countryCode: string | null,
  quote: CreditQuote,
  method: SessionMethod,
): Result<PricedCredits> {
  const option = findCreditOption(countryCode, quote.identifier);
  if (!option) return invalid(CREDIT_MESSAGES.unknownOption);
  // More decimals than the currency has is refused as such, never rounded into a match.
  if (toMinorExact(quote.amount, quote.currency) === null) return invalid(`amount: ${precisionRule(quote.currency)}`);
  const listed = { currency: option.currency, minor: option.price_cents };
  const ewallet = EWALLET_METHODS.has(method);
  const charge = ewallet
    ? { currency: EWALLET_CURRENCY, minor: ewalletChargeMinor(option.price_cents, option.rate) }
    : listed;
  const quotes = ewallet ? [listed, charge] : [listed];
  const quoted = quotes.some(
    (q) => q.currency === quote.currency && toMinorExact(quote.amount, q.currency) === q.minor,
  );
  if (!quoted || (quote.credit !== undefined && quote.credit !== option.price_credit))
    return invalid(CREDIT_MESSAGES.priceChanged);
  return success({ option, charge });
}
