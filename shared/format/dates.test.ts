import { describe, expect, it } from 'vitest';
import { formatDate, formatTableDate } from './dates';
import { canBreakInside } from './together';

/** The text as a reader sees it: no-break spaces as spaces, word joiners (invisible) left out. */
const seen = (text: string): string => text.replace(/\u2060/g, '').replace(/\u00a0/g, ' ');

describe('dates', () => {
  it('formats dates as the product writes them in English', () => {
    expect(seen(formatDate('2025-03-14T10:00:00'))).toBe('14 March 2025');
    expect(seen(formatDate('2025-03-04'))).toBe('04 March 2025');
    expect(seen(formatDate(new Date(2026, 0, 1, 0, 0)))).toBe('01 January 2026');
    expect(seen(formatTableDate('2025-03-14T15:05:00'))).toBe('14/03/2025 03:05 PM');
    expect(seen(formatTableDate('2025-03-14 00:30:00'))).toBe('14/03/2025 12:30 AM');
    expect(seen(formatTableDate('2025-03-14 12:00'))).toBe('14/03/2025 12:00 PM');
    expect(seen(formatTableDate('2025-01-02 09:07:00'))).toBe('02/01/2025 09:07 AM');
    expect(seen(formatTableDate('2025-12-31 23:59:59'))).toBe('31/12/2025 11:59 PM');
  });
  it('reads a date without a zone as local time, and one with a zone as that instant', () => {
    expect(seen(formatDate('2025-12-31'))).toBe('31 December 2025');
    const instant = '2025-06-01T12:00:00Z';
    expect(formatTableDate(instant)).toBe(formatTableDate(new Date(Date.parse(instant))));
  });
  it('formats dates in the language shown', () => {
    expect(seen(formatDate('2025-03-14', 'es'))).toBe('14 de marzo de 2025');
    expect(seen(formatDate('2025-03-14', 'zh-Hans'))).toBe('2025年3月14日');
    expect(seen(formatDate('2025-03-14', 'fil'))).toMatch(/Marso 14, 2025/);
    // Tables name the month in every language but English ('3/4/25' is the 3rd of April or the 4th of March).
    // (the space before the time's p.m. or PM is ICU's, narrow or not by version)
    expect(seen(formatTableDate('2025-03-04T15:05:00', 'es'))).toMatch(/^4 mar 2025, 3:05\sp\.\s?m\.$/);
    expect(seen(formatTableDate('2025-03-04T15:05:00', 'fil'))).toMatch(/^Mar 4, 2025, 3:05\sPM$/);
    expect(seen(formatTableDate('2025-03-04T15:05:00', 'zh-Hans'))).toBe('2025年3月4日 15:05');
  });
  it('keeps a date in one piece: no line breaks inside it, in any language', () => {
    for (const language of ['en', 'es', 'fil', 'zh-Hans']) {
      const date = formatDate('2026-11-26', language);
      expect(canBreakInside(date), `${language}: ${date}`).toBe(false);
      const [day, time] = formatTableDate('2026-11-26T15:05:00', language).split(/[ ,]+(?=\d{1,2}:\d\d)/);
      expect(canBreakInside(day!), `${language}: ${day}`).toBe(false);
      expect(canBreakInside(time!), `${language}: ${time}`).toBe(false);
    }
    expect(formatDate('2026-11-26', 'zh-Hans')).toBe('2026\u2060年\u206011\u2060月\u206026\u2060日');
    expect(formatDate('2026-11-26', 'es')).toBe('26\u00a0de\u00a0noviembre\u00a0de\u00a02026');
  });
  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'es')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});
