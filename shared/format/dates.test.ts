import { describe, expect, it } from 'vitest';
import { formatDate, formatTableDate } from './dates';

describe('dates', () => {
  it('formats dates as the product writes them in English', () => {
    expect(formatDate('2025-03-14T10:00:00')).toBe('14 March 2025');
    expect(formatDate('2025-03-04')).toBe('04 March 2025');
    expect(formatDate(new Date(2026, 0, 1, 0, 0))).toBe('01 January 2026');
    expect(formatTableDate('2025-03-14T15:05:00')).toBe('14/03/2025 03:05 PM');
    expect(formatTableDate('2025-03-14 00:30:00')).toBe('14/03/2025 12:30 AM');
    expect(formatTableDate('2025-03-14 12:00')).toBe('14/03/2025 12:00 PM');
    expect(formatTableDate('2025-01-02 09:07:00')).toBe('02/01/2025 09:07 AM');
    expect(formatTableDate('2025-12-31 23:59:59')).toBe('31/12/2025 11:59 PM');
  });
  it('reads a date without a zone as local time, and one with a zone as that instant', () => {
    expect(formatDate('2025-12-31')).toBe('31 December 2025');
    const instant = '2025-06-01T12:00:00Z';
    expect(formatTableDate(instant)).toBe(formatTableDate(new Date(Date.parse(instant))));
  });
  it('formats dates in the language shown', () => {
    expect(formatDate('2025-03-14', 'es')).toBe('14 de marzo de 2025');
    expect(formatDate('2025-03-14', 'zh-Hans')).toBe('2025年3月14日');
    expect(formatDate('2025-03-14', 'fil')).toMatch(/Marso 14, 2025/);
    // Tables name the month in every language but English ('3/4/25' is the 3rd of April or the 4th of March).
    // (the space before the time's p.m. or PM is ICU's, narrow or not by version)
    expect(formatTableDate('2025-03-04T15:05:00', 'es')).toMatch(/^4 mar 2025, 3:05\sp\.\s?m\.$/);
    expect(formatTableDate('2025-03-04T15:05:00', 'fil')).toMatch(/^Mar 4, 2025, 3:05\sPM$/);
    expect(formatTableDate('2025-03-04T15:05:00', 'zh-Hans')).toBe('2025年3月4日 15:05');
  });
  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'es')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});
