import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../tools/messages';
import { english, type Translate } from '../i18n/catalogue';
import { LANGUAGES } from '../i18n/languages';
import { currencyDecimals, formatCredits, formatMoney, precisionMessage } from './money';

describe('money and credits', () => {
  it('labels credits with thousands separators', () => {
    expect(formatCredits(100)).toBe('100 Credits');
    expect(formatCredits(12000)).toBe('12,000 Credits');
    expect(formatCredits(1)).toBe('1 Credits'); // the product's label, whatever the number
  });

  it('says credits in Spanish with the right plural and separators (Latin American, as its money)', () => {
    const spanish = compileCatalogue('es');
    const t: Translate = (key, args) => spanish[key]!(args);
    expect(formatCredits(1, t)).toBe('1\u00a0crédito');
    expect(formatCredits(100, t)).toBe('100\u00a0créditos');
    expect(formatCredits(12000, t)).toBe('12,000\u00a0créditos');
    expect(formatCredits(1_000_000, t)).toBe('1,000,000\u00a0de\u00a0créditos');
  });

  it('formats money with each currency minor units and separators', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(2500, 'PHP')).toBe('₱2,500.00');
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(formatMoney(5, 'NOT_A_CODE')).toBe('NOT_A_CODE 5');
  });
});

describe('money in the language shown', () => {
  it('keeps English exactly as before', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(2500, 'PHP', 'en')).toBe('₱2,500.00');
  });

  it("writes each language's own separators and places the symbol its way", () => {
    // Spanish as Latin America writes it (es-419), as the catalogue's own amounts ('USD 1/mes'), not Spain's '1234,50 US$'.
    expect(formatMoney(1234.5, 'USD', 'es')).toBe('USD\u00a01,234.50');
    expect(formatMoney(12345.5, 'PHP', 'es')).toBe('PHP\u00a012,345.50');
    expect(formatMoney(1234.5, 'USD', 'zh-Hans')).toBe('US$1,234.50');
    expect(formatMoney(1234.5, 'PHP', 'fil')).toBe('₱1,234.50');
  });

  it('gives every currency its own decimals in every language', () => {
    const decimals = (text: string) => /[.,](\d+)\D*$/.exec(text)?.[1]?.length ?? 0;
    for (const language of LANGUAGES) {
      for (const [currency, digits] of [
        ['USD', 2],
        ['PHP', 2],
        ['JPY', 0],
        ['KWD', 3],
      ] as const) {
        expect(decimals(formatMoney(1.5, currency, language)), `${currency} in ${language}`).toBe(
          digits === 0 ? 0 : digits,
        );
      }
    }
  });
});

describe('the amount hint', () => {
  const translate = (language: string): Translate => {
    const messages = compileCatalogue(language);
    return (key, args) => messages[key]!(args);
  };

  it('writes its example as the language writes numbers, like the amounts beside it', () => {
    expect(precisionMessage('USD')).toBe('Enter the amount with at most 2 decimals (for example 12.50).');
    expect(precisionMessage('KWD')).toMatch(/\(for example 12\.500\)\.$/);
    // Spanish as Latin America writes it, as formatMoney does ('USD 12.50'), never Spain's '12,50' beside it.
    expect(precisionMessage('USD', translate('es'), 'es')).toBe(
      'Ingrese el monto con 2\u00a0decimales como máximo (por ejemplo, 12.50).',
    );
    expect(formatMoney(12.5, 'USD', 'es')).toContain('12.50');
    // A language that writes a decimal comma gets one (the example is Intl's, not toFixed's).
    expect(precisionMessage('USD', english, 'de')).toContain('(for example 12,50)');
  });
});
