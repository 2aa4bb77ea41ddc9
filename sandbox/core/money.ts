// Money as integer minor units (cents, centavos): back to wire amounts, and display. The precision rule that reads
// wire amounts is the portal's own (toMinorExact in shared/format/money.ts), so a form and the server agree.
import { currencyDecimals } from '../../shared/format/money.js';

/** Minor units back to a wire amount: 1050 USD -> 10.5. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency);
}

/** For people: '$10.00', '₱580.00'. */
export function formatMoney(minor: number, currency: string): string {
  const amount = fromMinor(minor, currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
