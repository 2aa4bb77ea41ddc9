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

describe('scanJson', () => {
  it('finds the first key given twice in one object, at any depth, however the key is escaped', async () => {
    const { scanJson } = await import('./json-numbers.js');
    expect(scanJson('{"amount":5.001,"amount":5}').duplicate).toEqual(['amount']);
    expect(scanJson('{"a":{"b":1,"\\u0062":2}}').duplicate).toEqual(['a', 'b']);
    expect(scanJson('[{"a":1},{"a":2}]').duplicate).toBeNull();
    expect(scanJson('{"a":"a","b":{"a":1}}').duplicate).toBeNull();
  });

  it('counts the decimals of a number as written', async () => {
    const { writtenDecimals } = await import('./json-numbers.js');
    expect(['5', '5.0', '5.00', '5.000', '500e-2', '5.0e1', '5e-3'].map(writtenDecimals)).toEqual([
      0, 1, 2, 3, 2, 0, 3,
    ]);
  });
});
