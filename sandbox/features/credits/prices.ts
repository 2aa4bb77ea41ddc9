// The server's price list for credits, per country.
// Clients send prices back when they pay; only these numbers count.

/** A credit option on the wire (spec section 3). */
export interface CreditOption {
  country: string;
  currency: string;
  identifier: string;
  price_credit: number;
  /** in dollars */
  price_dollar: number;
  user_currency: string;
  /** user_currency per dollar */
  rate: number;
}

interface CountryPricing {
  country: string;
  currency: string;
  user_currency: string;
  rate: number;
  /** appended to identifiers, so one country's option is not valid in another's list */
  suffix: string;
}

/** Credits and their price in cents: 1 credit = $0.10 (spec section 9). */
const CREDIT_PACKS: readonly { credits: number; cents: number }[] = [
  { credits: 50, cents: 500 },
  { credits: 100, cents: 1000 },
  { credits: 250, cents: 2500 },
  { credits: 500, cents: 5000 },
  { credits: 1000, cents: 10000 },
];

const DEFAULT_PRICING: CountryPricing = { country: 'US', currency: 'USD', user_currency: 'USD', rate: 1, suffix: '' };

/** Countries with their own list; every other country (or none) uses the US list. */
const PRICING: Readonly<Record<string, CountryPricing>> = {
  US: DEFAULT_PRICING,
  PH: { country: 'PH', currency: 'USD', user_currency: 'PHP', rate: 58, suffix: '_ph' },
};

function pricingFor(countryCode: string | null): CountryPricing {
  return (countryCode && PRICING[countryCode]) || DEFAULT_PRICING;
}

/** An option with its price in cents, for the server's own use. */
export interface PricedOption extends CreditOption {
  price_cents: number;
}

export function creditOptions(countryCode: string | null): PricedOption[] {
  const p = pricingFor(countryCode);
  return CREDIT_PACKS.map(({ credits, cents }) => ({
    country: p.country,
    currency: p.currency,
    identifier: `credits_${credits}${p.suffix}`,
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

/** What an e-wallet charges for an option: dollars x rate, in PHP centavos (rounded to 2 decimals). */
export function ewalletPriceMinor(option: PricedOption): number {
  return Math.round(option.price_cents * option.rate);
}
