import { describe, expect, it } from 'vitest';
import { roundedByParse, roundedNumbers } from './json-numbers.js';

describe('numbers as written in a JSON body', () => {
  it('finds what JSON.parse rounds, and only that', () => {
    for (const text of ['4.9999999999999999', '0.30000000000000000001', '1e400', '123456789012345678901', '-1e-400'])
      expect(roundedByParse(text), text).toBe(true);
    for (const text of [
      '5',
      '5.00',
      '4.99',
      '0.1',
      '1e2',
      '-0',
      '0',
      '1e21',
      '12.5e-1',
      '9007199254740991',
      '0.000001',
    ])
      expect(roundedByParse(text), text).toBe(false);
  });

  it('says where, through any nesting, and skips what is inside strings', () => {
    const text =
      '{"a":"4.9999999999999999","amount":4.9999999999999999,"x":[1,{"y":[2,1.00000000000000001]}],"b\\\\"":3}';
    expect(roundedNumbers(text)).toEqual([
      { path: ['amount'], text: '4.9999999999999999' },
      { path: ['x', 1, 'y', 1], text: '1.00000000000000001' },
    ]);
    const deep = '['.repeat(5000) + '1.00000000000000001' + ']'.repeat(5000);
    expect(roundedNumbers(deep)).toHaveLength(1);
  });
});
