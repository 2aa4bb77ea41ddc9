import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { canBreakInside, unbreakable } from './together';

describe('unbreakable text', () => {
  it('turns spaces into no-break spaces', () => {
    expect(unbreakable('14 March 2025')).toBe('14\u00a0March\u00a02025');
    // Intl writes its own narrow spaces unbreakable already (U+202F): left as they are.
    expect(unbreakable('3:05\u202fPM')).toBe('3:05\u202fPM');
  });
  it('joins CJK characters to each other and to the digits beside them', () => {
    expect(unbreakable('2026年11月26日')).toBe('2026\u2060年\u206011\u2060月\u206026\u2060日');
  });
  it('leaves Latin words and digits as they are, and is idempotent', () => {
    expect(unbreakable('Marso')).toBe('Marso');
    expect(unbreakable('4/3/2025')).toBe('4/3/2025');
    const once = unbreakable('2026年11月26日 15:05');
    expect(unbreakable(once)).toBe(once);
    expect(canBreakInside(once)).toBe(false);
    expect(canBreakInside('2 meses')).toBe(true);
  });
  it('money as Intl writes it never breaks between the currency and the number', () => {
    for (const language of ['en', 'es', 'fil', 'zh-Hans'])
      for (const currency of ['USD', 'PHP', 'JPY', 'CNY'])
        expect(canBreakInside(formatMoney(1234.5, currency, language)), `${language} ${currency}`).toBe(false);
  });
});
