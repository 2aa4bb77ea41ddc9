import { describe, expect, it } from 'vitest';
import { chargeFor } from './topup.model';

const option = { country: 'PH', currency: 'USD', identifier: 'credits_100', price_credit: 100, price_dollar: 10, user_currency: 'PHP', rate: 58.123 };

describe('what a top-up charges', () => {
  it('charges the option price by card and wechat', () => {
    expect(chargeFor(option, 'credit_card')).toEqual({ amount: 10, currency: 'USD' });
    expect(chargeFor(option, 'wechat')).toEqual({ amount: 10, currency: 'USD' });
  });
  it('charges price x rate in PHP, to 2 decimals, through the Philippine e-wallets', () => {
    expect(chargeFor(option, 'gcash')).toEqual({ amount: 581.23, currency: 'PHP' });
    expect(chargeFor({ ...option, price_dollar: 5, rate: 56.789 }, 'grab_pay')).toEqual({ amount: 283.95, currency: 'PHP' });
  });
});
