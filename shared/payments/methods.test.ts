import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { chargeFor, createMethodChoice } from './methods';

const price = { dollars: 10, currency: 'USD', rate: 58.123 };

describe('what a method charges', () => {
  it('the price itself by card and wechat', () => {
    expect(chargeFor(price, 'credit_card')).toEqual({ amount: 10, currency: 'USD' });
    expect(chargeFor(price, 'wechat')).toEqual({ amount: 10, currency: 'USD' });
  });
  it('price x rate in PHP, to 2 decimals, through the Philippine e-wallets', () => {
    expect(chargeFor(price, 'gcash')).toEqual({ amount: 581.23, currency: 'PHP' });
    expect(chargeFor({ ...price, dollars: 5, rate: 56.789 }, 'grab_pay')).toEqual({ amount: 283.95, currency: 'PHP' });
  });
});

describe('the method choice', () => {
  const list = [
    { id: 'credit_card', name: 'Credit / Debit Card' },
    { id: 'wechat', name: 'WeChat Pay' },
    { id: 'apple_pay', name: 'Apple Pay' },
  ];
  const load = async (into: (methods: typeof list) => void) => into(list);

  it('offers the device wallet only where the browser has it', async () => {
    let wallet = false;
    const choice = createMethodChoice({ load, deviceWallet: () => wallet });
    await choice.load();
    expect(choice.methods.value?.map((m) => m.id)).toEqual(['credit_card', 'wechat']);
    wallet = true;
    const withWallet = createMethodChoice({ load, deviceWallet: () => wallet });
    await withWallet.load();
    expect(withWallet.methods.value?.map((m) => m.id)).toEqual(['credit_card', 'wechat', 'apple_pay']);
  });

  it('forgets a chosen method that is no longer offered', async () => {
    const monthly = signal(false);
    const choice = createMethodChoice({ load, allow: (m) => !monthly.value || m.id === 'credit_card' });
    await choice.load();
    choice.choose('wechat');
    expect(choice.method.value).toBe('wechat');
    monthly.value = true;
    expect(choice.method.value).toBeNull();
  });

  it('loads until it has the methods, then again only on demand', async () => {
    let calls = 0;
    const choice = createMethodChoice({ load: async (into) => void (++calls > 1 && into(list)) });
    await choice.load();
    expect(choice.methods.value).toBeNull();
    await choice.load();
    expect(choice.methods.value).toHaveLength(2);
    await choice.load();
    expect(calls).toBe(2);
    await choice.load(true);
    expect(calls).toBe(3);
  });
});
